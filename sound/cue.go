package sound

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"
)

// Cue is one sound of the cabinet.
type Cue uint8

// The cues. WinTick and WinEnd come in Tiers variants (WinTick+Cue(tier)); ReelStop
// in one variant per reel (ReelStop+Cue(reel), up to MaxReels).
const (
	SpinLoop Cue = iota // the reels spinning (a loop)
	ReelStop            // a reel stops: + reel index
	_
	_
	_
	_
	WinTick // one tick of the win counting up: + tier
	_
	_
	_
	WinEnd // the count-up's closing chord: + tier
	_
	_
	_
	FreeGames  // free games triggered
	LockSpin   // Lock & Spin triggered
	Jackpot    // a linked jackpot won
	Feature    // Magic Clover or Super Colors
	CoinLock   // a coin locks on the Lock & Spin grid
	CardFlip   // the gamble's card turns over
	GambleWin  // the gamble won
	GambleLose // the gamble lost
	Alarm      // a lockup: handpay, tilt, door (a loop)
	Click      // a button
	Cues       // the number of cues
)

// MaxReels is the number of reel stop variants.
const MaxReels = 4 + 1

// info is a cue's name, whether it loops and how it is made.
type info struct {
	name string
	loop bool
	peak float64 // loudest sample after normalisation: the cue's level in the mix
	make func(c Cue) *buf
}

var table = [Cues]info{
	SpinLoop:   {"spin loop", true, 0.30, spinLoop},
	WinTick:    {"win tick", false, 0.35, winTick},
	WinEnd:     {"win end", false, 0.70, winEnd},
	FreeGames:  {"free games", false, 0.75, freeGames},
	LockSpin:   {"lock and spin", false, 0.75, lockSpin},
	Jackpot:    {"jackpot", false, 0.85, jackpot},
	Feature:    {"feature", false, 0.70, feature},
	CoinLock:   {"coin lock", false, 0.60, coinLock},
	CardFlip:   {"card flip", false, 0.55, cardFlip},
	GambleWin:  {"gamble win", false, 0.70, gambleWin},
	GambleLose: {"gamble lose", false, 0.60, gambleLose},
	Alarm:      {"alarm", true, 0.70, alarm},
	Click:      {"click", false, 0.40, click},
}

// base is the cue whose table entry makes c (the variants share one).
func base(c Cue) Cue {
	switch {
	case c >= ReelStop && c < ReelStop+MaxReels:
		return ReelStop
	case c >= WinTick && c < WinTick+Tiers:
		return WinTick
	case c >= WinEnd && c < WinEnd+Tiers:
		return WinEnd
	}
	return c
}

func init() {
	table[ReelStop] = info{"reel stop", false, 0.65, reelStop}
}

// Valid reports whether c is a cue.
func (c Cue) Valid() bool { return c < Cues && table[base(c)].make != nil }

// Loops reports whether c is played as a loop (spin, alarm).
func (c Cue) Loops() bool { return c.Valid() && table[base(c)].loop }

func (c Cue) String() string {
	if !c.Valid() {
		return fmt.Sprintf("cue(%d)", uint8(c))
	}
	b := base(c)
	if b != c {
		return fmt.Sprintf("%s %d", table[b].name, c-b)
	}
	return table[b].name
}

// All is every cue, variants included.
func All() []Cue {
	var cs []Cue
	for c := Cue(0); c < Cues; c++ {
		if c.Valid() {
			cs = append(cs, c)
		}
	}
	return cs
}

// Reel is the stop cue of reel r (the last variant for reels beyond it).
func Reel(r int) Cue { return ReelStop + Cue(min(max(r, 0), MaxReels-1)) }

// Tick is the count-up tick of a tier; End its closing chord.
func Tick(tier int) Cue { return WinTick + Cue(min(max(tier, 0), Tiers-1)) }

// End is the closing chord of a win of tier.
func End(tier int) Cue { return WinEnd + Cue(min(max(tier, 0), Tiers-1)) }

var cache struct {
	sync.Mutex
	pcm [Cues][]float32
}

// Render is cue c as interleaved stereo float32 samples at SampleRate. It is
// computed once and shared: callers must not change it.
func Render(c Cue) ([]float32, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("sound: no cue %d", uint8(c))
	}
	cache.Lock()
	defer cache.Unlock()
	if cache.pcm[c] == nil {
		cache.pcm[c] = render(c)
	}
	return cache.pcm[c], nil
}

// render computes cue c (a valid cue).
func render(c Cue) []float32 {
	in := table[base(c)]
	return in.make(c).samples(in.peak)
}

// Duration is the length of cue c (one period of a loop).
func Duration(c Cue) (float64, error) {
	s, err := Render(c)
	if err != nil {
		return 0, err
	}
	return float64(len(s)/Channels) / SampleRate, nil
}

// Bytes is cue c as little-endian float32 bytes: what ebiten/v2/audio's
// NewPlayerF32 reads.
func Bytes(c Cue) ([]byte, error) {
	s, err := Render(c)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 4*len(s))
	for i, v := range s {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
	}
	return out, nil
}

// --- the cues ---

// spinLoop: a low motor hum and a ratchet clicking eight times a second, 0.5 s.
func spinLoop(c Cue) *buf {
	const period = 0.5
	b := newBuf(period+0.05, 11)
	// 55 and 110 Hz are whole periods in 0.5 s
	b.tone(note{Dur: period + 0.05, F0: 55, Harm: 6, Tilt: 1.5, Gain: 0.5})
	b.tone(note{Dur: period + 0.05, F0: 110, Harm: 3, Gain: 0.2})
	b.noiseBand(hiss{Dur: period + 0.05, Cut0: 900, HighPass: 200, Gain: 0.25})
	for k := 0; k < 5; k++ {
		at := float64(k) * period / 4
		b.noiseBand(hiss{At: at, Dur: 0.03, Cut0: 5000, HighPass: 1500, Decay: 0.006, Gain: 1.2, Pan: 0.2})
		b.tone(note{At: at, Dur: 0.03, F0: 1500, Harm: 3, Decay: 0.005, Gain: 0.4, Pan: -0.2})
	}
	b.loop(period)
	return b
}

// reelStop: a thump sliding down in pitch and a click, each reel a little higher
// and further right.
func reelStop(c Cue) *buf {
	r := float64(c - ReelStop)
	b := newBuf(0.22, 21+uint32(r))
	pan := -0.6 + 0.3*r
	b.tone(note{Dur: 0.22, F0: 190 * (1 + 0.06*r), F1: 60, Harm: 3, Tilt: 2, Attack: 0.002, Decay: 0.05, Gain: 1, Pan: pan})
	b.noiseBand(hiss{Dur: 0.03, Cut0: 3000, HighPass: 600, Decay: 0.006, Gain: 0.6, Pan: pan})
	return b
}

// winTick: a short bright blip; a higher tier is higher and has more harmonics.
func winTick(c Cue) *buf {
	t := float64(c - WinTick)
	b := newBuf(0.06+0.01*t, 31)
	b.tone(note{Dur: 0.06 + 0.01*t, F0: hz(15 + 4*t), Harm: 2 + 3*int(t), Tilt: 1.3, Attack: 0.002, Decay: 0.02 + 0.005*t, Gain: 1})
	return b
}

// winEnd: a major arpeggio and its chord; longer, higher and brighter by tier
// (0.5 s for a small win to 2.9 s for a mega win).
func winEnd(c Cue) *buf {
	t := int(c - WinEnd)
	dur := []float64{0.5, 1.0, 1.8, 2.9}[t]
	b := newBuf(dur, 41)
	steps := []float64{0, 4, 7, 12, 16, 19, 24}
	n := 3 + t
	root := 3.0 + 2*float64(t) // C5 upwards
	gap := 0.07
	for i := 0; i < n; i++ {
		b.tone(note{At: float64(i) * gap, Dur: dur - float64(i)*gap, F0: hz(root + steps[i%len(steps)]),
			Harm: 3 + 2*t, Tilt: 1.4, Attack: 0.005, Decay: dur / 3, Gain: 0.6, Pan: -0.5 + float64(i)/float64(n)})
	}
	if t >= TierBig { // a shimmer over the chord
		b.noiseBand(hiss{At: 0.1, Dur: dur - 0.1, Cut0: 9000, HighPass: 5000, Attack: 0.2, Decay: dur / 2, Gain: 0.3})
	}
	return b
}

// freeGames: a rising run of fifths over a held drone, 1.6 s.
func freeGames(c Cue) *buf {
	b := newBuf(1.6, 51)
	b.tone(note{Dur: 1.6, F0: hz(-12), Harm: 5, Tilt: 1.6, Attack: 0.05, Decay: 1.2, Gain: 0.5})
	for i, s := range []float64{0, 7, 12, 16, 19, 24, 28, 31} {
		b.tone(note{At: 0.08 * float64(i), Dur: 0.5, F0: hz(s), Harm: 4, Tilt: 1.5, Attack: 0.004, Decay: 0.18, Gain: 0.5, Pan: -0.7 + 0.2*float64(i)})
	}
	b.tone(note{At: 0.7, Dur: 0.9, F0: hz(12), Harm: 5, Attack: 0.01, Decay: 0.4, Gain: 0.5, Vibrato: 0.006})
	b.tone(note{At: 0.7, Dur: 0.9, F0: hz(16), Harm: 5, Attack: 0.01, Decay: 0.4, Gain: 0.4, Vibrato: 0.006})
	return b
}

// lockSpin: three heavy drum hits and a chord of bells, 1.5 s.
func lockSpin(c Cue) *buf {
	b := newBuf(1.5, 61)
	for i := 0; i < 3; i++ {
		at := 0.16 * float64(i)
		b.tone(note{At: at, Dur: 0.3, F0: 120, F1: 45, Harm: 2, Decay: 0.09, Gain: 1.2})
		b.noiseBand(hiss{At: at, Dur: 0.08, Cut0: 2500, HighPass: 300, Decay: 0.02, Gain: 0.5})
	}
	for i, s := range []float64{3, 7, 10, 15} {
		b.tone(note{At: 0.5 + 0.05*float64(i), Dur: 1.0 - 0.05*float64(i), F0: hz(s), Decay: 0.35, Gain: 0.6,
			Inharmonic: []float64{1, 2.76, 5.4}, InharmonicWt: []float64{1, 0.4, 0.2}, Pan: -0.4 + 0.27*float64(i)})
	}
	return b
}

// jackpot: a brass-like fanfare (bright saw-ish tones with vibrato), 3 s.
func jackpot(c Cue) *buf {
	b := newBuf(3.0, 71)
	seq := []struct{ at, dur, s float64 }{{0, 0.18, 3}, {0.2, 0.18, 3}, {0.4, 0.18, 3}, {0.6, 0.6, 10},
		{1.25, 0.18, 8}, {1.45, 0.18, 10}, {1.65, 1.3, 15}}
	for _, n := range seq {
		b.tone(note{At: n.at, Dur: n.dur, F0: hz(n.s), Harm: 9, Tilt: 1.1, Attack: 0.02, Decay: 0.8, Gain: 0.5, Vibrato: 0.004, Pan: -0.2})
		b.tone(note{At: n.at, Dur: n.dur, F0: hz(n.s - 5), Harm: 7, Tilt: 1.2, Attack: 0.02, Decay: 0.8, Gain: 0.35, Vibrato: 0.004, Pan: 0.2})
	}
	for i := 0; i < 12; i++ { // coins raining
		b.tone(note{At: 1.65 + 0.1*float64(i), Dur: 0.25, F0: hz(27 + float64((i*5)%12)), Decay: 0.08, Gain: 0.25,
			Inharmonic: []float64{1, 2.76}, InharmonicWt: []float64{1, 0.5}, Pan: -0.8 + 0.15*float64(i)})
	}
	return b
}

// feature: a sparkle sliding up and a two-note chime, 0.9 s.
func feature(c Cue) *buf {
	b := newBuf(0.9, 81)
	b.noiseBand(hiss{Dur: 0.5, Cut0: 2000, Cut1: 10000, HighPass: 1500, Attack: 0.2, Decay: 0.3, Gain: 0.5})
	b.tone(note{At: 0.3, Dur: 0.6, F0: hz(19), Harm: 3, Decay: 0.2, Gain: 0.6, Pan: -0.3})
	b.tone(note{At: 0.42, Dur: 0.48, F0: hz(24), Harm: 3, Decay: 0.2, Gain: 0.6, Pan: 0.3})
	return b
}

// coinLock: a metallic clink (bell partials) over a short thud, 0.45 s.
func coinLock(c Cue) *buf {
	b := newBuf(0.45, 91)
	b.tone(note{Dur: 0.45, F0: hz(22), Decay: 0.12, Gain: 0.8, Inharmonic: []float64{1, 2.76, 5.4, 8.9}, InharmonicWt: []float64{1, 0.6, 0.35, 0.2}})
	b.tone(note{Dur: 0.12, F0: 150, F1: 70, Decay: 0.03, Gain: 0.5})
	return b
}

// cardFlip: a swish of band-passed noise sweeping up, and the card's snap, 0.16 s.
func cardFlip(c Cue) *buf {
	b := newBuf(0.16, 101)
	b.noiseBand(hiss{Dur: 0.14, Cut0: 800, Cut1: 7000, HighPass: 400, Attack: 0.05, Decay: 0.05, Gain: 1, Pan: -0.3})
	b.noiseBand(hiss{At: 0.12, Dur: 0.04, Cut0: 6000, HighPass: 2000, Decay: 0.006, Gain: 0.8, Pan: 0.3})
	return b
}

// gambleWin: two quick rising notes and an octave, 0.6 s.
func gambleWin(c Cue) *buf {
	b := newBuf(0.6, 111)
	for i, s := range []float64{7, 12, 19} {
		b.tone(note{At: 0.09 * float64(i), Dur: 0.6 - 0.09*float64(i), F0: hz(s), Harm: 4, Tilt: 1.4, Attack: 0.004, Decay: 0.15, Gain: 0.6})
	}
	return b
}

// gambleLose: two falling, muted notes, 0.7 s.
func gambleLose(c Cue) *buf {
	b := newBuf(0.7, 121)
	b.tone(note{Dur: 0.3, F0: hz(-2), Harm: 3, Odd: true, Tilt: 1.8, Attack: 0.01, Decay: 0.2, Gain: 0.6})
	b.tone(note{At: 0.25, Dur: 0.45, F0: hz(-6), F1: hz(-8), Harm: 3, Odd: true, Tilt: 1.8, Attack: 0.01, Decay: 0.25, Gain: 0.6})
	return b
}

// alarm: a two-tone alarm, 800 Hz and 640 Hz alternating every quarter second
// (whole periods in each), a 1 s loop.
func alarm(c Cue) *buf {
	b := newBuf(1.0, 131)
	for i := 0; i < 4; i++ {
		f := 800.0
		if i%2 == 1 {
			f = 640
		}
		b.tone(note{At: 0.25 * float64(i), Dur: 0.25, F0: f, Harm: 7, Odd: true, Tilt: 1.3, Attack: 0.004, Gain: 0.8})
	}
	return b
}

// click: a short tick for a button, 0.03 s.
func click(c Cue) *buf {
	b := newBuf(0.03, 141)
	b.tone(note{Dur: 0.03, F0: 2200, Harm: 2, Decay: 0.004, Gain: 1})
	b.noiseBand(hiss{Dur: 0.01, Cut0: 8000, HighPass: 3000, Decay: 0.002, Gain: 0.5})
	return b
}
