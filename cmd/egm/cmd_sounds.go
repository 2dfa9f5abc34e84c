package main

import (
	"io"

	"egm/sound"
)

// cmdSounds lists the cabinet's sound cues and, with --wav DIR, writes each as a
// WAV file to listen to (sound.List). It needs no screen.
func cmdSounds(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("sounds", "sounds [--wav DIR]", stderr)
	dir := fs.String("wav", "", "write every cue as a 16-bit stereo WAV file into this directory")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if err := sound.List(stdout, *dir); err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}
