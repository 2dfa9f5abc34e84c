//go:build cgo && !noscreen

package main

import (
	"fmt"
	"os"

	"egm/ui"
)

// loadScript reads a script of button presses (`--script FILE`).
func loadScript(path string) (*ui.Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("egm: --script: %w", err)
	}
	defer f.Close()
	return ui.ParseScript(f, path)
}
