package play

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"testing"

	"egm/tables/threecard"
)

// progressiveRound is a stored three card poker round whose player holds three
// (the rest of the deck in order), with an Ante, the progressive stake and the
// pool pool.
func progressiveRound(t *testing.T, player [3]threecard.Card, stake, pool int64) *Round {
	t.Helper()
	deck := []byte{byte(player[0]), byte(player[1]), byte(player[2])}
	for c := 0; c < 52; c++ {
		if !slices.Contains(deck, byte(c)) {
			deck = append(deck, byte(c))
		}
	}
	b, _ := json.Marshal(Round{Game: ThreeCard, Bets: Bets{Spots: map[string]int64{SpotAnte: 1000, SpotProgressive: stake}},
		Deck: hex.EncodeToString(deck), Decisions: []Decision{Fold}, Pool: pool})
	r, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestProgressiveSettle: the side bet's line pays the table's "for 1" on the
// stake, the pool for A-K-Q of spades whatever the decision, nothing otherwise.
func TestProgressiveSettle(t *testing.T) {
	c := threecard.NewCard
	const ace, king, queen = 12, 11, 10
	for _, tc := range []struct {
		name   string
		player [3]threecard.Card
		stake  int64
		want   int64
	}{
		{"A-K-Q of spades: the pool", [3]threecard.Card{c(ace, threecard.Spades), c(king, threecard.Spades), c(queen, threecard.Spades)}, 100, 612_345},
		{"A-K-Q of hearts: 500 for 1", [3]threecard.Card{c(queen, threecard.Hearts), c(ace, threecard.Hearts), c(king, threecard.Hearts)}, 100, 50_000},
		{"straight flush: 100 for 1", [3]threecard.Card{c(2, threecard.Clubs), c(3, threecard.Clubs), c(4, threecard.Clubs)}, 200, 20_000},
		{"3-2-A of spades: a straight flush, not the pool", [3]threecard.Card{c(0, threecard.Spades), c(1, threecard.Spades), c(ace, threecard.Spades)}, 100, 10_000},
		{"three of a kind: 90 for 1", [3]threecard.Card{c(5, threecard.Clubs), c(5, threecard.Hearts), c(5, threecard.Spades)}, 100, 9_000},
		{"a flush: nothing", [3]threecard.Card{c(2, threecard.Clubs), c(7, threecard.Clubs), c(9, threecard.Clubs)}, 100, 0},
		{"a pair: nothing", [3]threecard.Card{c(ace, threecard.Clubs), c(ace, threecard.Hearts), c(9, threecard.Clubs)}, 100, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := progressiveRound(t, tc.player, tc.stake, 612_345).Settle()
			if err != nil {
				t.Fatal(err)
			}
			var got *Line
			for i := range s.Lines {
				if s.Lines[i].Bet == "Progressive" {
					got = &s.Lines[i]
				}
			}
			if got == nil || got.Staked != tc.stake || got.Returned != tc.want {
				t.Fatalf("progressive line %+v, want staked %d returned %d", got, tc.stake, tc.want)
			}
			if s.Staked != 1000+tc.stake {
				t.Fatalf("the folded round stakes %d, want the Ante and the side bet %d", s.Staked, 1000+tc.stake)
			}
		})
	}
}
