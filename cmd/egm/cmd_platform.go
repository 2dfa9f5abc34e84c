package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"egm/internal/buildinfo"
	"egm/internal/euro"
	"egm/machine"
	"egm/operator"
	"egm/platform"
)

// testDepositCents is what F2 deposits from the development test wallet.
const testDepositCents = 100_00

// runPlatform is the cabinet after its power-on checks: the machine on the state
// directory, the floor link, the wallet's codes, the screen's socket, and the
// screen process under supervision (restarted when it dies; no game starts while
// it is away). SIGINT or SIGTERM stops the screen, then the platform: the game in
// progress stays at its committed step and a power_down event is written.
func runPlatform(cfg config, scr screenFlags, stdout, stderr io.Writer) int {
	lo, hi, err := parseBackoff(scr.backoff)
	if err != nil {
		return fail(stderr, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m, _, err := openMachine(ctx, cfg, -1)
	if err != nil {
		return fail(stderr, err)
	}
	var stopping time.Time
	defer func() {
		if err := m.Shutdown(); err != nil { // a power_down event; a kill leaves none
			fmt.Fprintf(stderr, "egm run: shutdown: %v\n", err)
		}
		if !stopping.IsZero() {
			fmt.Fprintf(stdout, "egm run: stopped in %d ms; power_down written\n", time.Since(stopping).Milliseconds())
		}
	}()
	if g, ok := m.Resumed(); ok {
		fmt.Fprintf(stdout, "resumed game %d at step %d phase %q\n", g.Number, g.Step, g.Phase)
	}
	logger := log.New(stderr, "", log.LstdFlags)
	srv := &platform.Server{M: m, Log: logger, Build: buildinfo.Version + " " + buildinfo.Commit,
		Options: platform.ScreenOptions{Dev: scr.dev, DepositWallet: machine.TestWallet, DepositCents: testDepositCents},
		PIN:     operator.Open(cfg.StateDir, operator.Options{})}
	if srv.Codes, err = machinePresenter(cfg, m); err != nil {
		return fail(stderr, err)
	}
	if scr.sas != "" {
		b, err := startSAS(ctx, m, cfg.MachineID, scr.sas, scr.sasAddr, stdout)
		if err != nil {
			return fail(stderr, err)
		}
		srv.Options.Linked = true
		srv.Levels = func() platform.Levels {
			l := b.Levels()
			return platform.Levels{Grand: l.Grand, Major: l.Major, Mystery: l.Mystery, OK: l.OK}
		}
		b.OnSound(srv.SetSound) // long polls 03/04: the floor silences the cabinet
	}
	sock := filepath.Join(cfg.StateDir, platform.SocketName)
	ln, err := platform.Listen(sock)
	if err != nil {
		return fail(stderr, err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	fmt.Fprintf(stdout, "The power-on checks passed: metered play on %s; the screen's socket is %s.\n", cfg.StateDir, sock)
	fmt.Fprintf(stdout, "F2 deposits %s from the development test wallet %q. Service keys: F9 attendant key, F10 main door, F11 operator menu.\n",
		euro.Format(testDepositCents), machine.TestWallet)

	cmd, why := screenCommand(scr, cfg, sock, stdout, stderr)
	if cmd == nil {
		fmt.Fprintf(stdout, "egm run: %s: the platform runs alone (floor link and wallet answer; no game starts until a screen connects to %s)\n", why, sock)
		<-ctx.Done()
	} else {
		sup := &platform.Supervisor{Command: cmd, Log: logger, MinBackoff: lo, MaxBackoff: hi}
		err := sup.Run(ctx)
		switch {
		case errors.Is(err, platform.ErrScreenDone):
			if scr.screenshot != "" {
				fmt.Fprintf(stdout, "egm run: wrote %s after %d frames\n", scr.screenshot, scr.frames)
			}
		case err != nil:
			return fail(stderr, err)
		}
	}
	stopping = time.Now()
	stop()
	if err := <-served; err != nil {
		fmt.Fprintf(stderr, "egm run: %v\n", err)
	}
	return 0
}

// screenCommand makes the screen's command for each start, or says why there is
// none: no screen program, or no display and no xvfb-run to make one.
func screenCommand(scr screenFlags, cfg config, sock string, stdout, stderr io.Writer) (func() *exec.Cmd, string) {
	bin, why := screenProgram(scr.screen)
	if bin == "" {
		return nil, why
	}
	snd, err := scr.sound.Apply(cfg.Sound)
	if err != nil {
		snd = cfg.Sound
	}
	args := append([]string{"--socket", sock, "--scene", scr.scene, "--frames", strconv.Itoa(scr.frames)}, snd.Args()...)
	for flag, on := range map[string]bool{"--windowed": scr.windowed, "--dev": scr.dev} {
		if on {
			args = append(args, flag)
		}
	}
	if scr.screenshot != "" {
		args = append(args, "--screenshot", scr.screenshot)
	}
	if scr.script != "" {
		args = append(args, "--script", scr.script)
	}
	name := bin
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		xvfb, err := exec.LookPath("xvfb-run")
		if err != nil {
			return nil, "no display and no xvfb-run"
		}
		name, args = xvfb, append(xvfbArgs(bin), args...)
	}
	return func() *exec.Cmd {
		c := exec.Command(name, args...)
		c.Stdout, c.Stderr = stdout, stderr
		return c
	}, ""
}

// screenProgram finds the screen program: flag, else egm-screen next to this
// program, else on PATH; or says why there is none.
func screenProgram(flag string) (string, string) {
	if flag != "" {
		if !isExecutable(flag) {
			return "", fmt.Sprintf("--screen %s is not an executable file", flag)
		}
		return flag, ""
	}
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), "egm-screen"); isExecutable(p) {
			return p, ""
		}
	}
	if p, err := exec.LookPath("egm-screen"); err == nil {
		return p, ""
	}
	return "", "no screen program (egm-screen next to egm or on PATH; `make build` makes it)"
}

// xvfbArgs run bin on a virtual display of the cabinet's size.
func xvfbArgs(bin string) []string { return []string{"-a", "-s", "-screen 0 1920x1080x24", bin} }

// parseBackoff reads --screen-backoff MIN:MAX.
func parseBackoff(s string) (lo, hi time.Duration, err error) {
	a, b, ok := strings.Cut(s, ":")
	if ok {
		lo, err = time.ParseDuration(a)
		if err == nil {
			hi, err = time.ParseDuration(b)
		}
	}
	if !ok || err != nil || lo <= 0 || hi < lo {
		return 0, 0, fmt.Errorf("egm run: --screen-backoff %q: want MIN:MAX durations, 0 < MIN <= MAX (e.g. 0.5s:30s)", s)
	}
	return lo, hi, nil
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}
