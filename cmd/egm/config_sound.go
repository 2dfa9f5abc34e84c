package main

import "fmt"

// soundConfig is the configuration's "sound" key: the cabinet's sound on or off,
// its volume (0..1) and how loud the attract mode plays ("off", "quiet", "full").
// Flags of `egm run` override it; the operator menu and the floor host change the
// volume and mute while the cabinet runs, without storing them.
type soundConfig struct {
	Off     bool    `json:"off"`
	Volume  float64 `json:"volume"`
	Attract string  `json:"attract"`
}

func defaultSound() soundConfig { return soundConfig{Volume: 0.8, Attract: "quiet"} }

func (s soundConfig) validate() error {
	if s.Volume < 0 || s.Volume > 1 {
		return fmt.Errorf("sound.volume %v: want 0..1", s.Volume)
	}
	switch s.Attract {
	case "off", "quiet", "full":
		return nil
	}
	return fmt.Errorf("sound.attract %q: want off, quiet or full", s.Attract)
}
