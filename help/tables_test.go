package help

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
	"testing"

	"egm/games"
)

// TestTableRules: every table game's player rules state the facts the math plays
// by (generated from the same data), a payout and a return for every bet on its
// sheet, and no engineering notation.
func TestTableRules(t *testing.T) {
	want := map[string][]string{
		"roulette": {"Straight (one number) pays 35 to 1", "Voisins (9 chips): 0-2-3 (2 chips)", "Return to player 97.30 %"},
		"three-card-poker": {"queen high or better", "Pair Plus pays on your three cards alone", "straight flush 40 to 1", "Prime pays 3 to 1",
			"Return to player 96.63 % of the Ante, 97.99 % of everything staked."},
		"punto-banco": {"8 decks", "the Banker on 3 draws when the Player's third card is 0 to 7 or 9", "the Banker on 6 draws when the Player's third card is 6 or 7", "Banker (with commission): 19 to 20"},
		"ultimate-texas-holdem": {"bet 3 or 4 times your Ante", "The dealer needs a pair or better to qualify", "Blind: royal flush 500 to 1", "Trips pays on your best five cards whatever the dealer holds, even when you fold",
			"Return to player 97.82 % of the Ante, 99.47 % of everything staked."},
		"blackjack": {"6 decks", "stands on every 17", "up to 4 hands", "Top 3: the same three cards: suited trips 270 to 1", "Main bet: blackjack 3 to 2, a win 1 to 1. Return to player 99.48 % of the first bet, 99.54 % of everything staked, with the best play.",
			"Return to player 88.93 % with the six decks dealt here (the house rules' 91 % is the figure for eight decks)"},
	}
	for _, id := range games.TableIDs() {
		r, err := NewTableRules(id, english())
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		sheets, err := games.TableSheets(id)
		if err != nil {
			t.Fatal(err)
		}
		var text, html bytes.Buffer
		if err := r.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteHTML(&html); err != nil {
			t.Fatal(err)
		}
		if len(want[id]) == 0 {
			t.Errorf("%s: no expected facts in the test", id)
		}
		plain := strings.ReplaceAll(text.String(), "\u00a0", " ") // the figures' "97.30 %" is a non-breaking space
		for _, w := range want[id] {
			if !strings.Contains(plain, w) {
				t.Errorf("%s: the rules do not say %q:\n%s", id, w, text.String())
			}
		}
		if len(r.Bets) < len(sheets[0].Bets) {
			t.Errorf("%s: %d bets in the rules, %d on the sheet", id, len(r.Bets), len(sheets[0].Bets))
		}
		for _, b := range r.Bets {
			if b.Pays == "" || !strings.Contains(b.Return, "%") || colonNotation.MatchString(b.Pays) {
				t.Errorf("%s: %+v", id, b)
			}
		}
		if !strings.Contains(html.String(), "<h1>"+template.HTMLEscapeString(r.Name)+"</h1>") {
			t.Errorf("%s: html lacks its title", id)
		}
	}
	if _, err := NewTableRules("hot-twins", english()); err == nil {
		t.Fatal("a slot title's table rules")
	}
}

// colonNotation is a payout written "35:1" (the English reader reads "35 to 1").
var colonNotation = regexp.MustCompile(`\d:\d`)

func TestValueRanges(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{[]int{4}, "4"},
		{[]int{6, 7}, "6 or 7"},
		{[]int{2, 3, 4, 5, 6, 7}, "2 to 7"},
		{[]int{0, 1, 2, 3, 4, 5, 6, 7, 9}, "0 to 7 or 9"},
		{[]int{1, 3, 5, 6}, "1, 3, 5 or 6"},
	} {
		if got := valueRanges(english(), c.in); got != c.want {
			t.Errorf("%v: %q, want %q", c.in, got, c.want)
		}
	}
}
