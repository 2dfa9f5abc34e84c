package main

import (
	"egm/platform"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// cmdDemo is the attract-mode demo: the screen program's own (`egm-screen demo`,
// with the same flags), which never touches the meters. This program has no
// screen, so it starts that one, on a virtual display when there is none.
func cmdDemo(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprintln(stderr, "usage: egm demo [flags]: runs `egm-screen demo` with the same flags (egm-screen demo -h lists them)")
			return 0
		}
	}
	bin, err := platform.ScreenProgram("")
	if err == nil {
		var name string
		var cargs []string
		if name, cargs, err = platform.OnDisplay(bin, append([]string{"demo"}, args...)); err == nil {
			return runChild(name, cargs, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "egm demo: %v\n", err)
	return 1
}

// runChild runs a program in the foreground and returns its exit status.
func runChild(name string, cargs []string, stdout, stderr io.Writer) int {
	c := exec.Command(name, cargs...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, stdout, stderr
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() > 0 {
			return ee.ExitCode()
		}
		return fail(stderr, fmt.Errorf("egm demo: %w", err))
	}
	return 0
}
