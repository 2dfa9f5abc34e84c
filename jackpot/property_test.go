package jackpot

import (
	"fmt"
	"slices"
	"testing"

	"egm/games/slot"
	"egm/rng"
)

// betChoices are the total bets of R-GAME-11: every denomination times the credits
// per game of 5-, 10- and 40-line titles at 1 to 10 credits a line (plus the usual
// 25/50/100-credit bets), inside [0.50, 40.00] EUR.
func betChoices() []int64 {
	denoms := []int64{1, 2, 5, 10, 20, 50, 100, 200}
	var credits []int64
	for _, lines := range []int64{5, 10, 40} {
		for per := int64(1); per <= 10; per++ {
			credits = append(credits, lines*per)
		}
	}
	credits = append(credits, 25, 100, 200)
	var out []int64
	for _, d := range denoms {
		for _, c := range credits {
			if b := d * c; b >= slot.MinBetCents && b <= slot.MaxBetCents && !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestBetChoices(t *testing.T) {
	b := betChoices()
	if b[0] != 50 || b[len(b)-1] != 4000 || len(b) < 20 {
		t.Fatalf("bets %v", b)
	}
}

// ledger is the test's own account of what happened, kept from the answers alone.
type ledger struct {
	coinIn  int64
	awarded map[string]int64 // cents
	awards  map[string]int64 // count
}

func newLedger() *ledger { return &ledger{awarded: map[string]int64{}, awards: map[string]int64{}} }

func (l *ledger) add(a award) { l.awarded[a.Level] += a.Cents; l.awards[a.Level]++ }

// verify holds the identity from the ledger against the state's amounts:
// Σ contributions = Σ level growth + Σ awards − Σ resets funded.
func (l *ledger) verify(s *state) error {
	var contributed, growth, awarded, funded int64
	for _, lv := range s.Levels {
		contributed += l.coinIn * lv.RateBP
		growth += lv.Value - lv.ResetCents*Unit + lv.Reserve
		awarded += l.awarded[lv.Name] * Unit
		if lv.ReserveFundsReset {
			// The split of a reset between the reserve and the house is the
			// state's; the ledger holds it inside its bounds.
			if lv.Funded < 0 || lv.Funded > lv.ResetCents*Unit*l.awards[lv.Name] {
				return fmt.Errorf("level %s: house funding %d outside [0, %d resets]", lv.Name, lv.Funded, l.awards[lv.Name])
			}
			funded += lv.Funded
		} else {
			funded += lv.ResetCents * Unit * l.awards[lv.Name]
		}
		if lv.Value < lv.ResetCents*Unit {
			return fmt.Errorf("level %s below its reset", lv.Name)
		}
	}
	if contributed != growth+awarded-funded {
		return fmt.Errorf("Σ contributions %d ≠ growth %d + awards %d − funded %d", contributed, growth, awarded, funded)
	}
	return s.check()
}

// TestPropertyState drives the state with long random sequences of contributions
// and hits from a seeded generator, the shipped levels and the small ones.
func TestPropertyState(t *testing.T) {
	bets := betChoices()
	configs := map[string][]LevelConfig{"shipped": DefaultLevels(), "small": smallLevels()}
	for name, levels := range configs {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				draw := rng.NewSeeded(1000 + seed)
				trig := rng.NewSeeded(2000 + seed)
				s := newState(levels, trig)
				l := newLedger()
				mystery := s.Levels[2].LevelConfig
				n := 1_000_000 // about 0.15 s: kept in -short too
				for range n {
					if rng.Uint64n(draw, 500) == 0 {
						lv := rng.Intn(draw, 2)
						a := s.hit(lv, trig)
						if a.Cents < s.Levels[lv].ResetCents {
							t.Fatalf("hit of %d below reset", a.Cents)
						}
						l.add(a)
					} else {
						b := bets[rng.Intn(draw, len(bets))]
						l.coinIn += b
						for _, a := range s.contribute(b, trig) {
							if a.Cents < mystery.TriggerMinCents || a.Cents > mystery.TriggerMaxCents {
								t.Fatalf("mystery award %d outside [%d, %d]", a.Cents, mystery.TriggerMinCents, mystery.TriggerMaxCents)
							}
							l.add(a)
						}
					}
					if err := l.verify(s); err != nil {
						t.Fatal(err)
					}
				}
				if want := map[string]int64{"shipped": 10, "small": 100}[name]; l.awards[MysteryName] < want {
					t.Fatalf("only %d mystery awards, want %d", l.awards[MysteryName], want)
				}
			})
		}
	}
}

// TestPropertyController runs random operations on the durable controller, with
// resends and conflicting resends mixed in, and checks the identity after each,
// and the award log against the answers at the end.
func TestPropertyController(t *testing.T) {
	c, _ := openTest(t, smallLevels(), "m0", "m1", "m2")
	c.keep = 1 << 20
	draw := rng.NewSeeded(7)
	bets := betChoices()
	type game struct {
		m   string
		g   uint64
		bet int64
	}
	var played []game
	seq := map[string]uint64{}
	l := newLedger()
	var answers []Award
	n := 1500
	if testing.Short() {
		n = 300
	}
	for range n {
		switch k := rng.Uint64n(draw, 20); {
		case k == 0 && len(played) > 0: // resend
			p := played[rng.Intn(draw, len(played))]
			r, err := c.Contribute(p.m, p.g, p.bet)
			if err != nil || !r.Duplicate {
				t.Fatalf("resend %+v: %+v %v", p, r, err)
			}
		case k == 1 && len(played) > 0: // a resend with another bet
			p := played[rng.Intn(draw, len(played))]
			if _, err := c.Contribute(p.m, p.g, p.bet+50); err == nil {
				t.Fatal("a conflicting resend was accepted")
			}
		case k == 2 && len(played) > 0: // a hit, sometimes sent twice
			p := played[rng.Intn(draw, len(played))]
			lv := []string{Grand, Major}[rng.Intn(draw, 2)]
			a, err := c.Hit(p.m, p.g, lv)
			if err != nil {
				t.Fatal(err)
			}
			if a.Seq == uint64(len(answers))+1 {
				answers = append(answers, a)
				l.add(award{a.Level, a.Cents})
			} else if answers[a.Seq-1] != a {
				t.Fatalf("resent hit answered %+v, first %+v", a, answers[a.Seq-1])
			}
		default:
			m := fmt.Sprintf("m%d", rng.Intn(draw, 3))
			seq[m]++
			p := game{m, seq[m], bets[rng.Intn(draw, len(bets))]}
			played = append(played, p)
			r, err := c.Contribute(p.m, p.g, p.bet)
			if err != nil || r.Duplicate {
				t.Fatalf("contribute %+v: %+v %v", p, r, err)
			}
			l.coinIn += p.bet
			for _, a := range r.Awards {
				if a.Seq != uint64(len(answers))+1 || a.Cents < 1_000 || a.Cents > 3_000 {
					t.Fatalf("mystery award %+v", a)
				}
				answers = append(answers, a)
				l.add(award{a.Level, a.Cents})
			}
		}
		if err := l.verify(c.st); err != nil {
			t.Fatal(err)
		}
	}
	mustCheck(t, c)
	acc, err := c.Accounts()
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.Check(); err != nil {
		t.Fatal(err)
	}
	if len(acc.Machines) != 3 || acc.CoinInCents != l.coinIn {
		t.Fatalf("accounts %+v, coin-in %d", acc, l.coinIn)
	}
	log, err := c.Awards()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(log, answers) {
		t.Fatalf("award log (%d) differs from the answers (%d)", len(log), len(answers))
	}
	if l.awards[MysteryName] < 3 {
		t.Fatalf("only %d mystery awards", l.awards[MysteryName])
	}
}
