//go:build cgo && !noscreen

package ui

import (
	"bytes"
	"errors"
	"log"
	"strings"
	"testing"

	"egm/sound"
	"egm/ui/internal/scene"
)

var _ scene.AudioControl = (*scene.Sound)(nil)

// Without an audio device the cabinet runs silent: NewSound says why once in the
// log, every cue is a no-op, and volume, mute and the host's switch still work.
// (The screen test's capture also runs with the sound of this machine: under Xvfb
// there is no device, and the frames go on.)
func TestSoundWithoutDevice(t *testing.T) {
	var logged bytes.Buffer
	old := log.Writer()
	log.SetOutput(&logged)
	defer log.SetOutput(old)
	oldProbe := scene.Probe
	scene.Probe = func() error { return errors.New("ui: sound: no ALSA playback device (test)") }
	defer func() { scene.Probe = oldProbe }()
	s, err := scene.NewSound(scene.SoundOptions{Volume: 0.8})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Silent(), "no ALSA playback device") {
		t.Errorf("Silent() = %q", s.Silent())
	}
	if n := strings.Count(logged.String(), "runs silent"); n != 1 {
		t.Errorf("logged %d times: %q", n, logged.String())
	}
	for _, c := range sound.All() {
		s.Play(c, false)
		s.Loop(c, true)
	}
	s.EndFrame()
	if s.Volume() != 0.8 || s.Muted() || !s.HostSound() {
		t.Errorf("defaults: volume %v muted %v host %v", s.Volume(), s.Muted(), s.HostSound())
	}
	s.SetVolume(1.7)
	s.SetMuted(true)
	s.SetHostSound(false)
	if s.Volume() != 1 || !s.Muted() || s.HostSound() {
		t.Errorf("after changes: volume %v muted %v host %v", s.Volume(), s.Muted(), s.HostSound())
	}
	if strings.Count(logged.String(), "runs silent") != 1 {
		t.Errorf("logged again: %q", logged.String())
	}
	var nilSound *scene.Sound
	nilSound.Play(sound.Click, false) // a scene without sound
	nilSound.Loop(sound.Alarm, false)
	nilSound.EndFrame()
}

func TestSoundOptions(t *testing.T) {
	for _, o := range []scene.SoundOptions{{Attract: "loud"}, {Volume: 2}, {Volume: -0.5}} {
		if _, err := scene.NewSound(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	s, err := scene.NewSound(scene.SoundOptions{Off: true, Volume: 0.5, Attract: scene.AttractOff})
	if err != nil || s.Silent() != "off by configuration" || s.Volume() != 0.5 {
		t.Fatalf("off: %v %q %v", err, s.Silent(), s.Volume())
	}
	// a configured volume of 0 is silence, not a default
	if z, err := scene.NewSound(scene.SoundOptions{Off: true, Volume: 0}); err != nil || z.Volume() != 0 || z.GainLocked(false) != 0 {
		t.Errorf("volume 0: %v, volume %v", err, z.Volume())
	}
	// the gain a cue plays at: the attract mode's factor, zero when muted or off
	s.Attract = scene.AttractGains[scene.AttractQuiet]
	if g := s.GainLocked(true); g != 0.5*0.25 {
		t.Errorf("attract gain %v", g)
	}
	s.SetHostSound(false)
	if s.GainLocked(false) != 0 {
		t.Error("host sound off: not silent")
	}
	s.SetHostSound(true)
	s.SetMuted(true)
	if s.GainLocked(false) != 0 {
		t.Error("muted: not silent")
	}
}
