//go:build cgo && !noscreen

package scene

import (
	"bytes"
	"fmt"
	"log"
	"sync"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"egm/sound"
)

// Attract mode's loudness (SoundOptions.Attract).
const (
	AttractOff   = "off"
	AttractQuiet = "quiet"
	AttractFull  = "full"
)

// AttractGains are the attract mode's volume factors.
var AttractGains = map[string]float64{AttractOff: 0, AttractQuiet: 0.25, AttractFull: 1}

// SoundOptions configure the cabinet's sound.
type SoundOptions struct {
	// Off keeps the cabinet silent (no audio device is opened).
	Off bool
	// Volume is the starting volume, 0..1 (0 is silence; the cabinet's
	// configuration defaults it to 0.8).
	Volume float64
	// Attract is how loud the attract mode plays: "off", "quiet" (default) or "full".
	Attract string
}

// Sound plays the cues of package sound through ebiten/v2/audio: one player per
// cue, made once and rewound for each play, so that playing allocates nothing per
// frame. Without an audio device it stays silent: it says why once in the log and
// every call is a no-op. It implements AudioControl; the floor host's sound off/on
// (SAS long polls 03/04) is a separate switch (SetHostSound), and the attract mode
// plays at its own factor of the volume. Its methods may be called from any
// goroutine.
type Sound struct {
	mu       sync.Mutex
	players  [sound.Cues]*audio.Player // nil until ready, and for ever when silent
	volume   float64
	muted    bool
	hostOff  bool
	Attract  float64
	reason   string // why it is silent ("" when it plays)
	ready    atomic.Bool
	want     [sound.Cues]bool // loops asked for this frame
	wantQ    [sound.Cues]bool // … and whether by the attract mode
	playingQ [sound.Cues]bool // a loop playing at the attract mode's level
}

// Probe is probeAudioDevice; tests replace it.
var Probe = probeAudioDevice

// NewSound prepares the cabinet's sound: it opens the audio device (when there is
// one) and renders every cue in the background; cues asked for before it is ready
// are dropped.
func NewSound(opt SoundOptions) (*Sound, error) {
	g, ok := AttractGains[opt.Attract]
	if opt.Attract == "" {
		g, ok = AttractGains[AttractQuiet], true
	}
	if !ok {
		return nil, fmt.Errorf("ui: sound: attract %q: want off, quiet or full", opt.Attract)
	}
	if opt.Volume < 0 || opt.Volume > 1 {
		return nil, fmt.Errorf("ui: sound: volume %v: want 0..1", opt.Volume)
	}
	s := &Sound{volume: opt.Volume, Attract: g}
	switch {
	case opt.Off:
		s.reason = "off by configuration"
	default:
		if err := Probe(); err != nil {
			s.reason = err.Error()
			log.Printf("%v: the cabinet runs silent", err)
		}
	}
	if s.reason != "" {
		return s, nil
	}
	ctx := audio.CurrentContext()
	if ctx == nil {
		ctx = audio.NewContext(sound.SampleRate)
	}
	go s.load(ctx)
	return s, nil
}

// load renders every cue and makes its player.
func (s *Sound) load(ctx *audio.Context) {
	var ps [sound.Cues]*audio.Player
	for _, c := range sound.All() {
		b, err := sound.Bytes(c)
		if err != nil {
			log.Printf("ui: sound: %v", err)
			continue
		}
		var p *audio.Player
		if c.Loops() {
			p, err = ctx.NewPlayerF32(audio.NewInfiniteLoopF32(bytes.NewReader(b), int64(len(b))))
		} else {
			p, err = ctx.NewPlayerF32(bytes.NewReader(b))
		}
		if err != nil {
			log.Printf("ui: sound: %v: %v", c, err)
			continue
		}
		ps[c] = p
	}
	s.mu.Lock()
	s.players = ps
	s.applyLocked()
	s.mu.Unlock()
	s.ready.Store(true)
}

// Silent reports why the cabinet is silent ("" when it plays).
func (s *Sound) Silent() string {
	if s == nil {
		return "no sound"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reason
}

// Volume implements AudioControl.
func (s *Sound) Volume() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.volume
}

// SetVolume implements AudioControl (clamped to 0..1).
func (s *Sound) SetVolume(v float64) {
	s.mu.Lock()
	s.volume = min(max(v, 0), 1)
	s.applyLocked()
	s.mu.Unlock()
}

// Muted implements AudioControl.
func (s *Sound) Muted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.muted
}

// SetMuted implements AudioControl.
func (s *Sound) SetMuted(m bool) {
	s.mu.Lock()
	s.muted = m
	s.applyLocked()
	s.mu.Unlock()
}

// SetHostSound is the floor host's switch (SAS long poll 03 sound off, 04 sound
// on). It is the screen's state, not the machine's: nothing of it is stored.
func (s *Sound) SetHostSound(on bool) {
	s.mu.Lock()
	s.hostOff = !on
	s.applyLocked()
	s.mu.Unlock()
}

// HostSound reports the floor host's switch.
func (s *Sound) HostSound() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.hostOff
}

// GainLocked is a player's volume: 0 while muted or switched off by the host.
func (s *Sound) GainLocked(attract bool) float64 {
	if s.muted || s.hostOff {
		return 0
	}
	if attract {
		return s.volume * s.Attract
	}
	return s.volume
}

// applyLocked sets the playing loops' volume after a change (a short cue keeps the
// Volume it started with).
func (s *Sound) applyLocked() {
	for c, p := range s.players {
		if p != nil && p.IsPlaying() {
			p.SetVolume(s.GainLocked(s.playingQ[c]))
		}
	}
}

// Play starts cue c from its beginning; attract plays it at the attract mode's
// level. Without a device, muted or switched off it does nothing.
func (s *Sound) Play(c sound.Cue, attract bool) {
	if s == nil || !s.ready.Load() || c >= sound.Cues {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.players[c]
	g := s.GainLocked(attract)
	if p == nil || g == 0 {
		return
	}
	p.SetVolume(g)
	_ = p.Rewind()
	p.Play()
}

// Loop asks for loop c (the reels spinning, the lockup alarm) during this frame;
// EndFrame stops the loops nobody asked for.
func (s *Sound) Loop(c sound.Cue, attract bool) {
	if s == nil || c >= sound.Cues {
		return
	}
	s.mu.Lock()
	s.want[c] = true
	s.wantQ[c] = attract
	s.mu.Unlock()
}

// EndFrame starts the loops asked for this frame and pauses the others; the
// manager calls it after every update.
func (s *Sound) EndFrame() {
	if s == nil || !s.ready.Load() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for c, p := range s.players {
		if p == nil || !sound.Cue(c).Loops() {
			continue
		}
		on := s.want[c] && s.GainLocked(s.wantQ[c]) > 0
		switch {
		case on && !p.IsPlaying():
			s.playingQ[c] = s.wantQ[c]
			p.SetVolume(s.GainLocked(s.wantQ[c]))
			if sound.Cue(c) == sound.SpinLoop {
				_ = p.Rewind()
			}
			p.Play()
		case !on && p.IsPlaying():
			p.Pause()
		}
		s.want[c] = false
	}
}
