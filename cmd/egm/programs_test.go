package main

import (
	"io"
	"os"
	"os/exec"

	"egm/internal/floorcli"
	"egm/internal/labcli"
	"egm/lab/campaign"
)

// This test binary is the three programs: egm (run), egm-lab and egm-floor. A
// campaign's children are it re-executed with asProgramEnv naming the program
// (before the testing package reads any flag).
const asProgramEnv = "EGM_TEST_AS"

func init() {
	switch p := os.Getenv(asProgramEnv); p {
	case "":
	case "egm": // egm has no command named egm-lab or egm-floor: a child may name either
		os.Exit(runProgram(os.Args[1:], os.Stdout, os.Stderr))
	default:
		os.Exit(runProgram(append([]string{p}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
}

// testEgm is the campaigns' programs in tests: this test binary as each.
var testEgm = campaign.Egm{
	Path:  os.Args[0],
	Env:   []string{asProgramEnv + "=egm"},
	Lab:   campaign.Program{Path: os.Args[0], Env: []string{asProgramEnv + "=egm-lab"}},
	Floor: campaign.Program{Path: os.Args[0], Env: []string{asProgramEnv + "=egm-floor"}},
}

// testChild is a child egm process with args (this test binary as egm).
func testChild(args []string) *exec.Cmd { return testEgm.Command(args...) }

// testLab is egm-lab with this test binary as the campaigns' programs.
var testLab = labcli.Lab{Programs: func() (campaign.Egm, error) { return testEgm, nil }}

// runProgram runs `egm-lab ARGS…` or `egm-floor ARGS…` when args name that
// program first, else `egm ARGS…`, and returns the exit code.
func runProgram(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "egm":
			return run(args[1:], stdout, stderr)
		case "egm-lab":
			return testLab.Run(args[1:], stdout, stderr)
		case "egm-floor":
			return floorcli.Run(args[1:], stdout, stderr)
		}
	}
	return run(args, stdout, stderr)
}
