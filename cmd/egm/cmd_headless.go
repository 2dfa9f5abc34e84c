package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"egm/machine"
	"egm/machine/autoplay"
	"egm/platform"
	"egm/rng"
)

// runMain is `egm run`: with --headless the machine without a screen, otherwise
// the cabinet's power-on checks (cmdRun).
func (s session) runMain(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "--headless" || a == "-headless" || a == "--headless=true" {
			return s.runHeadless(args, stdout, stderr)
		}
	}
	return cmdRun(args, stdout, stderr)
}

// runHeadless runs the machine without a screen. With --autoplay N a scripted
// player plays N games and the command exits; without it, inputs are read from
// stdin as JSON lines ({"kind":"spin"}, {"kind":"deposit","wallet":"w","cents":500},
// …) and outputs are written to stdout as JSON lines, until stdin ends or a signal.
func (s session) runHeadless(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("run", "run --headless [--config FILE] [--jurisdiction EE|KZ] [--state DIR] [--autoplay N [--tables PCT]] [--seed S] [--watchdog DEV] [--sas tcp:HOST:PORT|pty:PATH|serial:DEV|tty:DEV] [--qr-png DIR]", stderr)
	fs.Bool("headless", false, "run the machine without a screen")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	stateDir := fs.String("state", "", "state directory (overrides the configuration's state_dir)")
	jur := fs.String("jurisdiction", "", "the jurisdiction profile, over the configuration's: EE or KZ (its currency and money limits)")
	autoGames := fs.Int("autoplay", 0, "play N games as a scripted player, then exit")
	seed := fs.Int64("seed", -1, "deterministic RNG and player (simulation only; the cabinet refuses it)")
	quiet := fs.Bool("quiet", false, "no summary")
	stepTime := fs.Duration("step-time", 0, "autoplay: time each step of a game with features shows (lab timing)")
	gameTime := fs.Duration("game-time", 0, "autoplay: time the player waits before each game (a player's pace; 0: none)")
	walletCashouts := fs.Bool("wallet-cashouts", false, "autoplay: on a machine an AFT host registered, cash out now and then to the player's wallet and wait while the cash-out code is live (someone scans it: egm-lab floor-load)")
	tablePct := fs.Int("tables", 0, "autoplay: percent of games that are table games' rounds (0..100)")
	sasSpec := fs.String("sas", "", "floor link: tcp:HOST:PORT, pty:PATH, serial:DEVICE (a SAS UART) or tty:DEVICE (a line carrying the escaped stream, as an emulated UART)")
	sasAddr := fs.Int("sas-addr", 1, "the machine's SAS address (1..127)")
	serve := fs.Bool("serve", false, "with --autoplay and --sas: keep the floor link up after the games, until a signal")
	watchdog := fs.String("watchdog", "", "the board's watchdog device (e.g. /dev/watchdog), fed while the machine answers")
	qrDir := fs.String("qr-png", "", "keep the wallet's QR codes as DIR/cashin.png and DIR/cashout.png (as the screen shows them)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *autoGames < 0 {
		return prog.BadUsage(fs, "--autoplay must be 0 or more, not %d", *autoGames)
	}
	if *tablePct < 0 || *tablePct > 100 {
		return prog.BadUsage(fs, "--tables must be a percentage 0..100, not %d", *tablePct)
	}
	cfg, err := loadConfigFor(*cfgPath, *stateDir, *jur)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if err := rng.SelfTest(); err != nil {
		return prog.Fail(stderr, fmt.Errorf("egm: RNG self-test: %w", err))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	m, boots, err := openMachine(ctx, cfg, *seed, s.clock)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer stopMachine(cfg, m, stdout, stderr) // a power_down event; a kill leaves none
	if s := m.Status(); s.State == machine.RAMError {
		fmt.Fprintf(stdout, "RAM ERROR: %s; play stays disabled until an operator's RAM clear.\n", s.Reason)
	}
	if g, ok := m.Resumed(); ok { // the kill campaign reads this line
		fmt.Fprintf(stdout, "resumed game %d at step %d phase %q outcome sha256 %x\n", g.Number, g.Step, g.Phase, sha256.Sum256(g.Outcome))
	}

	stopWatchdog, err := startWatchdog(ctx, *watchdog, m, stdout, stderr)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer stopWatchdog()
	if *sasSpec != "" {
		if _, err := startSAS(ctx, m, cfg.MachineID, *sasSpec, *sasAddr, stdout); err != nil {
			return prog.Fail(stderr, err)
		}
	}
	if *qrDir != "" {
		if err := startQRFiles(ctx, cfg, m, *qrDir, stderr); err != nil {
			return prog.Fail(stderr, err)
		}
	}

	if *autoGames > 0 {
		player := uint64(time.Now().UnixNano())
		if *seed >= 0 {
			player = uint64(*seed) + boots
		}
		if !*quiet {
			fmt.Fprintf(stdout, "autoplay: playing %d games (SIGINT or SIGTERM stops at a committed step)\n", *autoGames)
		}
		start := time.Now()
		res, err := autoplay.PlayContext(ctx, m, autoplay.Options{Games: *autoGames, Seed: player, StepTime: *stepTime, GameTime: *gameTime, Tables: *tablePct, WalletCashouts: *walletCashouts})
		el := time.Since(start)
		if !*quiet {
			s := m.Status()
			fmt.Fprintf(stdout, "autoplay: %d games in %.2fs (%.0f games/s), %d deposits, %d cash-outs, %d gamble cards, %d handpays; state %s, credits %s\n",
				res.Games, el.Seconds(), float64(res.Games)/el.Seconds(), res.Deposits, res.Cashouts, res.GambleSteps, res.Handpays, s.State, cfg.Currency().Plain(s.CreditsCents))
		}
		if res.Stopped {
			fmt.Fprintf(stdout, "autoplay: stopped by a signal after %d games, at a committed step\n", res.Games)
		}
		if err != nil {
			return prog.Fail(stderr, err)
		}
		if *serve && *sasSpec != "" {
			<-ctx.Done()
		}
		return 0
	}
	if err := platform.ServeLines(ctx, m, s.stdin, stdout); err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

// openMachine opens the machine of cfg (platform.OpenMachine) on clock (nil: the
// system's); seed >= 0 is a seeded run.
func openMachine(ctx context.Context, cfg config, seed int64, clock machine.Clock) (*machine.Machine, uint64, error) {
	var witness []string
	if cfg.WitnessPath != "" {
		witness = []string{cfg.WitnessPath}
	}
	m, boots, _, err := platform.OpenMachineWitnessed(ctx, cfg.StateDir, cfg.Config, cfg.RNG, seed, clock, witness)
	return m, boots, err
}

// stopMachine is the orderly stop (platform.Shutdown): the power_down event and
// the boot record's memory line; a power_down not written is said on stdout.
func stopMachine(cfg config, m *machine.Machine, stdout, stderr io.Writer) bool {
	key, err := platform.MemoryKey(cfg.StateDir)
	if err != nil {
		fmt.Fprintf(stderr, "egm run: shutdown: %v\n", err)
		m.Close()
		return false
	}
	written, err := platform.Shutdown(m, cfg.StateDir, key)
	switch {
	case !written:
		fmt.Fprintf(stdout, "egm run: power_down not written (%v)\n", err)
	case err != nil:
		fmt.Fprintf(stderr, "egm run: shutdown: %v\n", err)
	}
	return written
}
