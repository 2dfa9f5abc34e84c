package main

import (
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
	bin, why := screenProgram("")
	if bin == "" {
		fmt.Fprintf(stderr, "egm demo: %s\n", why)
		return 1
	}
	name, cargs := bin, append([]string{"demo"}, args...)
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		xvfb, err := exec.LookPath("xvfb-run")
		if err != nil {
			fmt.Fprintln(stderr, "egm demo: no display and no xvfb-run")
			return 1
		}
		name, cargs = xvfb, append(xvfbArgs(bin), cargs...)
	}
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
