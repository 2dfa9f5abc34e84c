package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"egm/internal/buildinfo"
	"egm/jurisdiction"
	"egm/machine"
	"egm/operator"
	"egm/platform"
	"egm/platform/screen"
	"egm/platform/wire"
)

// testDepositCents is what F2 deposits from the development test wallet, in
// euro cents (testDeposit: in the configuration's currency).
const testDepositCents = 100_00

// testDeposit is F2's deposit in cfg's currency: 100 euros at the profile's
// scale (KZ: 50,000 tenge).
func testDeposit(cfg config) int64 {
	p, err := cfg.Profile()
	if err != nil || p.Limits.MaxBet < jurisdiction.EE.Limits.MaxBet {
		return testDepositCents
	}
	return testDepositCents * (p.Limits.MaxBet / jurisdiction.EE.Limits.MaxBet)
}

// runPlatform is the cabinet after its power-on checks: the machine on the state
// directory, the floor link, the wallet's codes, the screen's socket, and the
// screen process under supervision (restarted when it dies; no game starts while
// it is away). SIGINT or SIGTERM stops the screen, then the platform: the game in
// progress stays at its committed step and a power_down event is written.
func runPlatform(cfg config, scr screenFlags, stdout, stderr io.Writer) int {
	lo, hi, err := platform.ParseBackoff(scr.backoff)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m, _, err := openMachine(ctx, cfg, -1, nil)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	var stopping atomic.Int64 // when the stop began: the signal, or the screen's end (unix ns)
	context.AfterFunc(ctx, func() { stopping.CompareAndSwap(0, time.Now().UnixNano()) })
	defer func() {
		written := stopMachine(cfg, m, stdout, stderr) // a power_down event; a kill leaves none
		if at := stopping.Load(); at != 0 && written {
			fmt.Fprintf(stdout, "egm run: stopped in %d ms; power_down written\n", time.Since(time.Unix(0, at)).Milliseconds())
		} else if at != 0 {
			fmt.Fprintf(stdout, "egm run: stopped in %d ms\n", time.Since(time.Unix(0, at)).Milliseconds())
		}
	}()
	if g, ok := m.Resumed(); ok {
		fmt.Fprintf(stdout, "resumed game %d at step %d phase %q\n", g.Number, g.Step, g.Phase)
	}
	stopWatchdog, err := startWatchdog(ctx, scr.watchdog, m, stdout, stderr)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer stopWatchdog()
	logger := log.New(stderr, "", log.LstdFlags)
	srv := &platform.Server{M: m, Log: logger, Build: buildinfo.Version + " " + buildinfo.Commit,
		Options: wire.ScreenOptions{Dev: scr.dev, DepositWallet: machine.TestWallet, DepositCents: testDeposit(cfg)},
		PIN:     operator.Open(cfg.StateDir, operator.Options{})}
	if srv.Codes, err = machinePresenter(cfg, m); err != nil {
		return prog.Fail(stderr, err)
	}
	if scr.sas != "" {
		b, err := startSAS(ctx, m, cfg.MachineID, scr.sas, scr.sasAddr, stdout)
		if err != nil {
			return prog.Fail(stderr, err)
		}
		srv.Options.Linked = true
		srv.Link = b.LinkStats // egm link
		srv.Levels = func() wire.Levels {
			l := b.Levels()
			return wire.Levels{Grand: l.Grand, Major: l.Major, Mystery: l.Mystery, OK: l.OK}
		}
		b.OnSound(srv.SetSound) // long polls 03/04: the floor silences the cabinet
	}
	if err := startCabinet(ctx, cfg.Wiring, m, srv, logger, stdout); err != nil {
		return prog.Fail(stderr, err)
	}
	sock := filepath.Join(cfg.StateDir, wire.SocketName)
	ln, err := platform.Listen(sock)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	if st := m.Status(); st.State == machine.RAMError {
		fmt.Fprintf(stdout, "RAM ERROR: %s. Play stays disabled until an operator's RAM clear (operator menu); the screen shows RAM ERROR, the floor link reports it; the screen's socket is %s.\n", st.Reason, sock)
	} else {
		fmt.Fprintf(stdout, "The power-on checks passed: metered play on %s; the screen's socket is %s.\n", cfg.StateDir, sock)
	}
	fmt.Fprintf(stdout, "F2 deposits %s from the development test wallet %q.", cfg.Currency().Grouped(testDeposit(cfg)), machine.TestWallet)
	if scr.dev {
		fmt.Fprint(stdout, " Development keys: F9 attendant key, F10 main door, F11 operator key (the operator menu).")
	}
	fmt.Fprintln(stdout)

	cmd, cleanup, err := platform.ScreenCommand(scr.screen, screenArgs(scr, cfg, sock), stdout, stderr)
	if err == nil {
		defer cleanup() // after the screen's process group has ended
		if scr.screenshot == "" {
			remoteHint(stdout, scr.vnc)
		}
	}
	if err != nil {
		fmt.Fprintf(stdout, "egm run: %v: the platform runs alone (floor link and wallet answer; no game starts until a screen connects to %s)\n", err, sock)
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
			return prog.Fail(stderr, err)
		}
	}
	stopping.CompareAndSwap(0, time.Now().UnixNano())
	stop()
	if err := <-served; err != nil {
		fmt.Fprintf(stderr, "egm run: %v\n", err)
	}
	return 0
}

// remoteHint tells the console how to see the screen: over VNC through an ssh
// tunnel (--vnc), or, on a virtual display without it, how to ask for that.
func remoteHint(stdout io.Writer, vnc int) {
	virtual := os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == ""
	switch {
	case vnc != 0:
		host, _ := os.Hostname()
		fmt.Fprintf(stdout, "VNC: the screen is served on 127.0.0.1:%d; %s.\n", vnc, screen.TunnelHint(host, vnc))
	case virtual:
		fmt.Fprintln(stdout, "No display: the screen runs on a virtual one. `egm run --vnc 5900` (what `make run` does) serves it over VNC for an ssh tunnel.")
	}
}

// screenArgs are the screen program's flags from `egm run`'s.
func screenArgs(scr screenFlags, cfg config, sock string) []string {
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
	if scr.vnc != 0 {
		args = append(args, "--vnc", strconv.Itoa(scr.vnc))
	}
	if scr.lang != "" {
		args = append(args, "--lang", scr.lang)
	}
	return args
}
