package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	"egm/internal/cli"
	"egm/platform"
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

// runChild runs a program in the foreground and returns its exit status. The
// program runs in its own process group (the screen and the X server xvfb-run
// starts for it): SIGINT or SIGTERM is passed on to the whole group, which gets
// SIGKILL demoStopGrace later if it is still there, so that nothing it started
// outlives this program.
func runChild(name string, cargs []string, stdout, stderr io.Writer) int {
	ctx, stop := cli.StopContext()
	defer stop()
	c := exec.Command(name, cargs...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, stdout, stderr
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := c.Start(); err != nil {
		return prog.Fail(stderr, fmt.Errorf("egm demo: %w", err))
	}
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()
	prog.StartNotice(stderr, "demo", fmt.Sprintf("the screen runs (pid %d)", c.Process.Pid), "with the screen")
	var err error
	select {
	case err = <-exited:
	case <-ctx.Done():
		sig := syscall.SIGINT
		if cli.SignalName(ctx) == "SIGTERM" {
			sig = syscall.SIGTERM
		}
		syscall.Kill(-c.Process.Pid, sig)
		waited := false
		select {
		case <-exited:
			waited = true
		case <-time.After(demoStopGrace):
		}
		syscall.Kill(-c.Process.Pid, syscall.SIGKILL) // whatever is left of the group
		if !waited {
			<-exited
		}
		return prog.Stopped(ctx, stderr, "demo", "with its screen")
	}
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() > 0 {
			return ee.ExitCode()
		}
		return prog.Fail(stderr, fmt.Errorf("egm demo: %w", err))
	}
	return 0
}

// demoStopGrace is how long the demo's screen has to stop after the signal.
const demoStopGrace = 1500 * time.Millisecond
