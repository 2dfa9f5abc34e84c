package meters

import (
	"bytes"
	"strings"
	"testing"
)

// The listings tell a broken chain and an invariant that does not hold, and show
// the game in progress.
func TestListings(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	for i := uint64(1); i <= 9; i++ {
		if err := st.Update(func(tx *Tx) error { return crashCommit(tx, i) }); err != nil {
			t.Fatal(err)
		}
	}
	var ml MetersListing
	var rl RecallListing
	var el EventsListing
	st.View(func(v *Snapshot) { ml, rl, el = v.MetersListing(), v.RecallListing(), v.EventsListing() })
	var b bytes.Buffer
	ml.Print(&b, Units{})
	rl.Print(&b, Units{})
	el.Print(&b, Units{})
	for _, want := range []string{"credits invariant: holds", "game 9 in progress", "in progress: game 9", "2 games (newest first", "hash chain: holds"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("listing lacks %q:\n%s", want, b.String())
		}
	}
	if !el.ChainOK || len(el.Events) == 0 {
		t.Fatalf("events %+v", el)
	}
	el.Events[0].Detail = "forged"
	st.View(func(v *Snapshot) {}) // the store is untouched by a listing's copy
	bad := EventsListing{Anchor: el.Anchor, Events: el.Events}
	if err := VerifyChain(bad.Anchor, bad.Events); err == nil {
		t.Fatal("a forged event verifies")
	}
	ml.Meters[CurrentCredits]++
	b.Reset()
	ml.Print(&b, Units{})
	if !strings.Contains(b.String(), "credits invariant: BROKEN") {
		t.Errorf("a broken invariant printed as:\n%s", b.String())
	}
}

// The text listings print every amount with the currency by default and as raw
// cents with Units{Cents: true}; each column's heading says its unit; counters
// print sorted by name.
func TestListingUnits(t *testing.T) {
	var ms Meters
	ms[WalletIn], ms[CoinIn], ms[CurrentCredits], ms[GamesPlayed] = 200000, 123450, 76550, 7
	ml := MetersListing{Report: Report{Meters: ms, Games: []GameMeter{{Title: "koi-fortune", DenomCents: 10, GamesPlayed: 7, CoinInCents: 123450, WonCents: 5}}},
		Game: &GameInProgress{Number: 8, Title: "koi-fortune", BetCents: 250}}
	ml.Counters = map[string]int64{"title_handpay_cents:koi-fortune": 300, "aft_in_house_transfers_in": 2, "gamble_in_cents": 50}
	rl := RecallListing{Games: []RecallEntry{{Number: 3, Title: "koi-fortune", DenomCents: 10, BetPerLineCredits: 5, Lines: 10,
		BetCents: 500, CreditsBeforeCents: 10000, CreditsAfterCents: 9700, WinCents: 200, HandpayCents: 0}}}
	for _, tc := range []struct {
		name      string
		u         Units
		want, not []string
	}{
		{"currency", Units{}, []string{
			"coin_in  1234.50 EUR", "games_played  7", "gamble_in  0.50 EUR", "title_handpay:koi-fortune  3.00 EUR", "aft_in_house_transfers_in  2",
			"bet 2.50 EUR", "0.10 EUR", "line bet (credits)", "credits before", "100.00 EUR", "97.00 EUR", "2.00 EUR",
		}, []string{"(cents)", "coin_in_cents", "123450", "cents,"}},
		{"cents", Units{Cents: true}, []string{
			"coin_in_cents  123450", "games_played  7", "title_handpay_cents:koi-fortune  300", "bet 250,",
			"denom (cents)", "coin in (cents)", "credits before (cents)", "win (cents)", "line bet (credits)", "10000",
		}, []string{"EUR"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			ml.Print(&b, tc.u)
			rl.Print(&b, tc.u)
			// one space between a name and its right-aligned value is enough to match
			text := strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "\n", " | ")), " ")
			for _, w := range tc.want {
				if !strings.Contains(text, strings.Join(strings.Fields(w), " ")) {
					t.Errorf("no %q in:\n%s", w, b.String())
				}
			}
			for _, n := range tc.not {
				if strings.Contains(b.String(), n) {
					t.Errorf("%q in:\n%s", n, b.String())
				}
			}
			if a, g := strings.Index(b.String(), "aft_in_house"), strings.Index(b.String(), "gamble_in"); a < 0 || g < a {
				t.Errorf("counters not sorted:\n%s", b.String())
			}
		})
	}
}
