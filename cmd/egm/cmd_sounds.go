package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"egm/sound"
)

// cmdSounds lists the cabinet's sound cues and, with --wav DIR, writes each as a
// WAV file to listen to (the cabinet plays them from memory; nothing is read from
// disk). It needs no screen.
func cmdSounds(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("sounds", "sounds [--wav DIR]", stderr)
	dir := fs.String("wav", "", "write every cue as a 16-bit stereo WAV file into this directory")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *dir != "" {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			return fail(stderr, fmt.Errorf("egm sounds: %w", err))
		}
	}
	for _, c := range sound.All() {
		d, err := sound.Duration(c)
		if err != nil {
			return fail(stderr, err)
		}
		loop := ""
		if c.Loops() {
			loop = " (loop)"
		}
		line := fmt.Sprintf("%-16s %5.2f s%s", c, d, loop)
		if *dir != "" {
			w, err := sound.WAV(c)
			if err != nil {
				return fail(stderr, err)
			}
			p := filepath.Join(*dir, strings.ReplaceAll(c.String(), " ", "-")+".wav")
			if err := os.WriteFile(p, w, 0o644); err != nil {
				return fail(stderr, fmt.Errorf("egm sounds: %w", err))
			}
			line += "  " + p
		}
		fmt.Fprintln(stdout, line)
	}
	return 0
}
