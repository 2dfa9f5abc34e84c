package main

import (
	"bytes"
	"crypto/sha256"
	"egm/rng"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"egm/meters"
)

func init() {
	labCommands["powerfail"] = command{"kill -9 the headless machine at random instants; check critical memory after each restart", cmdLabPowerfail}
}

// cmdLabPowerfail is the kill campaign (LAB-CHECKLIST row 8): `egm run --headless
// --autoplay` as a child, SIGKILLed at random instants and restarted, with the
// checks of pfChecker after every kill.
func cmdLabPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab powerfail", "lab powerfail --kills N [--state DIR] [--seed S] [--max-delay D]", stderr)
	c := campaignFlags(fs, "powerfail", "state", 1000, "number of kill -9 and restarts",
		"seed of the kill timings and of the children's seeded play", 250*time.Millisecond, "longest run of a child before its kill")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *c.Kills < 1 {
		return badUsage(fs, "--kills must be at least 1")
	}
	child, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	rep, err := powerfail(pfOptions{Kills: *c.Kills, Dir: *c.Dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay, Progress: stderr, Child: child})
	if err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, stderr, rep)
	} else {
		rep.print(stdout)
	}
	c.finish(stdout, len(rep.Violations) == 0)
	if len(rep.Violations) > 0 {
		return 1
	}
	return 0
}

type pfOptions struct {
	Kills    int
	Dir      string
	Seed     uint64
	MaxDelay time.Duration
	Child    func(args []string) *exec.Cmd // the egm binary with these arguments
	Progress io.Writer                     // nil: quiet
}

// pfReport is the campaign's summary.
type pfReport struct {
	Kills          int      `json:"kills"`
	InGame         int      `json:"killed_in_game"`         // a game in progress at the kill
	InFeature      int      `json:"killed_mid_feature"`     // …past its first presented step
	InGamble       int      `json:"killed_mid_gamble"`      // …in its gamble
	InHandpay      int      `json:"killed_in_handpay"`      // …in a handpay lockup
	InCashout      int      `json:"killed_cashout_pending"` // a cash-out request pending at the kill
	Resumed        int      `json:"resumed_same_outcome"`   // unfinished games found again with the same outcome bytes
	Unverified     int      `json:"resumed_unverified"`     // unfinished games never seen again (none expected)
	Repairs        int      `json:"restarts_with_repairs"`  // restarts that found a torn frame or a copy to repair
	GamesPlayed    int64    `json:"games_played"`
	GamesChecked   int      `json:"recall_entries_checked"`
	FinalRunExitOK bool     `json:"final_run_ok"`
	Seconds        float64  `json:"seconds"`
	Violations     []string `json:"violations"`
}

func (r pfReport) print(w io.Writer) {
	fmt.Fprintf(w, "power-fail campaign: %d kills in %.0fs, %d games played\n", r.Kills, r.Seconds, r.GamesPlayed)
	fmt.Fprintf(w, "  killed with a game in progress   %d (past step 0: %d, mid-gamble: %d, handpay: %d)\n", r.InGame, r.InFeature, r.InGamble, r.InHandpay)
	fmt.Fprintf(w, "  killed with a cash-out pending   %d\n", r.InCashout)
	fmt.Fprintf(w, "  resumed with the same outcome    %d (not seen again: %d)\n", r.Resumed, r.Unverified)
	fmt.Fprintf(w, "  restarts that repaired memory    %d\n", r.Repairs)
	fmt.Fprintf(w, "  recall entries re-checked        %d\n", r.GamesChecked)
	if len(r.Violations) == 0 {
		fmt.Fprintln(w, "  violations                       none: credits exact, no meter down, no game settled twice, no outcome redrawn")
		return
	}
	fmt.Fprintf(w, "  VIOLATIONS                       %d\n", len(r.Violations))
	for i, v := range r.Violations {
		if i == 20 {
			fmt.Fprintf(w, "    … %d more\n", len(r.Violations)-20)
			break
		}
		fmt.Fprintf(w, "    %s\n", v)
	}
}

func powerfail(o pfOptions) (pfReport, error) {
	if o.MaxDelay <= 0 {
		o.MaxDelay = 250 * time.Millisecond
	}
	start := time.Now()
	timing := rng.NewSeeded(o.Seed ^ 0x6b696c6c) // lab timing of the kills, not game outcomes
	var rep pfReport
	c := newPFChecker()
	// A handpay limit low enough for handpays to happen during the campaign.
	cfgFile, err := os.CreateTemp("", "egm-powerfail-*.json")
	if err != nil {
		return rep, fmt.Errorf("egm lab powerfail: %w", err)
	}
	defer os.Remove(cfgFile.Name())
	fmt.Fprintf(cfgFile, `{"state_dir": %q, "handpay_limit_cents": 20000, "gamble": {"enabled": true, "max_attempts": 5, "max_win": 20000}}`, o.Dir)
	cfgFile.Close()
	// Every other child shows each step of a feature for 20 ms, as a screen would
	// (a screen takes far longer): kills then land inside features too, not only
	// inside plain games and gambles.
	childArgs := func(autoplay int, i int) []string {
		step := "0s"
		if i%2 == 1 {
			step = "20ms"
		}
		return []string{"run", "--headless", "--quiet", "--config", cfgFile.Name(), "--autoplay", strconv.Itoa(autoplay),
			"--seed", strconv.FormatUint(o.Seed*1_000_003+uint64(i), 10), "--step-time", step}
	}
	for i := 0; i < o.Kills; i++ {
		cmd := o.Child(childArgs(1_000_000_000, i))
		var errBuf, outBuf bytes.Buffer
		cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
		if err := cmd.Start(); err != nil {
			return rep, fmt.Errorf("egm lab powerfail: start child: %w", err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		delay := time.Duration(rng.Uint64n(timing, uint64(max(o.MaxDelay, 1))))
		select {
		case err := <-exited:
			rep.Violations = append(rep.Violations, fmt.Sprintf("kill %d: the child exited by itself (%v): %s", i+1, err, firstLine(errBuf.String())))
		case <-time.After(delay):
			cmd.Process.Kill()
			<-exited
		}
		rep.Kills++
		c.childSaid(outBuf.String(), i+1, &rep)
		c.check(o.Dir, i+1, &rep)
		if o.Progress != nil && (i+1)%100 == 0 {
			fmt.Fprintf(o.Progress, "egm lab powerfail: %d/%d kills, %d games, %d violations\n", i+1, o.Kills, rep.GamesPlayed, len(rep.Violations))
		}
		if len(rep.Violations) > 50 {
			break
		}
	}
	// A last, clean run must finish the game in progress and play on.
	cmd := o.Child(childArgs(20, o.Kills))
	var errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &errBuf
	if err := cmd.Run(); err != nil {
		rep.Violations = append(rep.Violations, fmt.Sprintf("final run: %v: %s", err, firstLine(errBuf.String())))
	} else {
		rep.FinalRunExitOK = true
	}
	c.check(o.Dir, o.Kills+1, &rep)
	rep.Unverified = len(c.pending)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// pfChecker remembers what earlier checks saw: the meters (none may go down) and
// the outcome bytes of every game number (an outcome once stored never changes).
type pfChecker struct {
	started  bool
	prev     meters.Meters
	counts   map[string]int64
	games    map[meters.GameKey]meters.GameMeter
	outcomes map[uint64][32]byte
	pending  map[uint64]bool // games in progress at a kill, not yet seen again
	inPlay   map[uint64]meters.GameInProgress
}

func newPFChecker() *pfChecker {
	return &pfChecker{counts: map[string]int64{}, games: map[meters.GameKey]meters.GameMeter{},
		outcomes: map[uint64][32]byte{}, pending: map[uint64]bool{}, inPlay: map[uint64]meters.GameInProgress{}}
}

func (c *pfChecker) check(dir string, kill int, rep *pfReport) {
	bad := func(format string, a ...any) {
		rep.Violations = append(rep.Violations, fmt.Sprintf("after kill %d: ", kill)+fmt.Sprintf(format, a...))
	}
	st, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		if !c.started && (errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), "no critical memory")) {
			return // killed before critical memory was first written
		}
		bad("critical memory: %v", err)
		return
	}
	defer st.Close()
	c.started = true
	if len(st.Pending()) > 0 {
		rep.Repairs++
	}
	var (
		m        meters.Meters
		counts   map[string]int64
		gms      []meters.GameMeter
		game     meters.GameInProgress
		inGame   bool
		recall   []meters.RecallEntry
		events   []meters.Event
		anchor   meters.Anchor
		machineV json.RawMessage
	)
	st.View(func(v *meters.Snapshot) {
		m, counts, gms = v.Meters(), v.Counters(), v.Games()
		game, inGame = v.Game()
		recall = v.Recall()
		events, anchor = v.Events()
		machineV, _ = v.Value("machine")
	})
	rep.GamesPlayed = m.Get(meters.GamesPlayed)
	if err := m.Invariant(); err != nil {
		bad("%v", err)
	}
	for i := range m {
		if k := meters.Meter(i); k != meters.CurrentCredits && m[i] < c.prev[i] {
			bad("%s went down from %d to %d", k, c.prev[i], m[i])
		}
	}
	c.prev = m
	for k, v := range counts {
		if v < c.counts[k] {
			bad("counter %s went down from %d to %d", k, c.counts[k], v)
		}
		c.counts[k] = v
	}
	for _, g := range gms {
		old := c.games[g.Key()]
		if g.GamesPlayed < old.GamesPlayed || g.CoinInCents < old.CoinInCents || g.WonCents < old.WonCents {
			bad("game meter %s@%d went down", g.Title, g.DenomCents)
		}
		c.games[g.Key()] = g
	}
	if err := meters.VerifyChain(anchor, events); err != nil {
		bad("%v", err)
	}
	// Every game played is settled exactly once or is the one in progress.
	settled := m.Get(meters.GamesWon) + m.Get(meters.GamesLost) + m.Get(meters.GamesVoided)
	open := int64(0)
	if inGame {
		open = 1
	}
	if settled+open != m.Get(meters.GamesPlayed) {
		bad("games_played %d but %d settled and %d in progress", m.Get(meters.GamesPlayed), settled, open)
	}
	if inGame && game.Number != uint64(m.Get(meters.GamesPlayed)) {
		bad("game in progress is %d, games_played %d", game.Number, m.Get(meters.GamesPlayed))
	}
	if len(recall) > 0 && recall[0].Number != uint64(m.Get(meters.GamesPlayed)-open) {
		bad("newest recall entry is game %d, expected %d", recall[0].Number, m.Get(meters.GamesPlayed)-open)
	}
	seen := func(n uint64, outcome []byte, what string) {
		h := sha256.Sum256(outcome)
		if old, ok := c.outcomes[n]; ok && old != h {
			bad("game %d: %s outcome differs from the one stored before (redrawn)", n, what)
		}
		if c.pending[n] && c.outcomes[n] == h {
			rep.Resumed++
			delete(c.pending, n)
		}
		c.outcomes[n] = h
	}
	for i, r := range recall {
		rep.GamesChecked++
		if i > 0 && recall[i-1].Number != r.Number+1 {
			bad("recall: game %d follows game %d (a duplicate or a gap)", recall[i-1].Number, r.Number)
		}
		if inGame && r.Number == game.Number {
			bad("game %d is both settled and in progress", r.Number)
		}
		want := r.CreditsBeforeCents - r.BetCents + r.WinCents - r.HandpayCents
		if r.Voided {
			want = r.CreditsBeforeCents
			if r.WinCents != 0 {
				bad("recall: voided game %d paid %d", r.Number, r.WinCents)
			}
		}
		if r.CreditsAfterCents != want {
			bad("recall: game %d credits %d → %d with bet %d, win %d, handpay %d", r.Number, r.CreditsBeforeCents, r.CreditsAfterCents, r.BetCents, r.WinCents, r.HandpayCents)
		}
		seen(r.Number, r.Outcome, "recall")
		if g, ok := c.inPlay[r.Number]; ok {
			if g.Title != r.Title || g.BetCents != r.BetCents || g.DenomCents != r.DenomCents || g.CreditsBeforeCents != r.CreditsBeforeCents {
				bad("recall: game %d settled as %s bet %d from %d, but was in progress as %s bet %d from %d",
					r.Number, r.Title, r.BetCents, r.CreditsBeforeCents, g.Title, g.BetCents, g.CreditsBeforeCents)
			}
			delete(c.inPlay, r.Number)
		}
	}
	if inGame {
		seen(game.Number, game.Outcome, "in-progress")
		c.pending[game.Number] = true
		if old, ok := c.inPlay[game.Number]; ok && (old.BetCents != game.BetCents || old.Title != game.Title || game.Step < old.Step) {
			bad("game %d in progress changed: %s bet %d step %d, was %s bet %d step %d", game.Number, game.Title, game.BetCents, game.Step, old.Title, old.BetCents, old.Step)
		}
		c.inPlay[game.Number] = game
		rep.InGame++
		switch {
		case game.Phase == "gamble":
			rep.InGamble++
		case game.Phase == "handpay":
			rep.InHandpay++
		case game.Step > 0:
			rep.InFeature++
		}
	}
	var mv struct {
		Cashout *json.RawMessage `json:"cashout"`
	}
	if json.Unmarshal(machineV, &mv) == nil && mv.Cashout != nil {
		rep.InCashout++
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// childSaid reads the restarted child's "resumed game N … outcome sha256 H" line:
// the machine itself resumed the game, and with these outcome bytes.
func (c *pfChecker) childSaid(out string, kill int, rep *pfReport) {
	for _, line := range strings.Split(out, "\n") {
		var n uint64
		var step int
		var phase, hexSum string
		if _, err := fmt.Sscanf(line, "resumed game %d at step %d phase %q outcome sha256 %s", &n, &step, &phase, &hexSum); err != nil {
			continue
		}
		h, ok := c.outcomes[n]
		switch {
		case !ok:
			rep.Violations = append(rep.Violations, fmt.Sprintf("restart %d resumed game %d that critical memory never showed in progress", kill, n))
		case fmt.Sprintf("%x", h) != hexSum:
			rep.Violations = append(rep.Violations, fmt.Sprintf("restart %d resumed game %d with other outcome bytes (redrawn)", kill, n))
		case c.pending[n]:
			rep.Resumed++
			delete(c.pending, n)
		}
	}
}
