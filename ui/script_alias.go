package ui

import "egm/ui/script"

// Scripts are package script's (read and checked without a screen); the screen
// runs them (script_run.go).
type (
	Script    = script.Script
	ScriptCmd = script.Cmd
)

// ParseScript reads a script (script.Parse).
var ParseScript = script.Parse

// ReadScript reads a script and checks it whole (script.Read).
var ReadScript = script.Read
