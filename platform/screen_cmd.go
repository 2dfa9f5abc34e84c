package platform

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNoScreen is wrapped when there is no screen to start: no screen program, or
// no display and no xvfb-run to make one. The platform then runs alone.
var ErrNoScreen = errors.New("platform: no screen")

// ScreenProgram finds the screen program: path when given, else egm-screen next to
// the running program, else on PATH.
func ScreenProgram(path string) (string, error) {
	if path != "" {
		if !isExecutable(path) {
			return "", fmt.Errorf("%w: --screen %s is not an executable file", ErrNoScreen, path)
		}
		return path, nil
	}
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), "egm-screen"); isExecutable(p) {
			return p, nil
		}
	}
	if p, err := exec.LookPath("egm-screen"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%w: no screen program (egm-screen next to egm or on PATH; `make build` makes it)", ErrNoScreen)
}

// NoDisplayEnv, set to 1 in the platform's environment, says that its screen
// program draws nothing and needs no display: the test image's headless screen
// (image/testkit), which has no display to put one on. Nothing else sets it.
const NoDisplayEnv = "EGM_SCREEN_NO_DISPLAY"

// OnDisplay makes the command line that runs bin with args on a display: as it is
// where there is one (DISPLAY or WAYLAND_DISPLAY) or where the screen needs none
// (NoDisplayEnv), else under xvfb-run on a virtual display of the cabinet's size.
func OnDisplay(bin string, args []string) (string, []string, error) {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" || os.Getenv(NoDisplayEnv) == "1" {
		return bin, args, nil
	}
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		return "", nil, fmt.Errorf("%w: no display and no xvfb-run", ErrNoScreen)
	}
	return xvfb, append([]string{"-a", "-s", "-screen 0 1920x1080x24", bin}, args...), nil
}

// ScreenCommand is the Supervisor's Command for the screen program found by
// ScreenProgram(path), run on a display with args, its output to stdout and stderr.
// Under xvfb-run the virtual display's Xauthority is XauthorityFile in a private
// directory of the platform's (xvfb-run -f), not a directory xvfb-run makes in
// /tmp and removes only when it exits by itself (a stop by signal would leave it
// behind); cleanup removes that directory once the Supervisor has returned.
func ScreenCommand(path string, args []string, stdout, stderr io.Writer) (cmd func() *exec.Cmd, cleanup func(), err error) {
	bin, err := ScreenProgram(path)
	if err != nil {
		return nil, nil, err
	}
	name, all, err := OnDisplay(bin, args)
	if err != nil {
		return nil, nil, err
	}
	cleanup = func() {}
	if name != bin {
		dir, err := os.MkdirTemp("", "egm-display-")
		if err != nil {
			return nil, nil, fmt.Errorf("platform: the virtual display's directory: %w", err)
		}
		auth := filepath.Join(dir, XauthorityFile)
		if err := os.WriteFile(auth, nil, 0o600); err != nil { // xauth wants the file
			os.RemoveAll(dir)
			return nil, nil, fmt.Errorf("platform: the virtual display's directory: %w", err)
		}
		all = append([]string{"-f", auth}, all...)
		cleanup = func() { os.RemoveAll(dir) }
	}
	return func() *exec.Cmd {
		c := exec.Command(name, all...)
		c.Stdout, c.Stderr = stdout, stderr
		return c
	}, cleanup, nil
}

// XauthorityFile is the name of the virtual display's X authority file in the
// platform's private directory (ScreenCommand).
const XauthorityFile = "Xauthority"

// ParseBackoff reads a restart back-off MIN:MAX ("0.5s:30s").
func ParseBackoff(s string) (lo, hi time.Duration, err error) {
	a, b, ok := strings.Cut(s, ":")
	if ok {
		lo, err = time.ParseDuration(a)
		if err == nil {
			hi, err = time.ParseDuration(b)
		}
	}
	if !ok || err != nil || lo <= 0 || hi < lo {
		return 0, 0, fmt.Errorf("platform: back-off %q: want MIN:MAX durations, 0 < MIN <= MAX (e.g. 0.5s:30s)", s)
	}
	return lo, hi, nil
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}
