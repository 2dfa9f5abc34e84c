package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"egm/internal/testkit"
	"egm/machine"
	"egm/platform/screen"
)

// runDir is where the kit and the screen meet: the wiring file and the
// screen's status file (S30egm-testkit makes it, writable by the platform's
// user, on /run).
const runDir = "/run/egm-testkit"

// exitPlatformGone is the screen's exit status when the platform's connection
// ends, as egm-screen's: not 0, which would tell the supervisor the cabinet is
// done.
const exitPlatformGone = 3

// headlessScreen is the headless screen: it connects to the platform's socket as the
// screen (once the test kit does not hold it), reads every push (the status, the outputs, the cabinet's keys) and
// logs the machine's state and doors as they change; it sends nothing. The
// platform's other screen flags (--scene, --frames, --sound …) mean nothing to
// a screen that draws nothing and are ignored.
func headlessScreen(args []string, stdout, stderr io.Writer) int {
	sock, err := socketArg(args)
	if err != nil {
		fmt.Fprintf(stderr, "egm-testkit screen: %v\n", err)
		return 2
	}
	pid := os.Getpid()
	status := func(s testkit.Screen) {
		if err := testkit.WriteScreenStatus(runDir, s); err != nil {
			fmt.Fprintf(stderr, "egm-testkit screen: %v\n", err)
		}
	}
	// Held by the test kit (hold-screen): wait, unconnected, for the host's
	// release, so that the host decides when the screen is back.
	for said := false; testkit.Held(runDir); time.Sleep(100 * time.Millisecond) {
		if !said {
			fmt.Fprintf(stdout, "egm-testkit screen: pid %d held by the test kit: not connecting until released\n", pid)
			status(testkit.Screen{PID: pid, Held: true})
			said = true
		}
	}
	status(testkit.Screen{PID: pid})
	c, err := screen.Dial(sock, 10*time.Second)
	if err != nil {
		fmt.Fprintf(stderr, "egm-testkit screen: %v\n", err)
		return 1
	}
	st := c.Status()
	fmt.Fprintf(stdout, "egm-testkit screen: connected to the platform %s (pid %d, headless): %s%s\n", c.Build(), pid, st.State, doorsText(st.Doors))
	status(testkit.Screen{PID: pid, Connected: true, State: st.State.String()})
	c.OnCabinet(func(key string) { fmt.Fprintf(stdout, "egm-testkit screen: cabinet %s\n", key) })
	last := st
	c.Subscribe(func(o machine.Output) {
		if o.Kind != machine.OutState || o.Status == nil {
			return
		}
		s := *o.Status
		if s.State == last.State && slices.Equal(s.Doors, last.Doors) {
			return
		}
		last = s
		fmt.Fprintf(stdout, "egm-testkit screen: %s%s\n", s.State, doorsText(s.Doors))
		status(testkit.Screen{PID: pid, Connected: true, State: s.State.String()})
	})
	<-c.Done()
	fmt.Fprintf(stderr, "egm-testkit screen: %v\n", c.Err())
	return exitPlatformGone
}

func doorsText(doors []string) string {
	if len(doors) == 0 {
		return ""
	}
	return " (open: " + strings.Join(doors, ", ") + ")"
}

// socketArg finds --socket PATH (or --socket=PATH) among the screen's flags.
func socketArg(args []string) (string, error) {
	for i, a := range args {
		switch {
		case a == "--socket" || a == "-socket":
			if i+1 < len(args) && args[i+1] != "" {
				return args[i+1], nil
			}
		case strings.HasPrefix(a, "--socket="), strings.HasPrefix(a, "-socket="):
			if _, v, _ := strings.Cut(a, "="); v != "" {
				return v, nil
			}
		default:
			continue
		}
		return "", fmt.Errorf("--socket needs the platform's socket path")
	}
	return "", fmt.Errorf("no --socket PATH: the platform's screen socket (egm run passes it)")
}
