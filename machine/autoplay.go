package machine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/rng"
	"egm/tables/play"
)

// TestWallet is the built-in test wallet's id: autoplay deposits from it and
// confirms its cash-outs at once (the real wallet arrives with its own issue).
const TestWallet = "test-wallet-1"

// AutoplayResult counts what a scripted player did.
type AutoplayResult struct {
	Games, Deposits, Cashouts, GambleSteps, Handpays, Doors int
	// Stopped: the context ended first (a signal); the player stopped after its
	// last input, a committed step (a game in progress resumes at it).
	Stopped bool
}

// Autoplay is a scripted player for headless runs and the lab: it deposits from
// the test wallet, varies titles, denominations and bets, presents every step,
// gambles about half the wins offered, cashes out now and then and clears doors,
// host disables and handpays. Its choices come from a generator of its own seeded
// with seed (they are the player's, not the game's: they never reach an outcome).
// It stops once games spins are played and the last is settled (or its cash-out
// done), or at a lockup it cannot clear.
func Autoplay(m *Machine, games int, seed uint64) (AutoplayResult, error) {
	return AutoplayWith(m, AutoplayOptions{Games: games, Seed: seed})
}

// AutoplayOptions tune the scripted player.
type AutoplayOptions struct {
	Games int
	Seed  uint64
	// StepTime is how long each step of a game with features "shows" before the
	// player goes on (0: at once). The kill campaign sets it so that kills land
	// inside features as they would with a screen.
	StepTime time.Duration
	// Tables mixes table rounds in: about one game in Tables out of 100 is a
	// table game's round (autoplay_table.go), its decisions the house strategy's
	// mostly; 0 plays slots only.
	Tables int
}

// AutoplayWith is Autoplay with options.
func AutoplayWith(m *Machine, o AutoplayOptions) (AutoplayResult, error) {
	return AutoplayContext(context.Background(), m, o)
}

// AutoplayContext is AutoplayWith until ctx ends: then the player stops before
// its next input (each input is one commit, so it stops at a committed step) and
// returns with Stopped set, within one input (or one StepTime) of the end.
func AutoplayContext(ctx context.Context, m *Machine, o AutoplayOptions) (AutoplayResult, error) {
	games := o.Games
	p := rng.NewSeeded(o.Seed ^ 0x706c61796572) // the scripted player's choices, not game outcomes
	var res AutoplayResult
	for guard := 0; ; guard++ {
		if ctx.Err() != nil {
			res.Stopped = true
			return res, nil
		}
		if guard > 100*games+1000 {
			return res, fmt.Errorf("machine: autoplay: no progress after %d inputs", guard)
		}
		s := m.Status()
		var in Input
		switch s.State {
		case Idle, DoorOpen, Disabled:
			if res.Games >= games { // the last game is finished: stop
				return res, nil
			}
		}
		switch s.State {
		case Idle:
			in = pickIdle(m, s, p)
			if in.Kind == InSpin && o.Tables > 0 && rng.Intn(p, 100) < o.Tables {
				in = pickTable(m, s, p)
			}
		case GameInProgress:
			in = Input{Kind: InStepShown, Step: s.Step}
			if play.IsTable(s.Title) {
				in = tableMove(m, p)
			}
			if s.Steps > 1 && o.StepTime > 0 {
				select {
				case <-time.After(o.StepTime):
				case <-ctx.Done():
					res.Stopped = true
					return res, nil
				}
			}
		case GambleOffered:
			in = Input{Kind: []InputKind{InTakeWin, InGambleRed, InGambleBlack}[rng.Intn(p, 3)]}
		case HandpayLockup:
			in, res.Handpays = Input{Kind: InAttendantKey}, res.Handpays+1
		case CashoutPending:
			in = Input{Kind: InCashoutConfirmed, CashoutID: s.Cashout.ID}
			if rng.Intn(p, 10) == 0 {
				in.Kind = InCashoutFailed
			}
		case DoorOpen:
			in = Input{Kind: InDoorClose}
		case Disabled:
			in = Input{Kind: InHostEnable, Who: "autoplay"}
		case Tilt:
			in = Input{Kind: InAttendantKey}
		case JackpotPending: // the floor's controller pays it: wait
			time.Sleep(2 * time.Millisecond)
			guard--
			in = Input{Kind: InTick}
		default:
			return res, fmt.Errorf("machine: autoplay stopped: %s %s", s.State, s.Reason)
		}
		err := m.Handle(in)
		if err != nil && !errors.Is(err, ErrRefused) && m.Status().State == RAMError {
			return res, err
		}
		if err != nil && s.State == Tilt {
			return res, fmt.Errorf("machine: autoplay stopped at a tilt: %s: %w", s.Reason, err)
		}
		if err == nil {
			switch in.Kind {
			case InSpin, InMaxBet, InTableDeal:
				res.Games++
			case InDeposit:
				res.Deposits++
			case InCashoutConfirmed:
				res.Cashouts++
			case InGambleRed, InGambleBlack:
				res.GambleSteps++
			case InDoorOpen:
				res.Doors++
			}
		}
	}
}

// pickIdle chooses the player's next move when the machine is idle.
func pickIdle(m *Machine, s Status, p rng.Source) Input {
	switch r := rng.Intn(p, 1000); {
	case r < 2:
		return Input{Kind: InDoorOpen}
	case r < 4:
		return Input{Kind: InHostDisable, Who: "autoplay"}
	case r < 20 && s.CreditsCents > 0 && !m.AFTRegistered(): // an AFT cash-out waits for the host
		return Input{Kind: InCashout}
	case r < 80:
		ts := m.Titles()
		return Input{Kind: InSelectTitle, Title: ts[rng.Intn(p, len(ts))].Spec.ID}
	case r < 140:
		ds := m.Denominations(s.Title)
		return Input{Kind: InSelectDenom, Cents: ds[rng.Intn(p, len(ds))]}
	case r < 200:
		lo, hi, _ := m.BetRange(s.Title, s.DenomCents)
		return Input{Kind: InSetBet, Credits: lo + int64(rng.Uint64n(p, uint64(min(hi-lo+1, 20))))}
	}
	if s.CreditsCents < s.BetCents {
		k := scale(m.prof) // deposits in the profile's currency (KZ: the euro amounts × 500)
		cents := k * int64(2000+500*rng.Intn(p, 40))
		if rng.Intn(p, 50) == 0 {
			cents = m.prof.Limits.AMLThreshold + 50_000*k // above the AML threshold
		}
		return Input{Kind: InDeposit, Wallet: TestWallet, Cents: cents}
	}
	if rng.Intn(p, 40) == 0 {
		return Input{Kind: InMaxBet}
	}
	return Input{Kind: InSpin}
}
