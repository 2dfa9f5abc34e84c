// Package script reads and checks the cabinet's scripts of timed button presses
// (`egm run --script FILE`, `egm demo --script FILE`): the language, its parser
// and the whole-script check (every command known, every duration in range, every
// screenshot's file writable, every title offered) that runs before anything
// starts. It has no screen, so the platform program checks a script before its
// power-on and the screen program runs it (package ui, script_run.go).
//
// It must not touch: the screen, the machine or the clock; time in a script is
// counted in frames (TPS a second), so a script runs the same on a slow display.
package script
