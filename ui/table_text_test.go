//go:build cgo && !noscreen

package ui

import (
	"fmt"

	"egm/tables/play"
)

// tablePlayerTexts are the texts of the table games in metered play (for
// TestPlayerTexts): every decision button with the largest stake it can add
// under limits ten times the default ones, in the narrowest button its game
// lays out; a bet outside the limits in the status box; the lobby's table page;
// the words the tables show over the hand.
func tablePlayerTexts() []playerText {
	const max = 1000_00 // a maximum bet of 1,000.00 EUR
	var out []playerText
	legalMost := map[string][]play.Option{ // the most decisions a hand offers at once, and their largest stakes
		play.Blackjack: {{Decision: play.Hit}, {Decision: play.Stand}, {Decision: play.Double, Cents: max}, {Decision: play.Split, Cents: max}},
		play.ThreeCard: {{Decision: play.PlayHand, Cents: max}, {Decision: play.Fold}},
		play.Holdem:    {{Decision: play.Bet4x, Cents: 4 * max}, {Decision: play.Bet3x, Cents: 3 * max}, {Decision: play.Check}},
	}
	insurance := []play.Option{{Decision: play.Insure, Cents: max / 2}, {Decision: play.NoInsurance}}
	river := []play.Option{{Decision: play.Bet1x, Cents: max}, {Decision: play.Fold}}
	for game, sets := range map[string][][]play.Option{play.Blackjack: {legalMost[play.Blackjack], insurance},
		play.ThreeCard: {legalMost[play.ThreeCard]}, play.Holdem: {legalMost[play.Holdem], river}} {
		for _, legal := range sets {
			n := float32(len(legal))
			w := min(320, (tableDecX1-tableDecX0-(n-1)*tableDecGap)/n)
			for _, o := range legal {
				out = append(out, playerText{"table decision button " + game, decisionLabel(o), float64(w - 20), 30, true, true, 20})
			}
		}
	}
	lim := play.Limits{Min: max, Max: max, SideMax: max}
	for _, err := range []error{&play.LimitError{Game: play.Roulette, Bet: "Red", Cents: max, Min: max, Max: max}, fmt.Errorf("no bet")} {
		s := betLimitText(err)
		lines, size := statusLayout(s)
		for _, ln := range lines {
			out = append(out, playerText{"table bet refused (status box)", ln, float64(statusW - 2*statusPad), size, true, true, statusMinSize})
		}
	}
	for _, g := range play.Games {
		name, blurb, bets, side := tableTileWords(g, lim)
		for _, ln := range name {
			out = append(out, playerText{"lobby table tile name " + g, ln, tableTileW - 40, 40, true, false, 40})
		}
		out = append(out, playerText{"lobby table tile " + g, blurb, tableTileW - 30, 22, true, true, 18},
			playerText{"lobby table tile bets " + g, bets, tableTileW - 30, 22, true, true, 18},
			playerText{"lobby table tile side bets " + g, side, tableTileW - 30, 20, false, true, 16})
	}
	for _, s := range []string{"TABLE GAMES", "SLOT GAMES"} {
		out = append(out, playerText{"lobby page button", s, float64(lobbyPageButton.w - 20), 30, true, true, 24})
	}
	out = append(out, playerText{"table LOBBY button", "LOBBY", float64(lobbyButton.w - 20), 30, true, true, 24},
		playerText{"roulette: the win", "YOU WIN " + playerMoney(99_999_999_99), 2*rwX - 60, 36, true, false, 36},
		playerText{"punto banco: the result", "BANKER WINS  ·  YOU WIN " + playerMoney(99_999_999_99), 1500, 44, true, false, 44},
		playerText{"blackjack: the return", "PAID " + playerMoney(99_999_999_99), 1000, 40, true, false, 40},
		playerText{"table chip button", "CHIP " + playerMoneyNum(max), 200 - 20, 30, true, true, 22},
		playerText{"blackjack bet button", "BET " + playerMoneyNum(max), 180 - 20, 30, true, true, 22},
		playerText{"hold'em ante button", "ANTE " + playerMoneyNum(max), 180 - 20, 30, true, true, 22},
	)
	return out
}
