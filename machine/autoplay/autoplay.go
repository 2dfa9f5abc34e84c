package autoplay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/machine"
	"egm/machine/aft"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
)

// Result counts what a scripted player did.
type Result struct {
	Games, Deposits, Cashouts, GambleSteps, Handpays, Doors int
	// Stopped: the context ended first (a signal); the player stopped after its
	// last input, a committed step (a game in progress resumes at it).
	Stopped bool
}

// Play is a scripted player for headless runs and the lab: it deposits from
// the test wallet, varies titles, denominations and bets, presents every step,
// gambles about half the wins offered, cashes out now and then and clears doors,
// host disables and handpays. Its choices come from a generator of its own seeded
// with seed (they are the player's, not the game's: they never reach an outcome).
// It stops once games spins are played and the last is settled (or its cash-out
// done), or at a lockup it cannot clear.
func Play(m *machine.Machine, games int, seed uint64) (Result, error) {
	return PlayWith(m, Options{Games: games, Seed: seed})
}

// Options tune the scripted player.
type Options struct {
	Games int
	Seed  uint64
	// StepTime is how long each step of a game with features "shows" before the
	// player goes on (0: at once). The kill campaign sets it so that kills land
	// inside features as they would with a screen.
	StepTime time.Duration
	// GameTime is how long the player waits before starting each game (0: at
	// once): a player's pace, so that a floor of many emulated machines loads
	// the floor, not the processor (egm-lab floor-load).
	GameTime time.Duration
	// WalletCashouts has the player cash out now and then on a machine an AFT
	// host has registered too — the machine shows a cash-out code for the
	// player's wallet — and wait while the code is live (play is refused
	// until the wallet takes the balance or the code expires). Without it, the
	// player never cashes out on such a machine: nobody would scan the code.
	// egm-lab floor-load sets it; its players scan the codes.
	WalletCashouts bool
	// Tables mixes table rounds in: about one game in Tables out of 100 is a
	// table game's round (autoplay_table.go), its decisions the house strategy's
	// mostly; 0 plays slots only.
	Tables int
}

// PlayWith is Play with options.
func PlayWith(m *machine.Machine, o Options) (Result, error) {
	return PlayContext(context.Background(), m, o)
}

// PlayContext is PlayWith until ctx ends: then the player stops before
// its next input (each input is one commit, so it stops at a committed step) and
// returns with Stopped set, within one input (or one StepTime) of the end.
func PlayContext(ctx context.Context, m *machine.Machine, o Options) (Result, error) {
	games := o.Games
	pl, err := newPlayer(m, o.Seed)
	if err != nil {
		return Result{}, err
	}
	pl.walletCashouts = o.WalletCashouts
	p := pl.p
	var res Result
	paced := false // the player waited GameTime before the next game
	var lastErr error
	for guard := 0; ; guard++ {
		if ctx.Err() != nil {
			res.Stopped = true
			return res, nil
		}
		if guard > 100*games+1000 {
			return res, fmt.Errorf("autoplay: no progress after %d inputs (the last refused: %v)", guard, lastErr)
		}
		s := m.Status()
		var in machine.Input
		switch s.State {
		case machine.Idle, machine.DoorOpen, machine.Disabled:
			if res.Games >= games { // the last game is finished: stop
				return res, nil
			}
		}
		switch s.State {
		case machine.Idle:
			in = pl.pickIdle(s)
			if in.Kind == machine.InTick { // nothing to do but wait (the tick lets an expired code go)
				if !pause(ctx, 20*time.Millisecond) {
					res.Stopped = true
					return res, nil
				}
				guard--
			}
			if in.Kind == machine.InSpin && o.Tables > 0 && rng.Intn(p, 100) < o.Tables {
				in = pl.pickTable(s)
			}
			if o.GameTime > 0 && !paced && (in.Kind == machine.InSpin || in.Kind == machine.InMaxBet || in.Kind == machine.InTableDeal) {
				paced = true
				if !pause(ctx, o.GameTime) {
					res.Stopped = true
					return res, nil
				}
				continue // the machine may have changed meanwhile (the floor's disable, a door)
			}
		case machine.GameInProgress:
			in = machine.Input{Kind: machine.InStepShown, Step: s.Step}
			if play.IsTable(s.Title) {
				in = pl.tableMove()
			}
			if s.Steps > 1 && o.StepTime > 0 && !pause(ctx, o.StepTime) {
				res.Stopped = true
				return res, nil
			}
		case machine.GambleOffered:
			in = machine.Input{Kind: []machine.InputKind{machine.InTakeWin, machine.InGambleRed, machine.InGambleBlack}[rng.Intn(p, 3)]}
		case machine.HandpayLockup:
			in, res.Handpays = machine.Input{Kind: machine.InAttendantKey}, res.Handpays+1
		case machine.CashoutPending:
			in = machine.Input{Kind: machine.InCashoutConfirmed, CashoutID: s.Cashout.ID}
			if rng.Intn(p, 10) == 0 {
				in.Kind = machine.InCashoutFailed
			}
		case machine.DoorOpen:
			in = machine.Input{Kind: machine.InDoorClose}
		case machine.Disabled:
			in = machine.Input{Kind: machine.InHostEnable, Who: "autoplay"}
		case machine.Tilt:
			in = machine.Input{Kind: machine.InAttendantKey}
		case machine.JackpotPending: // the floor's controller pays it: wait
			time.Sleep(2 * time.Millisecond)
			guard--
			in = machine.Input{Kind: machine.InTick}
		default:
			return res, fmt.Errorf("autoplay stopped: %s %s", s.State, s.Reason)
		}
		err := m.Handle(in)
		if err != nil {
			lastErr = err
		}
		if err != nil && !errors.Is(err, machine.ErrRefused) && m.Status().State == machine.RAMError {
			return res, err
		}
		if err != nil && s.State == machine.Tilt {
			return res, fmt.Errorf("autoplay stopped at a tilt: %s: %w", s.Reason, err)
		}
		if err == nil {
			switch in.Kind {
			case machine.InSpin, machine.InMaxBet, machine.InTableDeal:
				res.Games++
				paced = false
			case machine.InDeposit:
				res.Deposits++
			case machine.InCashoutConfirmed:
				res.Cashouts++
			case machine.InCashout:
				if pl.walletCashouts && m.AFTRegistered() { // its code for the wallet shown
					res.Cashouts++
					pl.cashedOut()
				}
			case machine.InGambleRed, machine.InGambleBlack:
				res.GambleSteps++
			case machine.InDoorOpen:
				res.Doors++
			}
		}
	}
}

// player is the scripted player's generator and the amounts it deposits.
type player struct {
	m     *machine.Machine
	p     rng.Source // the player's choices, not game outcomes
	scale int64      // the profile's amounts over the euro's (settings.Scale)
	aml   int64      // the profile's AML threshold
	// walletCashouts: cash-outs on an AFT-registered machine too (Options);
	// walletIn is the machine's AFT cash-in counter at the last one.
	walletCashouts bool
	walletIn       int64
}

// walletPutIn reports a wallet's AFT cash-in since the player's last cash-out to
// the wallet (whose player the floor knows: the code goes to that wallet).
func (pl *player) walletPutIn() bool {
	var in int64
	pl.m.View(func(v *meters.Snapshot) { in = v.Counters()[aft.CounterCashableIn] })
	return in > pl.walletIn
}

// cashedOut notes a cash-out to the wallet.
func (pl *player) cashedOut() {
	pl.m.View(func(v *meters.Snapshot) { pl.walletIn = v.Counters()[aft.CounterCashableIn] })
}

func newPlayer(m *machine.Machine, seed uint64) (*player, error) {
	prof, err := m.Config().Profile()
	if err != nil {
		return nil, fmt.Errorf("autoplay: %w", err)
	}
	return &player{m: m, p: rng.NewSeeded(seed ^ 0x706c61796572), scale: settings.Scale(prof), aml: prof.Limits.AMLThreshold}, nil
}

// pause waits d, or until ctx ends (false).
func pause(ctx context.Context, d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-ctx.Done():
		return false
	}
}

// pickIdle chooses the player's next move when the machine is idle: InTick
// when it can only wait.
func (pl *player) pickIdle(s machine.Status) machine.Input {
	m, p := pl.m, pl.p
	if s.AFTCashout != nil { // the wallet has the code to scan: play is refused meanwhile
		return machine.Input{Kind: machine.InTick}
	}
	switch r := rng.Intn(p, 1000); {
	case r < 2:
		return machine.Input{Kind: machine.InDoorOpen}
	case r < 4:
		return machine.Input{Kind: machine.InHostDisable, Who: "autoplay"}
	case r < 20 && s.CreditsCents > 0 && !m.AFTRegistered(): // an AFT cash-out waits for the host
		return machine.Input{Kind: machine.InCashout}
	case r < 20 && s.CreditsCents > 0 && pl.walletCashouts && pl.walletPutIn():
		// a wallet put money in (AFT) since the last cash-out: the code for it
		return machine.Input{Kind: machine.InCashout}
	case r < 80:
		ts := m.Titles()
		return machine.Input{Kind: machine.InSelectTitle, Title: ts[rng.Intn(p, len(ts))].Spec.ID}
	case r < 140:
		ds := m.Denominations(s.Title)
		return machine.Input{Kind: machine.InSelectDenom, Cents: ds[rng.Intn(p, len(ds))]}
	case r < 200:
		lo, hi, _ := m.BetRange(s.Title, s.DenomCents)
		return machine.Input{Kind: machine.InSetBet, Credits: lo + int64(rng.Uint64n(p, uint64(min(hi-lo+1, 20))))}
	}
	if s.CreditsCents < s.BetCents && s.CreditsCents > 0 && s.Wallet == machine.AFTWallet {
		// A wallet's balance: the test wallet may not add to it (R-CASH-3). Its
		// code for the wallet, or a wait (a smaller bet, picked above now and
		// then, or the floor's idle cash-out).
		if pl.walletCashouts {
			return machine.Input{Kind: machine.InCashout}
		}
		return machine.Input{Kind: machine.InTick}
	}
	if s.CreditsCents < s.BetCents {
		k := pl.scale // deposits in the profile's currency (KZ: the euro amounts × 500)
		cents := k * int64(2000+500*rng.Intn(p, 40))
		if rng.Intn(p, 50) == 0 {
			cents = pl.aml + 50_000*k // above the AML threshold
		}
		return machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: cents}
	}
	if rng.Intn(p, 40) == 0 {
		return machine.Input{Kind: machine.InMaxBet}
	}
	return machine.Input{Kind: machine.InSpin}
}
