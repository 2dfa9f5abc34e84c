//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"os"
	"strings"

	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/operator"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// opRig is a machine on a temporary state directory with some games played (a
// Lock & Spin game and a gamble among them), its session and an operator PIN: the
// operator menu's screenshots and tests.
type opRig struct {
	dir          string
	m            *machine.Machine
	s            *machineSession
	pin          *operator.PINStore
	titles       []*slot.Title
	lockGame     uint64            // a game with Lock & Spin
	bjGame       uint64            // a blackjack hand with a split or a double
	rouletteGame uint64            // a roulette spin
	tableGames   map[string]uint64 // a table round of each game
	presented    map[uint64][]byte // the outcome bytes the screen was given, per game
}

// opRigPIN is the rig's operator PIN.
const opRigPIN = "2580"

// rigTitle is the title the rig plays (Lock & Spin and the gamble).
const rigTitle = "born-to-gamble"

// newOpRig opens the rig and plays until recall holds a Lock & Spin game and a
// gambled one (at most 3,000 games).
func newOpRig(titles []*slot.Title, seed uint64) (*opRig, error) {
	dir, err := os.MkdirTemp("", "egm-opmenu-")
	if err != nil {
		return nil, fmt.Errorf("ui: operator rig: %w", err)
	}
	m, err := machine.Open(dir, settings.DefaultConfigFor(kit.ScreenLang.Profile), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}, Titles: titles, Clock: rigClock{}})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	r := &opRig{dir: dir, m: m, titles: titles, presented: map[uint64][]byte{},
		pin: operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 1024, Threads: 1, KeyLen: 32}})}
	m.Subscribe(func(o machine.Output) {
		if o.Kind == machine.OutPresent && o.Step == 0 {
			r.presented[m.Status().Game] = o.Outcome
		}
	})
	if err := r.play(); err != nil {
		r.Close()
		return nil, err
	}
	if err := r.pin.Set(opRigPIN); err != nil {
		r.Close()
		return nil, err
	}
	r.s = newMachineSession(m, titles)
	r.s.Flush()
	return r, nil
}

func (r *opRig) play() error {
	do := func(in machine.Input) error {
		if err := r.m.Handle(in); err != nil {
			return fmt.Errorf("ui: operator rig: %s: %w", in.Kind, err)
		}
		return nil
	}
	if err := do(machine.Input{Kind: machine.InSelectTitle, Title: rigTitle}); err != nil {
		return err
	}
	gambled := 0 // games gambled since the Lock & Spin game
	for n := 0; n < 3000 && (r.lockGame == 0 || gambled < 2 || n < 12); n++ {
		st := r.m.Status()
		if st.CreditsCents < st.BetCents {
			if err := do(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 50_000 * kit.DemoScale()}); err != nil {
				return err
			}
		}
		if err := do(machine.Input{Kind: machine.InSpin}); err != nil {
			return err
		}
		st = r.m.Status()
		if o, err := opmenu.DecodeOutcome(r.presented[st.Game]); r.lockGame == 0 && err == nil && o.LockSpin != nil {
			r.lockGame = st.Game
		}
		for st = r.m.Status(); st.State == machine.GameInProgress; st = r.m.Status() {
			if err := do(machine.Input{Kind: machine.InStepShown, Step: st.Step}); err != nil {
				return err
			}
		}
		switch st.State {
		case machine.GambleOffered:
			if r.lockGame != 0 {
				gambled++
			}
			if err := do(machine.Input{Kind: machine.InGambleRed}); err != nil { // one card on red, every time
				return err
			}
			if r.m.Status().State == machine.GambleOffered {
				if err := do(machine.Input{Kind: machine.InTakeWin}); err != nil {
					return err
				}
			}
		case machine.HandpayLockup:
			if err := do(machine.Input{Kind: machine.InAttendantKey}); err != nil {
				return err
			}
		}
	}
	if r.lockGame == 0 || gambled == 0 {
		return fmt.Errorf("ui: operator rig: no Lock & Spin game or no gamble in 3,000 games")
	}
	if err := r.playTables(); err != nil {
		return err
	}
	// a few events for the log: the door, the host, a configuration change
	c := r.m.Config()
	c.IdleCashoutMinutes = 10
	for _, in := range []machine.Input{{Kind: machine.InDoorOpen}, {Kind: machine.InDoorClose},
		{Kind: machine.InHostDisable, Who: "floor host"}, {Kind: machine.InHostEnable, Who: "floor host"},
		{Kind: machine.InConfigure, Config: &c, Who: "operator menu"}} {
		if err := do(in); err != nil {
			return err
		}
	}
	return nil
}

// newRAMErrorRig is a rig whose critical memory is damaged in both copies: the
// machine opens in RAM ERROR (no games played, no PIN set).
func newRAMErrorRig(titles []*slot.Title) (*opRig, error) {
	dir, err := os.MkdirTemp("", "egm-opmenu-ram-")
	if err != nil {
		return nil, fmt.Errorf("ui: operator rig: %w", err)
	}
	opts := machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}, Titles: titles, Clock: rigClock{}}
	m, err := machine.Open(dir, settings.DefaultConfigFor(kit.ScreenLang.Profile), opts)
	if err == nil {
		err = m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 5_000 * kit.DemoScale()})
		m.Close()
	}
	for _, p := range meters.CopyPaths(dir) {
		if err == nil {
			err = os.Truncate(p, 0)
		}
	}
	if err == nil {
		m, err = machine.Open(dir, settings.DefaultConfigFor(kit.ScreenLang.Profile), opts)
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("ui: operator rig: %w", err)
	}
	r := &opRig{dir: dir, m: m, titles: titles, presented: map[uint64][]byte{},
		pin: operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 1024, Threads: 1, KeyLen: 32}})}
	r.s = newMachineSession(m, titles)
	r.s.Flush()
	return r, nil
}

// newHandpayRig is a rig in the handpay lockup: a handpay limit of 40.00 EUR, the
// gamble off, and games played until a win goes over it (at most 5,000).
func newHandpayRig(titles []*slot.Title, seed uint64) (*opRig, error) {
	dir, err := os.MkdirTemp("", "egm-opmenu-handpay-")
	if err != nil {
		return nil, fmt.Errorf("ui: operator rig: %w", err)
	}
	cfg := settings.DefaultConfigFor(kit.ScreenLang.Profile)
	cfg.HandpayLimitCents, cfg.Gamble.Enabled = 4_000, false
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}, Titles: titles, Clock: rigClock{}})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	r := &opRig{dir: dir, m: m, titles: titles, presented: map[uint64][]byte{},
		pin: operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 1024, Threads: 1, KeyLen: 32}})}
	fail := func(err error) (*opRig, error) {
		m.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("ui: operator rig: %w", err)
	}
	if err := m.Handle(machine.Input{Kind: machine.InSelectTitle, Title: rigTitle}); err != nil {
		return fail(err)
	}
	for n := 0; n < 5000 && m.Status().State != machine.HandpayLockup; n++ {
		st := m.Status()
		if st.CreditsCents < st.BetCents {
			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 50_000 * kit.DemoScale()}); err != nil {
				return fail(err)
			}
		}
		if err := m.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
			return fail(err)
		}
		for st = m.Status(); st.State == machine.GameInProgress; st = m.Status() {
			if err := m.Handle(machine.Input{Kind: machine.InStepShown, Step: st.Step}); err != nil {
				return fail(err)
			}
		}
	}
	if m.Status().State != machine.HandpayLockup {
		return fail(fmt.Errorf("no handpay in 5,000 games"))
	}
	r.s = newMachineSession(m, titles)
	r.s.Flush()
	return r, nil
}

// Close closes the session and the machine and removes the state directory.
func (r *opRig) Close() {
	if r.s != nil {
		r.s.Close()
	}
	r.m.Close()
	os.RemoveAll(r.dir)
}

// menu is the operator menu with the PIN entered, on page i.
func (r *opRig) menu(i int, audio scene.AudioControl) *opmenu.Operator {
	o := opmenu.NewOperator(r.s, r.titles, r.pin, audio, nil)
	o.PinAnswer(nil)
	r.s.Flush() // the access event is in the log before a page reads it, on every run
	o.OpenPage(i)
	return o
}

// replayAt is the operator menu replaying recalled game n at the first replay
// step whose key starts with prefix (the middle one of several), ticks into it.
func (r *opRig) replayAt(n uint64, prefix string, into int) (*opmenu.Operator, error) {
	o, rp, err := r.recalled(n)
	if err != nil {
		return nil, err
	}
	if rp.Play == nil {
		return nil, fmt.Errorf("ui: recall of game %d: %s", n, rp.Problem)
	}
	var match []int
	for i, s := range rp.Steps {
		if strings.HasPrefix(s.Key, prefix) {
			match = append(match, i)
		}
	}
	if len(match) == 0 {
		return nil, fmt.Errorf("ui: recall of game %d: no step %q", n, prefix)
	}
	rp.GoTo(match[len(match)/2])
	rp.Play.Tick = min(rp.Play.Tick+into, rp.StopAt)
	o.Replay = rp
	return o, nil
}

// recalled is the operator menu and the replay of recalled game n (not yet shown).
func (r *opRig) recalled(n uint64) (*opmenu.Operator, *opmenu.RecallReplay, error) {
	o := r.menu(0, nil)
	var p opmenu.RecallPage
	p.Open(o)
	for _, e := range p.Entries {
		if e.Number == n {
			return o, opmenu.NewRecallReplay(e, o.Titles), nil
		}
	}
	return nil, nil, fmt.Errorf("ui: recall holds no game %d", n)
}

// gambledGame is the number of a recalled game with gamble cards.
func (r *opRig) gambledGame() uint64 {
	o := r.menu(0, nil)
	var p opmenu.RecallPage
	p.Open(o)
	for _, e := range p.Entries {
		if len(e.Gamble) > 0 {
			if rp := opmenu.NewRecallReplay(e, o.Titles); len(rp.Rounds) > 0 {
				return e.Number
			}
		}
	}
	return 0
}

// operatorShots are the operator menu's screenshots: the PIN entry, the meters,
// the event log, a recalled Lock & Spin game mid-replay, a gamble card in recall,
// the configuration, a recalled blackjack hand mid-replay and the table games'
// settings. The returned rig is closed by the caller after the capture.
func operatorShots(titles []*slot.Title, seed uint64) ([]namedShot, *opRig, error) {
	r, err := newOpRig(titles, seed)
	if err != nil {
		return nil, nil, err
	}
	pinShot := opmenu.NewOperator(r.s, titles, r.pin, nil, nil)
	pinShot.Entry = []byte("25")
	set := []namedShot{{"operator-pin", scene.Shot{Scene: pinShot, Frames: 2}}}
	for _, name := range []string{"METERS", "EVENT LOG", "GAME RECALL", "CONFIGURATION"} {
		o := r.menu(0, nil)
		o.OpenPage(o.PageIndex(name))
		set = append(set, namedShot{"operator-" + shotName(name), scene.Shot{Scene: o, Frames: 2}})
	}
	o, err := r.replayAt(r.lockGame, "LOCK & SPIN RESPIN", slotscene.RespinLand+2)
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	set = append(set, namedShot{"operator-recall-replay", scene.Shot{Scene: o, Frames: 2}})
	if g := r.gambledGame(); g != 0 {
		if o, err := r.replayAt(g, "GAMBLE CARD", 0); err == nil {
			set = append(set, namedShot{"operator-recall-gamble", scene.Shot{Scene: o, Frames: 24}})
		}
	}
	if o, err := r.tableReplayAt(r.bjGame, ""); err == nil {
		set = append(set, namedShot{"operator-recall-table", scene.Shot{Scene: o, Frames: 2}})
	}
	o = r.menu(0, nil)
	o.OpenPage(o.PageIndex("TABLE GAMES"))
	set = append(set, namedShot{"operator-table-games", scene.Shot{Scene: o, Frames: 2}})
	return set, r, nil
}

func shotName(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c == ' ':
			b[i] = '-'
		case c >= 'A' && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
