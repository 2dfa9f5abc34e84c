// Package sound synthesises the cabinet's sounds: every cue is PCM computed by this
// package's own code (oscillators, envelopes, filtered noise), no recorded samples.
//
// # What it owns
//
//   - The cues (cue.go): the reel spin loop and the reel stops, the win count-up
//     ticks and the win's closing chord in four tiers scaled to the win (tier.go:
//     longer and brighter for bigger wins), the feature jingles (Lock & Spin, Free
//     Games, jackpots, Magic Clover / Super Colors), the gamble's card flip, win and
//     loss, the coin that locks in Lock & Spin, the lockup alarm and a button click.
//   - The listing (list.go): List names every cue with its length for `egm
//     sounds` and writes them as WAV files on request.
//   - The synthesis (synth.go): 48 kHz, stereo, float32 samples interleaved left,
//     right, in [-1, 1]; each cue is rendered once, normalised to its own peak (never
//     clipping) and is deterministic: the noise comes from a fixed xorshift, so the
//     same cue is the same bytes on every run and every machine.
//   - The loops (SpinLoop, Alarm) are whole periods of every tone they hold and are
//     cross-faded at their ends, so that playing them back to back has no click.
//
// # What it must not touch
//
// It has no device and no Ebiten: the screen (ui/sound.go) plays the bytes through
// ebiten/v2/audio and decides when. It never draws a random number from rng/ (a
// sound is not chance) and knows nothing of money beyond the win-to-bet ratio that
// picks a tier.
package sound
