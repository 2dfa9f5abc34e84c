package main

import (
	"flag"
	"fmt"
)

// soundFlags are the screen's sound flags (egm run, egm demo); empty or negative
// values keep the configuration's.
type soundFlags struct {
	sound   string // "on", "off" or ""
	volume  float64
	attract string
}

// moreFlags registers the screen's sound and script flags.
func (s *screenFlags) moreFlags(fs *flag.FlagSet) {
	s.sound.register(fs)
	fs.StringVar(&s.script, "script", "", "play a script of timed button presses (see README: Scripted input)")
}

func (s *soundFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.sound, "sound", "", "sound on or off (default: the configuration's sound.off)")
	fs.Float64Var(&s.volume, "volume", -1, "volume 0..1 (default: the configuration's sound.volume)")
	fs.StringVar(&s.attract, "attract-sound", "", "the attract mode's sound: off, quiet or full (default: the configuration's sound.attract)")
}

// apply returns the configuration's sound with the flags over it.
func (s soundFlags) apply(c soundConfig) (soundConfig, error) {
	switch s.sound {
	case "":
	case "on":
		c.Off = false
	case "off":
		c.Off = true
	default:
		return c, fmt.Errorf("egm: --sound %q: want on or off", s.sound)
	}
	if s.volume >= 0 {
		c.Volume = s.volume
	}
	if s.attract != "" {
		c.Attract = s.attract
	}
	if err := c.validate(); err != nil {
		return c, fmt.Errorf("egm: %w", err)
	}
	return c, nil
}
