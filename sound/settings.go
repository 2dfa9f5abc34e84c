package sound

import (
	"flag"
	"fmt"
	"strconv"
)

// Settings are the cabinet's sound: on or off, its volume (0..1) and how loud the
// attract mode plays ("off", "quiet", "full"). They are the configuration's
// "sound" key; flags of `egm run` override them and the platform hands them to
// the screen process as flags (Args). The operator menu and the floor host change
// the volume and mute while the cabinet runs, without storing them.
type Settings struct {
	Off     bool    `json:"off"`
	Volume  float64 `json:"volume"`
	Attract string  `json:"attract"`
}

// DefaultSettings are the sound of a new cabinet.
func DefaultSettings() Settings { return Settings{Volume: 0.8, Attract: "quiet"} }

// Validate names the setting that is out of range.
func (s Settings) Validate() error {
	if s.Volume < 0 || s.Volume > 1 {
		return fmt.Errorf("sound.volume %v: want 0..1", s.Volume)
	}
	switch s.Attract {
	case "off", "quiet", "full":
		return nil
	}
	return fmt.Errorf("sound.attract %q: want off, quiet or full", s.Attract)
}

// Args are the flags that give a screen these settings.
func (s Settings) Args() []string {
	on := "on"
	if s.Off {
		on = "off"
	}
	return []string{"--sound", on, "--volume", strconv.FormatFloat(s.Volume, 'g', -1, 64), "--attract-sound", s.Attract}
}

// Flags are the sound flags of the commands that show the screen; empty or
// negative values keep the settings they apply to.
type Flags struct {
	sound   string // "on", "off" or ""
	volume  float64
	attract string
}

// Register adds --sound, --volume and --attract-sound to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.sound, "sound", "", "sound on or off (default: the configuration's sound.off)")
	fs.Float64Var(&f.volume, "volume", -1, "volume 0..1 (default: the configuration's sound.volume)")
	fs.StringVar(&f.attract, "attract-sound", "", "the attract mode's sound: off, quiet or full (default: the configuration's sound.attract)")
}

// Apply returns s with the flags over it.
func (f Flags) Apply(s Settings) (Settings, error) {
	switch f.sound {
	case "":
	case "on":
		s.Off = false
	case "off":
		s.Off = true
	default:
		return s, fmt.Errorf("sound: --sound %q: want on or off", f.sound)
	}
	if f.volume >= 0 {
		s.Volume = f.volume
	}
	if f.attract != "" {
		s.Attract = f.attract
	}
	if err := s.Validate(); err != nil {
		return s, fmt.Errorf("sound: %w", err)
	}
	return s, nil
}
