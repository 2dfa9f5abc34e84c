//go:build cgo && !noscreen

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"egm/machine"
	"egm/operator"
	"egm/ui"
)

// hasScreen reports whether this build shows the cabinet screen.
const hasScreen = true

// testDepositCents is what F2 deposits from the development test wallet.
const testDepositCents = 100_00

// runScreen opens the machine on the state directory (the cabinet's RNG, as
// `egm run --headless`) and shows metered play until the window closes; with
// --screenshot it renders --frames frames, writes a PNG and exits. F2 deposits
// 100.00 EUR from the development test wallet; the player pays in and cashes out
// through the wallet's QR panel (the machine's own codes, signed with its key).
func runScreen(cfg config, scr screenFlags, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m, _, err := openMachine(ctx, cfg, -1)
	if err != nil {
		return fail(stderr, err)
	}
	defer m.Shutdown() // a power_down event; a kill leaves none
	if g, ok := m.Resumed(); ok {
		fmt.Fprintf(stdout, "resumed game %d at step %d phase %q\n", g.Number, g.Step, g.Phase)
	}
	fmt.Fprintf(stdout, "The power-on checks passed: metered play on %s. F2 deposits %s from the development test wallet %q.\n",
		cfg.StateDir, ui.Euros(testDepositCents), machine.TestWallet)
	sc, err := scr.sound.apply(cfg.Sound)
	if err != nil {
		return fail(stderr, err)
	}
	snd, err := ui.NewSound(ui.SoundOptions{Off: sc.Off || scr.screenshot != "", Volume: sc.Volume, Attract: sc.Attract})
	if err != nil {
		return fail(stderr, err)
	}
	var stats ui.FrameStats
	opt := ui.CabinetOptions{
		Options:    ui.Options{Windowed: scr.windowed, Screenshot: scr.screenshot, Frames: scr.frames, Scene: scr.scene, Stats: &stats},
		DepositKey: true, DepositWallet: machine.TestWallet, DepositCents: testDepositCents,
		PIN: operator.Open(cfg.StateDir, operator.Options{}), ServiceStrip: scr.windowed,
	}
	opt.Sound = snd
	if scr.script != "" {
		sc, err := loadScript(scr.script)
		if err != nil {
			return fail(stderr, err)
		}
		opt.Script, opt.ScriptLog = sc, stdout
	}
	if snd.Silent() == "" {
		opt.Audio = snd // the operator menu's Volume page (none on a silent cabinet)
	}
	codes, err := machinePresenter(cfg, m)
	if err != nil {
		return fail(stderr, err)
	}
	opt.Codes, opt.IdleMinutes = codes, m.Config().IdleCashoutMinutes // the operator's setting, if any
	fmt.Fprintln(stdout, "Service keys: F9 attendant key, F10 main door open/close, F11 operator menu (PIN; a new install asks for one).")
	if scr.sas != "" {
		b, err := startSAS(ctx, m, cfg.MachineID, scr.sas, scr.sasAddr, stdout)
		if err != nil {
			return fail(stderr, err)
		}
		opt.Levels = func() (int64, int64, int64, bool) {
			l := b.Levels()
			return l.Grand, l.Major, l.Mystery, l.OK
		}
		b.OnSound(snd.SetHostSound) // long polls 03/04: the floor silences the cabinet
	}
	if err := ui.RunCabinet(m, m.Titles(), opt); err != nil {
		return fail(stderr, err)
	}
	if scr.screenshot != "" {
		fmt.Fprintf(stdout, "egm run: wrote %s after %d frames\n", scr.screenshot, scr.frames)
	}
	return 0
}
