//go:build cgo && !noscreen

package tablescene

import (
	"testing"

	"egm/locale"
	"egm/money"
	"egm/tables/play"
	"egm/tables/threecard"
	"egm/ui/internal/kit"
)

// The side bet's stake is placed only when the table offers it and the player
// turned it on, at the fixed stake; the demo's jackpot grows by each stake's
// share, the round carrying it, as the machine's does.
func TestThreeCardProgressiveStake(t *testing.T) {
	side := threecard.DefaultProgressive
	defer kit.SetTableProgressive(true, side)
	growth, _ := side.Pool.Contribution()
	for _, tc := range []struct {
		name      string
		offered   bool
		turnOn    bool
		wantStake int64
	}{
		{"offered, off until turned on", true, false, 0},
		{"offered and turned on", true, true, side.Pool.Stake},
		{"not offered", false, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kit.SetTableProgressive(tc.offered, side)
			g := NewThreeCardTable(7)
			d := g.D.(*demoDealer)
			before := d.Pool()
			if before != side.Pool.Seed {
				t.Fatalf("the demo's jackpot starts at %d, want the seed %d", before, side.Pool.Seed)
			}
			if tc.turnOn {
				g.Press("JACKPOT", TcIdle)
			}
			g.Press("DEAL", TcIdle)
			g.Tick0()
			if g.R == nil {
				t.Fatalf("no round dealt: %s", d.Refused())
			}
			if got := g.R.Bets.Spots[play.SpotProgressive]; got != tc.wantStake {
				t.Fatalf("the side bet's stake %d, want %d", got, tc.wantStake)
			}
			if tc.wantStake == 0 {
				if d.Pool() != before || g.R.Pool != 0 {
					t.Fatalf("a round without the side bet moved the jackpot: %d → %d (round %d)", before, d.Pool(), g.R.Pool)
				}
				return
			}
			if g.R.Pool != before+growth {
				t.Fatalf("the round carries the jackpot at %d, want %d", g.R.Pool, before+growth)
			}
			deal, _, _ := g.R.ThreeCardDeal()
			want, _ := play.ProgressivePays(deal.Player, side.Pool.Stake, g.R.Pool)
			if got := g.progressiveWon(deal); got != want {
				t.Fatalf("the table shows the side bet won %d, the rules pay %d", got, want)
			}
		})
	}
}

// The three card poker table's rules carry the side bet the table offers (its
// rule and its row among the bets), and none where it is not offered; another
// side bet installed is new rules, the same one installed again is not.
func TestThreeCardRulesWithProgressive(t *testing.T) {
	side := threecard.DefaultProgressive
	defer kit.SetTableProgressive(true, side)
	p := locale.New(locale.EN, money.EUR)
	wantBet := "Progressive jackpot"
	for _, on := range []bool{true, false} {
		kit.SetTableProgressive(on, side)
		k := rulesKey(play.ThreeCard)
		r, err := buildTableRules(play.ThreeCard, locale.EN)
		if err != nil {
			t.Fatal(err)
		}
		has := false
		for _, b := range r.Bets {
			has = has || b.Bet == wantBet
		}
		if has != on {
			t.Fatalf("offered %v: the rules' bets %+v", on, r.Bets)
		}
		if last := r.Sections[len(r.Sections)-1].Name; (last == p.T("rules.feature.progressive")) != on {
			t.Fatalf("offered %v: the last section is %q", on, last)
		}
		kit.SetTableProgressive(on, side)
		if rulesKey(play.ThreeCard) != k {
			t.Fatal("the same side bet installed again made the rules built stale")
		}
		other := side
		other.Pool.Seed *= 2
		kit.SetTableProgressive(on, other)
		if rulesKey(play.ThreeCard) == k {
			t.Fatal("another side bet keeps the rules built under the last")
		}
		kit.SetTableProgressive(on, side)
	}
}
