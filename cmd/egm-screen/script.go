package main

import (
	"fmt"
	"os"

	"egm/games/slot"
	"egm/ui"
)

// loadScript reads a script of button presses (`--script FILE`) and checks it
// whole against the titles it may select, before the screen starts.
func loadScript(path string, titles []*slot.Title) (*ui.Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("egm-screen: --script: %w", err)
	}
	defer f.Close()
	return ui.ReadScript(f, path, titles)
}
