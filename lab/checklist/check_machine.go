package checklist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"egm/jurisdiction"
	"egm/lab"
	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// The rows that drive the machine in process, through its inputs, as the cabinet
// does: critical memory (7), meters (9), recall (10), doors and tilts (11),
// handpay (12), and the machine's side of the health tests (5).

// rig is a machine on its own state directory, driven by the checks.
type rig struct {
	dir   string
	clock *machinetest.Clock
	cfg   settings.Config
	opts  machine.Options
	m     *machine.Machine
	outs  []machine.Output
}

func newRig(dir string, cfg settings.Config, dec machine.Decider) (*rig, error) {
	r := &rig{dir: dir, clock: machinetest.ClockAt(time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)), cfg: cfg}
	r.opts = machine.Options{Clock: r.clock, Decider: dec}
	return r, r.open()
}

func (r *rig) open() error {
	m, err := machine.Open(r.dir, r.cfg, r.opts)
	if err != nil {
		return err
	}
	r.m = m
	m.Subscribe(func(o machine.Output) { r.outs = append(r.outs, o) })
	return nil
}

// restart is a power cut (nothing settled) and a power-up.
func (r *rig) restart() error {
	r.m.Close()
	if err := r.open(); err != nil {
		return err
	}
	r.m.Handle(machine.Input{Kind: machine.InTick})
	return nil
}

func (r *rig) close() {
	if r.m != nil {
		r.m.Close()
	}
}

func (r *rig) must(in machine.Input) error {
	if err := r.m.Handle(in); err != nil {
		return fmt.Errorf("%s: %w", in.Kind, err)
	}
	return nil
}

func (r *rig) meters() meters.Meters {
	var ms meters.Meters
	r.m.View(func(v *meters.Snapshot) { ms = v.Meters() })
	return ms
}

func (r *rig) recall() []meters.RecallEntry {
	var rc []meters.RecallEntry
	r.m.View(func(v *meters.Snapshot) { rc = v.Recall() })
	return rc
}

func (r *rig) hasEvent(kind meters.EventKind) bool {
	var ev []meters.Event
	r.m.View(func(v *meters.Snapshot) { ev, _ = v.Events() })
	for _, e := range ev {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

// sentEvent tells whether an event of kind went out to the floor link.
func (r *rig) sentEvent(kind meters.EventKind) bool {
	for _, o := range r.outs {
		if o.Kind == machine.OutEvent && o.Event != nil && o.Event.Kind == kind {
			return true
		}
	}
	return false
}

// present shows every step of the game in progress.
func (r *rig) present() error {
	for s := r.m.Status(); s.State == machine.GameInProgress; s = r.m.Status() {
		if err := r.must(machine.Input{Kind: machine.InStepShown, Step: s.Step}); err != nil {
			return err
		}
	}
	return nil
}

// play plays one game (depositing when short, taking any gamble offer).
func (r *rig) play() error {
	s := r.m.Status()
	if s.State == machine.GambleOffered {
		if err := r.must(machine.Input{Kind: machine.InTakeWin}); err != nil {
			return err
		}
	}
	if s.CreditsCents < s.BetCents {
		if err := r.must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_000}); err != nil {
			return err
		}
	}
	if err := r.must(machine.Input{Kind: machine.InSpin}); err != nil {
		return err
	}
	if err := r.present(); err != nil {
		return err
	}
	if r.m.Status().State == machine.GambleOffered {
		return r.must(machine.Input{Kind: machine.InTakeWin})
	}
	return nil
}

// spinUntil plays until stop holds after a spin (or after its presentation).
func (r *rig) spinUntil(limit int, stop func(machine.Status) bool) (machine.Status, error) {
	for i := 0; i < limit; i++ {
		s := r.m.Status()
		if s.State == machine.GambleOffered {
			if err := r.must(machine.Input{Kind: machine.InTakeWin}); err != nil {
				return s, err
			}
		}
		if s.CreditsCents < s.BetCents {
			if err := r.must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_000}); err != nil {
				return s, err
			}
		}
		if err := r.must(machine.Input{Kind: machine.InSpin}); err != nil {
			return s, err
		}
		if s := r.m.Status(); stop(s) {
			return s, nil
		}
		if err := r.present(); err != nil {
			return s, err
		}
		if s := r.m.Status(); stop(s) {
			return s, nil
		}
	}
	return r.m.Status(), fmt.Errorf("condition not reached in %d games", limit)
}

// tempDir is a scratch directory of a check, removed by the returned func.
func tempDir(prefix string) (string, func(), error) {
	d, err := os.MkdirTemp("", "egm-lab-"+prefix+"-*")
	if err != nil {
		return "", nil, err
	}
	return d, func() { os.RemoveAll(d) }, nil
}

func refused(err error) bool { return errors.Is(err, machine.ErrRefused) }

// copyDir copies the regular files of src into a new dst.
func copyDir(src, dst string) error {
	if err := os.MkdirAll(dst, 0o700); err != nil {
		return err
	}
	es, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range es {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// flipBits flips k random bits of the file at path.
func flipBits(path string, k int, p rng.Source) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if len(b) == 0 {
		return nil
	}
	for i := 0; i < k; i++ {
		j := rng.Intn(p, len(b))
		b[j] ^= 1 << rng.Intn(p, 8)
	}
	return os.WriteFile(path, b, 0o600)
}

// memoryView is what a reopened machine must have kept: its meters but the
// power-up count, its credits and its recall.
func memoryView(r *rig) string {
	ms := r.meters()
	ms[meters.PowerUps] = 0
	b, _ := json.Marshal(struct {
		M meters.Meters
		R []meters.RecallEntry
	}{ms, r.recall()})
	return string(b)
}

func itemCriticalMemory(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("memory")
	if err != nil {
		return err
	}
	defer done()
	base := filepath.Join(dir, "base")
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	rg, err := newRig(base, cfg, machine.Seeded{G: rng.NewSeeded(a.o.Seed + 70)})
	if err != nil {
		return err
	}
	for i := 0; i < 25; i++ {
		if err := rg.play(); err != nil {
			rg.close()
			return err
		}
	}
	rg.close()
	// The reference: the undamaged memory reopened.
	ref := filepath.Join(dir, "ref")
	if err := copyDir(base, ref); err != nil {
		return err
	}
	rr, err := newRig(ref, cfg, machine.Seeded{G: rng.NewSeeded(1)})
	if err != nil {
		return err
	}
	want := memoryView(rr)
	rr.close()

	p := rng.NewSeeded(a.o.Seed ^ 77)
	type tally struct{ trials, repaired, ramError, wrong int }
	kinds := []string{"bits flipped in copy A", "bits flipped in copy B", "one copy truncated", "bits flipped in both copies", "both copies emptied"}
	res := make([]tally, len(kinds))
	var problems []string
	bar := a.bar(int64(a.sc.BitFlips), "memory damage")
	for trial := 0; trial < a.sc.BitFlips; trial++ {
		k := trial % len(kinds)
		d := filepath.Join(dir, fmt.Sprintf("t%d", trial))
		if err := copyDir(base, d); err != nil {
			return err
		}
		paths := meters.CopyPaths(d)
		switch k {
		case 0, 1:
			err = flipBits(paths[k], 1+rng.Intn(p, 8), p)
		case 2:
			var st os.FileInfo
			if st, err = os.Stat(paths[rng.Intn(p, 2)]); err == nil {
				err = os.Truncate(paths[rng.Intn(p, 2)], int64(rng.Uint64n(p, uint64(st.Size()))))
			}
		case 3:
			for _, path := range paths {
				if err = flipBits(path, 1+rng.Intn(p, 8), p); err != nil {
					break
				}
			}
		case 4:
			for _, path := range paths {
				if err = os.Truncate(path, 0); err != nil {
					break
				}
			}
		}
		if err != nil {
			return err
		}
		res[k].trials++
		m, err := newRig(d, cfg, machine.Seeded{G: rng.NewSeeded(2)})
		if err != nil {
			return fmt.Errorf("trial %d (%s): open: %w", trial, kinds[k], err)
		}
		s := m.m.Status()
		switch {
		case s.State == machine.RAMError:
			res[k].ramError++
			// Play blocked, never auto-cleared, the operator's RAM clear ends it.
			dep := m.m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100})
			spin := m.m.Handle(machine.Input{Kind: machine.InSpin})
			key := m.m.Handle(machine.Input{Kind: machine.InAttendantKey})
			if !refused(dep) || !refused(spin) || !refused(key) {
				problems = append(problems, fmt.Sprintf("trial %d: RAM ERROR took deposit %v, spin %v, attendant key %v", trial, dep, spin, key))
			}
			if err := m.restart(); err != nil {
				return err
			}
			if st := m.m.Status().State; st != machine.RAMError {
				problems = append(problems, fmt.Sprintf("trial %d: RAM ERROR cleared by a power cycle (now %s)", trial, st))
			}
			if err := m.must(machine.Input{Kind: machine.InRAMClear, Who: "lab operator"}); err != nil {
				problems = append(problems, fmt.Sprintf("trial %d: RAM clear: %v", trial, err))
			} else if st := m.m.Status(); st.State != machine.Idle || st.CreditsCents != 0 || !m.hasEvent(meters.EvRAMClear) {
				problems = append(problems, fmt.Sprintf("trial %d: after RAM clear %s with %d cents", trial, st.State, st.CreditsCents))
			}
		case memoryView(m) == want:
			res[k].repaired++
		default:
			res[k].wrong++
			problems = append(problems, fmt.Sprintf("trial %d (%s): the machine opened %s with meters or recall differing from the undamaged memory", trial, kinds[k], s.State))
		}
		m.close()
		os.RemoveAll(d)
		bar.Int(trial + 1)
	}
	bar.Done()
	var rows [][]string
	oneCopy, bothBad := 0, 0
	for k, t := range res {
		rows = append(rows, []string{kinds[k], strconv.Itoa(t.trials), strconv.Itoa(t.repaired), strconv.Itoa(t.ramError), strconv.Itoa(t.wrong)})
		if k <= 2 {
			oneCopy += t.ramError + t.wrong
		}
		if k == 4 {
			bothBad += t.repaired + t.wrong
		}
	}
	r.table("damage trials on a copy of the stored image (25 games played)", []string{"damage", "trials", "repaired, memory identical", "RAM ERROR", "wrong memory accepted"}, rows)
	r.check("one bad copy repaired", oneCopy == 0, "%d trials damaging one copy: every one reopened with identical meters, credits and recall", res[0].trials+res[1].trials+res[2].trials)
	r.check("all copies bad → RAM ERROR", bothBad == 0 && res[4].ramError == res[4].trials, "%d trials emptying both copies: %d RAM ERROR", res[4].trials, res[4].ramError)
	wrong := 0
	for _, t := range res {
		wrong += t.wrong
	}
	r.check("never wrong memory", wrong == 0, "%d trials in all: %d opened with memory differing from the undamaged one", a.sc.BitFlips, wrong)
	r.check("RAM ERROR blocks play, survives a power cycle, cleared only by the operator", len(problems) == 0, "%s", firstOr(problems, "deposit, spin and attendant key refused; kept across a restart; RAM clear → idle, 0 credits, event logged"))
	r.Summary = fmt.Sprintf("%d damage trials: %d repaired, %d RAM ERROR, %d wrong", a.sc.BitFlips, sumT(res, func(t tally) int { return t.repaired }), sumT(res, func(t tally) int { return t.ramError }), wrong)
	return nil
}

func sumT[T any](xs []T, f func(T) int) int {
	n := 0
	for _, x := range xs {
		n += f(x)
	}
	return n
}

func firstOr(xs []string, def string) string {
	if len(xs) == 0 {
		return def
	}
	if len(xs) > 1 {
		return fmt.Sprintf("%s (and %d more)", xs[0], len(xs)-1)
	}
	return xs[0]
}

func itemMeters(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("meters")
	if err != nil {
		return err
	}
	defer done()
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 10_000
	cfg.Gamble.MaxWin = 10_000
	rg, err := newRig(filepath.Join(dir, "m"), cfg, machine.Seeded{G: rng.NewSeeded(a.o.Seed + 90)})
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	p := rng.NewSeeded(a.o.Seed ^ 90)
	kinds := []machine.InputKind{machine.InSelectTitle, machine.InSelectDenom, machine.InSetBet, machine.InBetUp, machine.InMaxBet,
		machine.InSpin, machine.InSpin, machine.InSpin, machine.InStepShown, machine.InStepShown, machine.InTakeWin, machine.InGambleRed,
		machine.InGambleBlack, machine.InCollect, machine.InCashout, machine.InAttendantKey, machine.InDoorOpen, machine.InDoorClose,
		machine.InHostDisable, machine.InHostEnable, machine.InDeposit, machine.InCashoutConfirmed, machine.InCashoutFailed, machine.InTick}
	var prev meters.Meters
	var violations []string
	restarts := 0
	var xs, credits, coinIn []float64
	bar := a.bar(int64(a.sc.MachineInputs), "meter events")
	for i := 0; i < a.sc.MachineInputs; i++ {
		if rng.Intn(p, 100) == 0 {
			if err := rg.restart(); err != nil {
				return err
			}
			restarts++
		}
		s := rg.m.Status()
		in := machine.Input{Kind: kinds[rng.Intn(p, len(kinds))], Step: s.Step, Wallet: machine.TestWallet, Cents: int64(rng.Intn(p, 30_000)), Credits: int64(rng.Intn(p, 50))}
		if s.State == machine.GameInProgress && rng.Intn(p, 2) == 0 {
			in.Kind = machine.InStepShown // a screen mostly presents the game it was given
		}
		if s.Cashout != nil {
			in.CashoutID = s.Cashout.ID
		}
		if ts := rg.m.Titles(); in.Kind == machine.InSelectTitle {
			in.Title = ts[rng.Intn(p, len(ts))].Spec.ID
		}
		if in.Kind == machine.InSelectDenom {
			ds := jurisdiction.EE.Limits.Denominations // R-GAME-11's, in euro cents
			in.Cents = ds[rng.Intn(p, len(ds))]
		}
		rg.clock.Add(90 * time.Second)
		rg.m.Handle(in)
		m := rg.meters()
		if err := m.Invariant(); err != nil {
			violations = append(violations, fmt.Sprintf("input %d (%s): %v", i, in.Kind, err))
		}
		for k := range m {
			if meters.Meter(k) != meters.CurrentCredits && m[k] < prev[k] {
				violations = append(violations, fmt.Sprintf("input %d (%s): %s went down", i, in.Kind, meters.Meter(k)))
			}
		}
		open := int64(0)
		if rg.m.Status().Game != 0 {
			open = 1
		}
		if m.Get(meters.GamesWon)+m.Get(meters.GamesLost)+m.Get(meters.GamesVoided)+open != m.Get(meters.GamesPlayed) {
			violations = append(violations, fmt.Sprintf("input %d (%s): games won + lost + voided + in progress ≠ played", i, in.Kind))
		}
		prev = m
		xs = append(xs, float64(i))
		credits = append(credits, float64(m.Get(meters.CurrentCredits))/100)
		coinIn = append(coinIn, float64(m.Get(meters.CoinIn))/100)
		bar.Int(i + 1)
	}
	bar.Done()
	m := rg.meters()
	r.check("credits equation after every event", len(violations) == 0, "%d random inputs with %d power cycles: %s", a.sc.MachineInputs, restarts,
		firstOr(violations, "credits = in − bets + wins + refunds − out held after each, no meter went down, games won + lost + voided + in progress = played"))
	r.check("the inputs exercised the machine", m.Get(meters.GamesPlayed) >= int64(max(2, a.sc.MachineInputs/150)) && m.Get(meters.WalletOut) > 0,
		"%d games played, %d cents out, %d cents handpaid", m.Get(meters.GamesPlayed), m.Get(meters.WalletOut), m.Get(meters.Handpay))
	var rows [][]string
	for k := range m {
		if m[k] != 0 {
			rows = append(rows, []string{meters.Meter(k).String(), strconv.FormatInt(m[k], 10)})
		}
	}
	r.table("meters after the random inputs", []string{"meter", "value"}, rows)
	if err := plotLines(a.plotPath("meters-random-inputs.png"), "credits and coin in over the random inputs", "input", lab.Currency.Code,
		xs, map[string][]float64{"current credits": credits, "coin in": coinIn}); err != nil {
		return err
	}
	r.Plots = append(r.Plots, Plot{"meters-random-inputs.png", "the balance and the coin-in meter over the random inputs (every point checked against the credits equation)"})
	// Rollover at the meters' width.
	if err := rollover(filepath.Join(dir, "rollover"), r); err != nil {
		return err
	}
	r.Summary = fmt.Sprintf("%d inputs, %d games, %d restarts: %d violations; rollover at 10^%d", a.sc.MachineInputs, m.Get(meters.GamesPlayed), restarts, len(violations), digits(meters.Modulus))
	return nil
}

func digits(n int64) int { return len(strconv.FormatInt(n, 10)) - 1 }

// rollover brings coin in and wallet in past the meters' width: they wrap to the
// remainder, the replay accepts it and the credits equation holds across it.
func rollover(dir string, r *ItemResult) error {
	st, err := meters.Open(dir, meters.Options{})
	if err != nil {
		return err
	}
	for _, big := range []int64{meters.Modulus/2 - 1, meters.Modulus/2 - 9} {
		if err := st.Update(func(tx *meters.Tx) error {
			tx.Add(meters.WalletIn, big)
			tx.Add(meters.CoinIn, big)
			tx.Add(meters.GamesPlayed, big)
			return tx.SetCredits(0)
		}); err != nil {
			st.Close()
			return err
		}
	}
	err = st.Update(func(tx *meters.Tx) error {
		tx.Add(meters.WalletIn, 100)
		tx.Add(meters.CoinIn, 30)
		tx.Add(meters.GamesPlayed, 30)
		return tx.SetCredits(70)
	})
	st.Close()
	if err != nil {
		r.check("rollover", false, "a commit across the width was refused: %v", err)
		return nil
	}
	st, err = meters.Open(dir, meters.Options{})
	if err != nil {
		r.check("rollover", false, "the replay refused the rollover: %v", err)
		return nil
	}
	m := st.Meters()
	st.Close()
	r.check("rollover", m[meters.WalletIn] == 90 && m[meters.CoinIn] == 20 && m[meters.GamesPlayed] == 20 && m.Invariant() == nil,
		"meters wrap at %d: wallet in %d, coin in %d, games %d after crossing (want 90, 20, 20), credits equation %s", meters.Modulus, m[meters.WalletIn], m[meters.CoinIn], m[meters.GamesPlayed], errOrOK(m.Invariant()))
	return nil
}

func itemRecall(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("recall")
	if err != nil {
		return err
	}
	defer done()
	rg, err := newRig(dir, settings.DefaultConfig(), machine.Seeded{G: rng.NewSeeded(a.o.Seed + 100)})
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	const games = 120
	for i := 0; i < games; i++ {
		if err := rg.play(); err != nil {
			return err
		}
	}
	rc := rg.recall()
	r.check("last games kept", len(rc) >= 10 && rc[0].Number == games, "%d games played: recall holds %d (newest %d); at least 10 required", games, len(rc), rc[0].Number)
	bad := 0
	var rows [][]string
	for i, e := range rc {
		want := e.CreditsBeforeCents - e.BetCents + e.WinCents - e.HandpayCents
		var o map[string]any
		okOutcome := json.Unmarshal(e.Outcome, &o) == nil && len(o) > 0
		okBet := e.BetCents == e.BetPerLineCredits*int64(e.Lines)*e.DenomCents
		okSeq := i == 0 || rc[i-1].Number == e.Number+1
		if e.CreditsAfterCents != want || !okOutcome || !okBet || !okSeq {
			bad++
		}
		if i < 12 {
			rows = append(rows, []string{strconv.FormatUint(e.Number, 10), e.Title, strconv.FormatInt(e.DenomCents, 10), fmt.Sprintf("%d × %d", e.BetPerLineCredits, e.Lines),
				lab.Euros(e.BetCents), lab.Euros(e.CreditsBeforeCents), lab.Euros(e.WinCents), lab.Euros(e.CreditsAfterCents), strconv.Itoa(len(e.Outcome)), lab.Verdict(e.CreditsAfterCents == want && okOutcome && okBet)})
		}
	}
	r.check("entries complete", bad == 0, "%d entries: outcome record with every step, bet = credits per line × lines × denomination, credits after = before − bet + win − handpay, consecutive numbers; %d bad", len(rc), bad)
	before, _ := json.Marshal(rc)
	if err := rg.restart(); err != nil {
		return err
	}
	after, _ := json.Marshal(rg.recall())
	r.check("survives power loss", bytes.Equal(before, after), "recall after a power cut and restart is byte-identical (%d bytes)", len(before))
	// A game cut by the power comes back in recall when it settles.
	rg.m.Handle(machine.Input{Kind: machine.InSpin})
	n := rg.m.Status().Game
	if err := rg.restart(); err != nil {
		return err
	}
	if err := rg.present(); err != nil {
		return err
	}
	if rg.m.Status().State == machine.GambleOffered {
		if err := rg.must(machine.Input{Kind: machine.InTakeWin}); err != nil {
			return err
		}
	}
	rc = rg.recall()
	r.check("a game cut by power is recalled once settled", n != 0 && len(rc) > 0 && rc[0].Number == n, "game %d in progress at the cut; newest recall entry after the restart: %d", n, rc[0].Number)
	r.table("the newest recall entries", []string{"game", "title", "denom (cents)", "bet/line × lines", "bet", "credits before", "win", "credits after", "outcome bytes", "verdict"}, rows)
	r.Summary = fmt.Sprintf("%d games, %d kept in recall, identical after power loss", games, len(rc))
	return nil
}

func itemDoorsTilts(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("doors")
	if err != nil {
		return err
	}
	defer done()
	dec := &machinetest.FailingDecider{G: rng.NewSeeded(a.o.Seed + 110)}
	rg, err := newRig(dir, settings.DefaultConfig(), dec)
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	if err := rg.must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 5000}); err != nil {
		return err
	}
	var rows [][]string
	row := func(cond string, blocked, logged, sent, survives, shown, cleared bool) bool {
		rows = append(rows, []string{cond, lab.Verdict(blocked), lab.Verdict(logged), lab.Verdict(sent), lab.Verdict(survives), lab.Verdict(shown), lab.Verdict(cleared)})
		return blocked && logged && sent && survives && shown && cleared
	}
	// The door.
	rg.outs = nil
	if err := rg.must(machine.Input{Kind: machine.InDoorOpen}); err != nil {
		return err
	}
	blocked := refused(rg.m.Handle(machine.Input{Kind: machine.InSpin}))
	logged, sent := rg.hasEvent(meters.EvDoorOpen), rg.sentEvent(meters.EvDoorOpen)
	if err := rg.restart(); err != nil {
		return err
	}
	survives := rg.m.Status().State == machine.DoorOpen
	shown := rg.m.Status().DoorOpen
	rg.m.Handle(machine.Input{Kind: machine.InDoorClose})
	cleared := rg.m.Status().State == machine.Idle && rg.hasEvent(meters.EvDoorClose) && rg.meters().Get(meters.DoorOpens) == 1
	door := row("main door open", blocked, logged, sent, survives, shown, cleared)
	// Disabled by the host.
	rg.outs = nil
	if err := rg.must(machine.Input{Kind: machine.InHostDisable, Who: "floor"}); err != nil {
		return err
	}
	blocked = refused(rg.m.Handle(machine.Input{Kind: machine.InSpin}))
	logged, sent = rg.hasEvent(meters.EvHostCommand), rg.sentEvent(meters.EvHostCommand)
	if err := rg.restart(); err != nil {
		return err
	}
	s := rg.m.Status()
	survives, shown = s.State == machine.Disabled, s.Disabled && s.Reason == "floor"
	rg.m.Handle(machine.Input{Kind: machine.InHostEnable, Who: "floor"})
	cleared = rg.m.Status().State == machine.Idle
	host := row("disabled by the floor host", blocked, logged, sent, survives, shown, cleared)
	// A tilt: the RNG fails its health test during a game.
	rg.outs = nil
	dec.Fail.Store(true)
	spinErr := rg.m.Handle(machine.Input{Kind: machine.InSpin})
	s = rg.m.Status()
	tilted := spinErr != nil && s.State == machine.Tilt && s.Reason == machine.TiltRNG
	blocked = tilted && refused(rg.m.Handle(machine.Input{Kind: machine.InSpin}))
	logged, sent = rg.hasEvent(meters.EvTilt) && rg.hasEvent(meters.EvGameVoided), rg.sentEvent(meters.EvTilt)
	if err := rg.restart(); err != nil {
		return err
	}
	s = rg.m.Status()
	survives, shown = s.State == machine.Tilt, s.Reason == machine.TiltRNG
	keyWhileBad := refused(rg.m.Handle(machine.Input{Kind: machine.InAttendantKey}))
	dec.Fail.Store(false)
	rg.m.Handle(machine.Input{Kind: machine.InAttendantKey})
	cleared = keyWhileBad && rg.m.Status().State == machine.Idle && rg.hasEvent(meters.EvTiltClear)
	tilt := row("tilt: RNG failure (game voided, bet refunded)", blocked, logged, sent, survives, shown, cleared)
	r.table("each condition", []string{"condition", "play disabled", "logged", "reported to the host", "survives a power cycle", "shown", "cleared only by its cause / the key"}, rows)
	r.check("door", door, "door open: play refused, door_open logged and sent, kept across a restart, shown until closed")
	r.check("host disable", host, "disable: play refused, logged and sent, kept across a restart, until the host enables")
	r.check("tilt", tilt, "RNG tilt: game voided, play refused, logged and sent, kept across a restart, the attendant key refused while the cause remains")
	return nil
}

func itemHandpay(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("handpay")
	if err != nil {
		return err
	}
	defer done()
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 4000 // the lowest allowed (the maximum bet): big wins lock
	cfg.Gamble.Enabled = false
	rg, err := newRig(dir, cfg, machine.Seeded{G: rng.NewSeeded(a.o.Seed + 120)})
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	if err := rg.must(machine.Input{Kind: machine.InSelectDenom, Cents: 100}); err != nil {
		return err
	}
	if err := rg.must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_000}); err != nil {
		return err
	}
	if err := rg.must(machine.Input{Kind: machine.InMaxBet}); err != nil { // MAX BET also starts a game
		return err
	}
	if err := rg.present(); err != nil {
		return err
	}
	s, err := rg.spinUntil(20000, func(s machine.Status) bool { return s.State == machine.HandpayLockup })
	if err != nil {
		return err
	}
	win := s.WinCents
	before := rg.meters()
	r.check("a win over the limit locks", s.State == machine.HandpayLockup && win > cfg.HandpayLimitCents, "win %s over the limit %s: %s", lab.Euros(win), lab.Euros(cfg.HandpayLimitCents), s.State)
	spin := rg.m.Handle(machine.Input{Kind: machine.InSpin})
	cash := rg.m.Handle(machine.Input{Kind: machine.InCashout})
	r.check("locked until the attendant", refused(spin) && refused(cash), "spin: %v; cash-out: %v", spin, cash)
	if err := rg.restart(); err != nil {
		return err
	}
	s = rg.m.Status()
	r.check("survives a power cycle", s.State == machine.HandpayLockup && s.WinCents == win, "after a restart: %s, %s", s.State, lab.Euros(s.WinCents))
	if err := rg.must(machine.Input{Kind: machine.InAttendantKey}); err != nil {
		return err
	}
	after := rg.meters()
	hp := after.Get(meters.Handpay) - before.Get(meters.Handpay)
	r.check("handpay meter", hp == win && after.Get(meters.CurrentCredits) == before.Get(meters.CurrentCredits), "handpay meter +%s, credits unchanged (%s)", lab.Euros(hp), lab.Euros(after.Get(meters.CurrentCredits)))
	rc := rg.recall()
	r.check("recall and events", len(rc) > 0 && rc[0].HandpayCents == win && rg.hasEvent(meters.EvHandpay) && rg.hasEvent(meters.EvHandpayReset),
		"recall shows the handpay of %s; handpay and handpay_reset events logged", lab.Euros(win))
	r.check("idle after the key", rg.m.Status().State == machine.Idle, "%s", rg.m.Status().State)
	r.Summary = fmt.Sprintf("a %s win locked, survived a restart, paid by the attendant key to the handpay meter", lab.Euros(win))
	return nil
}
