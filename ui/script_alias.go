package ui

import "egm/ui/script"

// Scripts are package script's (read and checked without a screen); the screen
// runs them (script_run.go).
type (
	Script    = script.Script
	scriptCmd = script.Cmd
)

// parseScript reads a script (script.Parse).
var parseScript = script.Parse

// ReadScript reads a script and checks it whole (script.Read).
var ReadScript = script.Read
