package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"

	"egm/jurisdiction"
	"egm/machine/settings"
	"egm/rng"
	"egm/sound"
)

//go:embed default.json
var defaultConfig []byte

// config is the cabinet's configuration. The default is embedded in the binary; an
// operator's file is read over the machine's defaults (a key it leaves out keeps its
// default). Unknown keys, wrong types and bad values are errors naming the key, so a
// misspelt setting is never silently ignored. The machine's keys (jurisdiction,
// operator_language, machine_id, denominations_cents, gamble,
// handpay_limit_cents, …) sit at the top level.
//
// The jurisdiction ("EE", the default, or "KZ"; --jurisdiction overrides the file)
// is read first: its profile gives the money keys' defaults in its currency
// (settings.DefaultConfigFor), which is why the embedded default leaves them out. A
// file's money keys are in that currency's minor units and are checked against
// the profile at load (a KZ handpay limit below the KZ maximum bet is refused).
type config struct {
	StateDir string         `json:"state_dir"`
	RNG      rng.Settings   `json:"rng"`
	Sound    sound.Settings `json:"sound"`
	// ProgramSHA256 is the SHA-256 (hex) of the program the lab approved: a
	// different program fails the power-on (empty: the hash is only recorded).
	ProgramSHA256 string `json:"program_sha256,omitempty"`
	// WitnessPath is a file where critical memory keeps a witness of its last commit
	// besides the state directory's (on the board: a partition the state partition
	// is not, docs/cabinet.md); empty: the state directory's only.
	WitnessPath string `json:"witness_path,omitempty"`
	// Wiring is the cabinet's wiring file (package cabinet): "" or "none", no
	// cabinet I/O (a development machine); "default", the embedded Raspberry Pi
	// wiring; otherwise a path (--wiring overrides it).
	Wiring string `json:"wiring,omitempty"`
	settings.Config
}

// loadConfig reads the embedded default, then path over it when path is not
// empty (a key the file leaves out keeps the embedded default's value), then sets
// state_dir to stateDir when that is not empty (--state). The file's own errors
// (unreadable, bad JSON, an unknown key, a bad value) come first; an empty
// state_dir is refused only when --state does not give one.
func loadConfig(path, stateDir string) (config, error) { return loadConfigFor(path, stateDir, "") }

// loadConfigFor is loadConfig with the jurisdiction jur over the file's when jur
// is not empty (--jurisdiction).
func loadConfigFor(path, stateDir, jur string) (config, error) {
	src := "embedded default configuration"
	var file []byte
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return config{}, fmt.Errorf("egm: config: %w", err)
		}
		file, src = b, path
	}
	code := settings.JurisdictionOf(defaultConfig, file)
	if jur != "" {
		code = jur
	}
	prof, err := jurisdiction.ByCode(code)
	if err != nil {
		if jur != "" {
			return config{}, fmt.Errorf("egm: config: --jurisdiction: %w", err)
		}
		return config{}, fmt.Errorf("egm: config %s: jurisdiction: %w", src, err)
	}
	c := config{Config: settings.DefaultConfigFor(prof), Sound: sound.DefaultSettings()}
	c.DenominationsCents = nil
	if err := settings.DecodeStrict(bytes.NewReader(defaultConfig), &c); err != nil {
		return config{}, fmt.Errorf("egm: config embedded default configuration: %w", err)
	}
	if file != nil {
		if err := settings.DecodeStrict(bytes.NewReader(file), &c); err != nil {
			return config{}, fmt.Errorf("egm: config %s: %w", path, err)
		}
	}
	c.Jurisdiction = prof.Code
	if c.DenominationsCents == nil {
		c.DenominationsCents = settings.DefaultConfigFor(prof).DenominationsCents
	}
	if err := c.Config.Validate(); err != nil {
		return config{}, fmt.Errorf("egm: config %s: %w", src, err)
	}
	if h := c.ProgramSHA256; h != "" {
		if b, err := hex.DecodeString(h); err != nil || len(b) != sha256.Size {
			return config{}, fmt.Errorf("egm: config %s: program_sha256 %q: want 64 hex digits", src, h)
		}
	}
	if err := c.Sound.Validate(); err != nil {
		return config{}, fmt.Errorf("egm: config %s: %w", src, err)
	}
	if stateDir != "" {
		c.StateDir = stateDir
	}
	if c.StateDir == "" {
		return config{}, fmt.Errorf("egm: config %s: state_dir is empty (give one, or --state DIR)", src)
	}
	return c, nil
}
