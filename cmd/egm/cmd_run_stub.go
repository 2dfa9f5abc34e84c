//go:build !cgo || noscreen

package main

import "io"

// hasScreen reports whether this build shows the cabinet screen.
const hasScreen = false

// runScreen: a build without cgo has no screen; `egm run` stops after the
// power-on checks and says what runs.
func runScreen(cfg config, scr screenFlags, stdout, stderr io.Writer) int {
	printWhatRuns(stdout)
	return 0
}
