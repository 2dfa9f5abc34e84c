package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"

	"egm/rng"
)

//go:embed default.json
var defaultConfig []byte

// config is the cabinet's configuration. The default is embedded in the binary; an
// operator's file replaces it whole. Unknown keys are errors, so a misspelt setting is
// never silently ignored.
type config struct {
	StateDir string       `json:"state_dir"`
	RNG      rng.Settings `json:"rng"`
}

// loadConfig reads path, or the embedded default when path is empty.
func loadConfig(path string) (config, error) {
	data, src := defaultConfig, "embedded default configuration"
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return config{}, fmt.Errorf("egm: config: %w", err)
		}
		data, src = b, path
	}
	var c config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return config{}, fmt.Errorf("egm: config %s: %w", src, err)
	}
	if c.StateDir == "" {
		return config{}, fmt.Errorf("egm: config %s: state_dir is empty", src)
	}
	return c, nil
}
