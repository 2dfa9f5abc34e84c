package ui

import (
	"strings"
	"testing"

	"egm/features/gamble"
	"egm/features/lockspin"
	"egm/games"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
	"egm/ui/internal/kit"
	"egm/ui/internal/slotscene"
)

func title(t *testing.T, id string) *slot.Title {
	t.Helper()
	ti, err := games.ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return ti
}

// demoGame plays one demo game showing h.
func demoGame(t *testing.T, id string, h slotscene.Highlight, seed uint64) *slot.Outcome {
	t.Helper()
	d := slotscene.NewDemoSession(title(t, id), seed)
	d.Want(h)
	if err := d.Send(kit.Event{Input: kit.InputSpin}); err != nil {
		t.Fatal(err)
	}
	o := d.Snapshot().Outcome
	if !h.Shows(d.Title(), o) {
		t.Fatalf("%s: no game showing highlight %d", id, h)
	}
	return o
}

// Reels stop left to right, each slowing down smoothly to its stop, and the spin
// step lasts until the last one has settled.
func TestReelsStopInTurn(t *testing.T) {
	for _, id := range []string{"hot-twins", "gems-secrets", "roll-on-fire"} {
		o := demoGame(t, id, slotscene.AnyGame, 1)
		tl := slotscene.NewTimeline(o)
		spin := tl.Steps[0]
		if spin.Kind != slotscene.StepSpin {
			t.Fatalf("%s: first step %v", id, spin.Kind)
		}
		n := int(o.Window.Reels)
		prevStop := -1
		for r := 0; r < n; r++ {
			stop := slotscene.ReelStopTick(r, slotscene.SpinLead)
			if stop <= prevStop {
				t.Errorf("%s: reel %d stops at %d, not after reel %d (%d)", id, r, stop, r-1, prevStop)
			}
			prevStop = stop
			last := 1e9
			for tick := 0; tick < stop; tick++ {
				pos, spinning := slotscene.ReelPos(r, slotscene.SpinLead, tick)
				if !spinning || pos <= 0 || pos >= last {
					t.Fatalf("%s: reel %d at tick %d: pos %v spinning %v (before %v)", id, r, tick, pos, spinning, last)
				}
				last = pos
			}
			if pos, _ := slotscene.ReelPos(r, slotscene.SpinLead, stop); pos != 0 {
				t.Errorf("%s: reel %d at its stop tick: pos %v", id, r, pos)
			}
			if pos, spinning := slotscene.ReelPos(r, slotscene.SpinLead, stop+slotscene.BounceTicks); pos != 0 || spinning {
				t.Errorf("%s: reel %d not settled after the bounce", id, r)
			}
		}
		if end := slotscene.ReelStopTick(n-1, slotscene.SpinLead) + slotscene.BounceTicks; spin.Len < end {
			t.Errorf("%s: spin step %d ticks, reels settle at %d", id, spin.Len, end)
		}
	}
}

// The win meter counts up from 0 to the outcome's win, never going down, and the
// step index reported back only moves forward.
func TestWinCountsUp(t *testing.T) {
	for _, c := range []struct {
		id string
		h  slotscene.Highlight
	}{{"gems-secrets", slotscene.LineWin}, {"gems-secrets", slotscene.FreeGames}, {"born-to-gamble", slotscene.LockSpin}, {"road-to-prosperity", slotscene.LockSpin}, {"clover-power", slotscene.LineWin}} {
		for seed := uint64(1); seed <= 3; seed++ {
			o := demoGame(t, c.id, c.h, seed)
			tl := slotscene.NewTimeline(o)
			if w := tl.WinAt(0); w != 0 {
				t.Errorf("%s: win at tick 0 = %d", c.id, w)
			}
			prev, prevStep := int64(0), 0
			for tick := 0; tick <= tl.Total; tick++ {
				w := tl.WinAt(tick)
				if w < prev {
					t.Fatalf("%s: win went down at tick %d: %d → %d", c.id, tick, prev, w)
				}
				prev = w
				step, _ := tl.At(tick)
				if step < prevStep {
					t.Fatalf("%s: step went back at tick %d", c.id, tick)
				}
				prevStep = step
			}
			if prev != o.Win {
				t.Errorf("%s seed %d: counted up to %d, outcome win %d", c.id, seed, prev, o.Win)
			}
			if tl.Steps[len(tl.Steps)-1].Kind != slotscene.StepDone {
				t.Errorf("%s: last step %v", c.id, tl.Steps[len(tl.Steps)-1].Kind)
			}
			// a resumed presentation starts at the committed step
			for i := range tl.Steps {
				if got, _ := tl.At(tl.StartOf(i)); got != i {
					t.Errorf("%s: StartOf(%d) is in step %d", c.id, i, got)
				}
			}
			units := 1
			if o.FreeGames != nil {
				units += len(o.FreeGames.Games)
			}
			if o.LockSpin != nil {
				units += len(o.LockSpin.Respins)
			}
			if tl.Units != units {
				t.Errorf("%s: %d units, the outcome has %d steps", c.id, tl.Units, units)
			}
			for u := 0; u < units; u++ {
				i, _ := tl.At(tl.StartOfUnit(u))
				if tl.Steps[i].Unit != u {
					t.Errorf("%s: unit %d resumes in step %d of unit %d", c.id, u, i, tl.Steps[i].Unit)
				}
				if tl.UnitsShown(tl.StartOfUnit(u)) != u {
					t.Errorf("%s: at unit %d, %d reported shown", c.id, u, tl.UnitsShown(tl.StartOfUnit(u)))
				}
			}
			if tl.UnitsShown(tl.Total) != units {
				t.Errorf("%s: not every unit shown at the end", c.id)
			}
		}
	}
}

// The respin counter starts at 3, goes down by one on every empty respin and goes
// back to 3 when a symbol lands; the replayed grid ends as the outcome's grid.
func TestLockSpinCounter(t *testing.T) {
	for _, id := range []string{"gems-secrets", "born-to-gamble", "hot-twins", "rumbling-run"} {
		for seed := uint64(1); seed <= 4; seed++ {
			o := demoGame(t, id, slotscene.LockSpin, seed)
			tl := slotscene.NewTimeline(o)
			seq := tl.CounterSequence()
			if seq[0] != lockspin.Respins {
				t.Fatalf("%s: counter starts at %d", id, seq[0])
			}
			for i, r := range o.LockSpin.Respins {
				want := seq[i] - 1
				if len(r.Landed) > 0 {
					want = lockspin.Respins
				}
				if seq[i+1] != want {
					t.Errorf("%s: respin %d: counter %d → %d, landed %d", id, i+1, seq[i], seq[i+1], len(r.Landed))
				}
				if tl.Counter(i, 0) != seq[i] || tl.Counter(i, slotscene.RespinLand) != seq[i+1] {
					t.Errorf("%s: respin %d: shown counter differs from the record", id, i+1)
				}
				if got := tl.LockTotal(i + 1); got != r.Total {
					t.Errorf("%s: respin %d: grid total %d, record %d", id, i+1, got, r.Total)
				}
			}
			if last := seq[len(seq)-1]; last != 0 && !o.LockSpin.Full {
				t.Errorf("%s: the feature ended with %d respins left", id, last)
			}
			final := tl.LockGrid(len(o.LockSpin.Respins))
			if len(final) != len(o.LockSpin.Grid) {
				t.Fatalf("%s: %d cells replayed, %d in the record", id, len(final), len(o.LockSpin.Grid))
			}
			at := map[[2]int]int64{}
			for _, c := range final {
				at[[2]int{c.Reel, c.Row}] = c.Value
			}
			for _, c := range o.LockSpin.Grid {
				if v, ok := at[[2]int{c.Reel, c.Row}]; !ok || v != c.Value {
					t.Errorf("%s: cell %d,%d: replayed %d, record %d", id, c.Reel, c.Row, v, c.Value)
				}
			}
		}
	}
}

// TestPlayerMoney: the screen's amounts follow the player's language and the
// profile's currency (package money's table tests cover the formats).
func TestPlayerMoney(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	nb := func(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }
	for _, c := range []struct {
		profile jurisdiction.Profile
		lang    locale.Lang
		minor   int64
		money   string
		credits string
	}{
		{jurisdiction.EE, locale.ET, 123456789, nb("1 234 567,89 €"), nb("123 456 789") + " krediiti"},
		{jurisdiction.EE, locale.EN, 4000, "€40.00", "4,000 credits"},
		{jurisdiction.EE, locale.RU, 5, nb("0,05 €"), "5 кредитов"},
		{jurisdiction.KZ, locale.KK, 2_000_000, nb("20 000 ₸"), nb("2 000 000") + " кредит"},
		{jurisdiction.KZ, locale.RU, 100, nb("1 ₸"), "100 кредитов"},
	} {
		kit.SetJurisdiction(c.profile, "")
		kit.SetPlayerLang(c.lang)
		if got := kit.PlayerMoney(c.minor); got != c.money {
			t.Errorf("%s %s: playerMoney(%d) = %q, want %q", c.profile.Code, c.lang, c.minor, got, c.money)
		}
		if got := kit.Credits(c.minor, 1); got != c.credits {
			t.Errorf("%s %s: credits(%d) = %q, want %q", c.profile.Code, c.lang, c.minor, got, c.credits)
		}
	}
	if kit.JackpotText(0) != "—" {
		t.Errorf("unknown jackpot shows %q", kit.JackpotText(0))
	}
}

// Bet levels stay inside R-GAME-11 and split into whole cents per line.
func TestBetLevels(t *testing.T) {
	for _, lines := range []int{5, 10, 40} {
		lv := slotscene.BetLevels(lines)
		if len(lv) < 4 {
			t.Errorf("%d lines: only %v", lines, lv)
		}
		for _, c := range lv {
			if c < slot.MinBetCents || c > slot.MaxBetCents || c%int64(lines) != 0 {
				t.Errorf("%d lines: bad level %d", lines, c)
			}
		}
	}
}

// Demo play keeps its own balance; the bet is taken and the win paid by Play's record.
func TestDemoSession(t *testing.T) {
	d := slotscene.NewDemoSession(title(t, "neon-cherries"), 9)
	s0 := d.Snapshot()
	if !s0.Demo || s0.Outcome != nil || s0.Credit != kit.DemoCredit {
		t.Fatalf("fresh session: %+v", s0)
	}
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	s1 := d.Snapshot()
	if s1.Game != 1 || s1.Credit != kit.DemoCredit-s1.Bet.TotalCents() || s1.Win != s1.Outcome.Win {
		t.Errorf("after a spin: credit %d, win %d, game %d", s1.Credit, s1.Win, s1.Game)
	}
	_ = d.Send(kit.Event{Input: kit.InputPresented, Game: 1, Step: 2})
	if d.Snapshot().Step != 3 {
		t.Errorf("presented step not kept")
	}
	_ = d.Send(kit.Event{Input: kit.InputMaxBet})
	if got := d.Snapshot().Bet.TotalCents(); got != slot.MaxBetCents {
		t.Errorf("max bet %d", got)
	}
}

// Demo gamble: the win goes into the round, each card doubles or loses it, and
// collecting credits what the round holds.
func TestDemoGamble(t *testing.T) {
	d := slotscene.NewDemoSession(title(t, "signs-of-rich"), 4)
	d.Want(slotscene.LineWin)
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	s := d.Snapshot()
	if !s.CanGamble || s.Win <= 0 {
		t.Fatalf("a line win is not offered the gamble: %+v", s)
	}
	credit, win := s.Credit, s.Win
	_ = d.Send(kit.Event{Input: kit.InputGamble})
	if g := d.Snapshot().Gamble; g == nil || g.Amount != win || d.Snapshot().Win != 0 {
		t.Fatalf("gamble round %+v for a win of %d", g, win)
	}
	for i := 0; i < 5 && d.Snapshot().Gamble.Offered(gamble.OnColour); i++ {
		before := d.Snapshot().Gamble.Amount
		_ = d.Send(kit.Event{Input: kit.InputGambleBlack})
		g := d.Snapshot().Gamble
		st := g.Steps[len(g.Steps)-1]
		if st.Won && g.Amount != 2*before || !st.Won && g.Amount != 0 {
			t.Fatalf("card %v: %d → %d", st.Card, before, g.Amount)
		}
		if len(d.Snapshot().GambleHistory) != len(g.Steps) {
			t.Errorf("history %d cards, %d drawn", len(d.Snapshot().GambleHistory), len(g.Steps))
		}
	}
	amount := d.Snapshot().Gamble.Amount
	_ = d.Send(kit.Event{Input: kit.InputCollect})
	if s := d.Snapshot(); s.Gamble != nil || s.Credit != credit+amount {
		t.Errorf("after collecting %d: credit %d (was %d), round %v", amount, s.Credit, credit, s.Gamble)
	}
}
