//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"strings"
	"testing"

	"egm/help"
	"egm/locale"
	"egm/tables/blackjack"
	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/tables/threecard"
	"egm/tables/uth"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// tablePlayerTexts are the texts of the table games in metered play (for
// TestPlayerTexts and, in every language, TestTablePlayerTexts), in the
// player's language: every decision button with the largest stake it can add
// under limits ten times the default ones, in the narrowest button its game
// lays out; the scenes' own buttons; a bet outside the limits in the status
// box; the lobby's table page; the cloths' words and the words the tables show
// over the hand; the attract mode's table highlights.
func tablePlayerTexts() []playerText {
	const max = 1000_00 // a maximum bet of 1,000.00 EUR
	const most = 99_999_999_99
	var out []playerText
	legalMost := map[string][]play.Option{ // the most decisions a hand offers at once, and their largest stakes
		play.Blackjack: {{Decision: play.Hit}, {Decision: play.Stand}, {Decision: play.Double, Cents: max}, {Decision: play.Split, Cents: max}},
		play.ThreeCard: {{Decision: play.PlayHand, Cents: max}, {Decision: play.Fold}},
		play.Holdem:    {{Decision: play.Bet4x, Cents: 4 * max}, {Decision: play.Bet3x, Cents: 3 * max}, {Decision: play.Check}},
	}
	insurance := []play.Option{{Decision: play.Insure, Cents: max / 2}, {Decision: play.NoInsurance}}
	flop := []play.Option{{Decision: play.Bet2x, Cents: 2 * max}, {Decision: play.Check}}
	river := []play.Option{{Decision: play.Bet1x, Cents: max}, {Decision: play.Fold}}
	for game, sets := range map[string][][]play.Option{play.Blackjack: {legalMost[play.Blackjack], insurance},
		play.ThreeCard: {legalMost[play.ThreeCard]}, play.Holdem: {legalMost[play.Holdem], flop, river}} {
		for _, legal := range sets {
			n := float32(len(legal))
			w := min(320, (tablescene.TableDecX1-tablescene.TableDecX0-(n-1)*tablescene.TableDecGap)/n)
			for _, o := range legal {
				out = append(out, playerText{"table decision button " + game, tablescene.DecisionLabel(o), float64(w - 20), 30, true, true, 20})
			}
		}
	}
	lim := play.Limits{Min: max, Max: max, SideMax: max}
	for _, err := range []error{&play.LimitError{Game: play.Roulette, Bet: "Red", Cents: max, Min: max, Max: max}, fmt.Errorf("no bet")} {
		s := tablescene.BetLimitText(err)
		lines, size := slotscene.StatusLayout(s)
		for _, ln := range lines {
			out = append(out, playerText{"table bet refused (status box)", ln, float64(slotscene.StatusW - 2*slotscene.StatusPad), size, true, true, slotscene.StatusMinSize})
		}
	}
	{
		lines, size := slotscene.StatusLayout(tablescene.TableNotNow())
		for _, ln := range lines {
			out = append(out, playerText{"table input refused (status box)", ln, float64(slotscene.StatusW - 2*slotscene.StatusPad), size, true, true, slotscene.StatusMinSize})
		}
	}
	for _, g := range play.IDs() {
		name, blurb, bets, side := tableTileWords(g, lim)
		for _, ln := range name {
			out = append(out, playerText{"lobby table tile name " + g, ln, tableTileW - 40, 40, true, false, 40})
		}
		out = append(out, playerText{"lobby table tile " + g, blurb, tableTileW - 30, 22, true, true, 18},
			playerText{"lobby table tile bets " + g, bets, tableTileW - 30, 22, true, true, 18},
			playerText{"lobby table tile side bets " + g, side, tableTileW - 30, 20, false, true, 16})
	}
	for _, s := range []string{"TABLE GAMES", "SLOT GAMES"} {
		out = append(out, playerText{"lobby page button", s, float64(lobbyPageButton.W - 20), 30, true, true, 24})
	}
	out = append(out, playerText{"table LOBBY button", tablescene.ButtonWord(tablescene.LobbyButton.Name), float64(tablescene.LobbyButton.W - 20), 30, true, true, 24})
	// the scenes' own buttons: CHIP with the largest chip's value, the side bets
	// on and off, and the others
	sideBets := map[string]bool{"SIDE BETS": true, "TRIPS": true, "PAIR PLUS": true, "PRIME": true, "JACKPOT": true}
	for game, set := range map[string]struct {
		bs   []slotscene.Button
		word string
	}{play.Roulette: {tablescene.RouletteButtons, "CHIP"}, play.PuntoBanco: {tablescene.PuntoBancoButtons, "CHIP"}, play.ThreeCard: {tablescene.ThreeCardJackpotButtons, "CHIP"},
		play.Blackjack: {tablescene.BlackjackButtons, "BET"}, play.Holdem: {tablescene.HoldemButtons, "ANTE"}} {
		for _, b := range set.bs {
			size, least := 30.0, 22.0
			if b.Input == kit.InputSpin {
				size, least = 48, 30
			}
			switch {
			case b.Name == "CHIP": // the largest chip: a little smaller
				out = append(out, playerText{game + " button CHIP", tablescene.ChipWord(set.word, max), float64(b.W - 20), size, true, true, 20})
				continue
			case sideBets[b.Name]: // turned off: the longest name, smaller still
				out = append(out, playerText{game + " button " + b.Name + " off", kit.Tr("tables.button.off", "Name", tablescene.ButtonWord(b.Name)), float64(b.W - 20), size, true, true, 16})
			}
			out = append(out, playerText{game + " button " + b.Name, tablescene.ButtonWord(b.Name), float64(b.W - 20), size, true, true, least})
		}
	}
	// the meters (tableMeters: the narrow layout's boxes)
	for _, s := range []string{kit.Tr("tables.meter.credit"), tablescene.MeterWord("BET"), tablescene.MeterWord("ANTE"), kit.Tr("tables.meter.win"), kit.Tr("tables.meter.demo")} {
		out = append(out, playerText{"table meter caption", s, 190 - 16, 20, true, false, 20})
	}
	// roulette
	out = append(out, playerText{"roulette: the win", tablescene.YouWinText(most), 2*tablescene.RwX - 60, 36, true, true, 30},
		playerText{"roulette: no more bets", kit.Tr("tables.roulette.nomorebets"), 2*tablescene.RwX - 60, 44, true, true, 36},
		playerText{"roulette: place your chips", tablescene.PlaceChipsText(), 2*tablescene.RwX - 60, 40, true, true, 32},
		playerText{"roulette: the title", kit.Tr("tables.roulette.title"), 2*tablescene.RwX - 40, 40, true, true, 32},
		playerText{"roulette: a column", tablescene.PaysText(2, 1), tablescene.RcW - 6, 22, true, true, 18})
	for n := range 37 {
		out = append(out, playerText{"roulette: the winning number", tablescene.RouletteResultWords(n), 2*tablescene.RwX - 60, 60, true, true, 48})
	}
	for d := 1; d <= 3; d++ {
		out = append(out, playerText{"roulette: a dozen", tablescene.DozenName(d), 4*tablescene.RcW - 16, 32, true, true, 24})
	}
	for _, k := range tablescene.EvenChances {
		if s := tablescene.EvenName(k); s != "" {
			out = append(out, playerText{"roulette: an even chance", s, 2*tablescene.RcW - 12, 28, true, true, 22})
		}
	}
	// blackjack
	out = append(out, playerText{"blackjack: the return", kit.Tr("tables.blackjack.paid", "Amount", kit.PlayerMoney(most)), 1000, 40, true, true, 32},
		playerText{"blackjack: insurance", kit.Tr("tables.blackjack.insurance"), paint.ScreenW - 200, 32, true, true, 28},
		playerText{"blackjack: the cloth's title", kit.Tr("tables.blackjack.pays"), paint.ScreenW - 80, 48, true, true, 36},
		playerText{"blackjack: the cloth's rules", kit.Tr("tables.blackjack.rules"), paint.ScreenW - 80, 26, true, true, 20},
		playerText{"blackjack: the dealer", kit.Tr("tables.blackjack.dealer", "Total", "21"), 600, 30, true, false, 30})
	for i, b := range tablescene.BjSideBets {
		out = append(out, playerText{"blackjack: a side bet's pays", tablescene.SideBetPays(blackjack.HousePays, b), tablescene.BjSidePaysWidth(i), 18, true, true, 16})
	}
	card := func(s string) blackjack.Card { c, _ := blackjack.ParseCard(s); return c }
	soft := blackjack.PlayerHand{Cards: []blackjack.Card{card("Ah"), card("5d")}}
	for _, h := range []blackjack.PlayerHand{soft, {Cards: []blackjack.Card{card("9h"), card("9d"), card("9c")}}, {Cards: []blackjack.Card{card("Ah"), card("Kd")}}} {
		for _, r := range []blackjack.HandResult{{Bet: max, Return: 0}, {Bet: max, Return: max}, {Bet: max, Return: 2 * max}} {
			out = append(out, playerText{"blackjack: a hand's words", tablescene.BjHandWord(h, true, blackjack.Result{Hands: []blackjack.HandResult{r}}, 0), 360, 30, true, true, 24})
		}
	}
	// punto banco
	for _, side := range []puntobanco.Side{puntobanco.PlayerWins, puntobanco.BankerWins, puntobanco.Tie} {
		out = append(out, playerText{"punto banco: the result", tablescene.PbResultWords(side, most), 1500, 44, true, true, 36})
	}
	out = append(out, playerText{"punto banco: the cloth's rules", kit.Tr("tables.pb.rules"), paint.ScreenW - 80, 22, true, true, 18},
		playerText{"punto banco: place your chips", tablescene.PlaceChipsText(), 900, 40, true, true, 32})
	for _, b := range tablescene.PbBoxes {
		out = append(out, playerText{"punto banco: a box", tablescene.CircleWord(b.Name), float64(b.W - 20), 28, true, true, 24},
			playerText{"punto banco: a box's pays", tablescene.PbPays(puntobanco.Commission, b.Bet), float64(b.W - 20), 20, false, true, 18})
	}
	for _, s := range []string{"PLAYER", "BANKER"} {
		out = append(out, playerText{"punto banco: a hand", tablescene.CircleWord(s), 700, 40, true, true, 40})
	}
	// the card tables' circles and pay tables
	for _, cs := range [][]tablescene.BetCircle{tablescene.BjCircles, tablescene.UthCircles, tablescene.TcCircles, {tablescene.TcJackpotCircle}} {
		for _, c := range cs {
			out = append(out, playerText{"a betting circle", tablescene.CircleWord(c.Name), tablescene.TableCircleWordW, 20, true, true, 16})
		}
	}
	for c := uth.Category(0); c < uth.NumCategories; c++ {
		if p := uth.Default.Blind[c]; p.Num > 0 {
			w := 290 - paint.TextWidth(tablescene.PaysText(p.Num, p.Den), 19, true) - 10
			out = append(out, playerText{"hold'em: the Blind pay table", tablescene.PokerHand(c), w, 19, true, true, 16})
		}
		if p := uth.Default.Trips[c]; p.Num > 0 {
			w := 290 - paint.TextWidth(tablescene.PaysText(p.Num, p.Den), 19, true) - 10
			out = append(out, playerText{"hold'em: the Trips pay table", tablescene.PokerHand(c), w, 19, true, true, 16})
		}
	}
	out = append(out, playerText{"hold'em: the cloth's rules", kit.Tr("tables.holdem.rules"), tablescene.UthPanelX - 60, 22, true, true, 18})
	for c := threecard.Category(0); c < threecard.NumCategories; c++ {
		for _, t := range [][threecard.NumCategories]int64{threecard.Default.PairPlus, threecard.Default.AnteBonus} {
			if t[c] > 0 {
				w := 340 - paint.TextWidth(tablescene.PaysText(t[c], 1), 22, true) - 10
				out = append(out, playerText{"three card poker: a pay table", tablescene.ThreeCardHand(c), w, 22, true, true, 18})
			}
		}
		out = append(out, playerText{"three card poker: your hand", kit.Tr("tables.threecard.you", "Hand", tablescene.ThreeCardHand(c)), 1100, 34, true, true, 30})
		for _, q := range []bool{true, false} {
			out = append(out, playerText{"three card poker: the dealer's hand", tablescene.TcDealerWords(c, q), 1100, 30, true, true, 26})
		}
	}
	// the progressive jackpot's sign: its heading, each hand with the largest pay, the stake
	side := threecard.DefaultProgressive
	out = append(out, playerText{"three card poker: the jackpot's sign", kit.Tr("tables.progressive_title"), tablescene.TcSignW - 30, 28, true, true, 22},
		playerText{"three card poker: the jackpot's stake", kit.Tr("tables.progressive_stake", "Amount", kit.PlayerMoney(side.Pool.Stake)), tablescene.TcSignW - 30, 20, true, true, 16})
	for h := threecard.ProgNone + 1; h < threecard.NumProgressiveHands; h++ {
		pays := kit.PlayerMoney(500 * side.Pool.Stake)
		w := tablescene.TcSignRoom - paint.TextWidth(pays, tablescene.TcSignRowSize, true) - 10
		out = append(out, playerText{"three card poker: the jackpot's hands", strings.ToUpper(help.ProgressiveHandName(kit.ScreenLang.Player, h)), w, tablescene.TcSignRowSize, true, true, 16})
	}
	for _, l := range tablescene.PrimeLines(threecard.Default) {
		out = append(out, playerText{"three card poker: Prime's pays", l, 370, 20, true, true, 16})
	}
	out = append(out, playerText{"three card poker: the cloth's rules", kit.Tr("tables.threecard.rules"), 1400, 24, true, true, 20},
		playerText{"three card poker: Ante bonus", kit.Tr("tables.threecard.antebonus"), 370, 30, true, true, 24},
		playerText{"three card poker: the question", kit.Tr("tables.threecard.question"), 1400, 36, true, true, 30})
	for _, r := range []threecard.Result{{Returned: most}, {DealerQualifies: true, Player: 2, Dealer: 1, Returned: most},
		{DealerQualifies: true, Returned: most}, {DealerQualifies: true, Player: 1, Dealer: 2}} {
		out = append(out, playerText{"three card poker: the outcome", tablescene.TcOutcomeWords(threecard.Play, r), 1400, 40, true, true, 32})
	}
	out = append(out, playerText{"three card poker: folded", tablescene.TcOutcomeWords(threecard.Fold, threecard.Result{}), 1400, 40, true, true, 32})
	// the attract mode's table highlights
	for _, at := range attractTables {
		out = append(out, playerText{"attract: a table's caption", at.caption(), 1100, 30, true, true, 22},
			playerText{"attract: a table's name", strings.ToUpper(tablescene.TableGameName(at.game)), 700, 40, true, true, 32})
	}
	out = append(out, playerText{"attract: table games", kit.Tr("tables.attract.tablegames"), 600, 24, true, false, 24},
		playerText{"attract: touch to play", kit.Tr("tables.attract.touch"), 1000 - 40, 70, true, true, 48})
	for _, s := range []string{kit.Tr("tables.attract.yourcredit"), kit.Tr("tables.attract.demogame")} {
		out = append(out, playerText{"attract: a meter's caption", s, 420 - 16, 20, true, false, 20})
	}
	for _, s := range []string{kit.Tr("tables.attract.notformoney"), kit.Tr("tables.meter.demo")} {
		out = append(out, playerText{"attract: the demo meter", s, 420 - 16, 38, true, true, 24})
	}
	return out
}

// eachPlayerLang runs fn with the player's texts in each language the
// catalogues have (the euro: its amounts are the longest), then restores the
// language.
func eachPlayerLang(t *testing.T, fn func(locale.Lang)) {
	t.Helper()
	was := kit.ScreenLang.Player
	defer func() { kit.ScreenLang.Player = was }()
	for _, l := range locale.All() {
		kit.ScreenLang.Player = kit.ScreenLang.Printers[l]
		fn(l)
	}
}

// TestTablePlayerTexts reads the table games' texts in every language as
// TestPlayerTexts reads them in one: printed from the catalogue (no missing id),
// no cents, each within its box at 1920×1080 and no smaller than readable.
func TestTablePlayerTexts(t *testing.T) {
	eachPlayerLang(t, func(lang locale.Lang) {
		texts := tablePlayerTexts()
		if len(texts) < 150 {
			t.Fatalf("%s: only %d texts", lang, len(texts))
		}
		for _, p := range texts {
			if strings.Contains(p.s, "‹") || strings.Contains(strings.ToLower(p.s), "cents") || strings.Contains(p.s, "EUR") {
				t.Errorf("%s: %s: %q is a missing message, cents or a currency code", lang, p.where, p.s)
			}
			size := p.size
			if p.fits {
				size = paint.FitSize(p.s, p.size, p.bold, p.w)
			}
			if w := paint.TextWidth(p.s, size, p.bold); w > p.w+0.5 {
				t.Errorf("%s: %s: %q is %.0f px wide, its box %.0f", lang, p.where, p.s, w, p.w)
			}
			if size < p.min || size*minScale < minGlassPx {
				t.Errorf("%s: %s: %q is drawn at %.1f, smallest readable %.0f", lang, p.where, p.s, size, max(p.min, minGlassPx/minScale))
			}
		}
	})
}

// The table scenes draw in the player's language and follow a change at once:
// the cloth drawn again, the decision buttons in the new language.
func TestTableLanguageChange(t *testing.T) {
	felts := map[string]*tablescene.FeltCache{play.Roulette: &tablescene.FeltImg, play.Blackjack: &tablescene.BjFeltImg, play.PuntoBanco: &tablescene.PbFeltImg,
		play.Holdem: &tablescene.UthFeltImg, play.ThreeCard: &tablescene.TcFeltImg}
	for _, game := range play.IDs() {
		sc, err := tablescene.NewTableScene(game, tablescene.NewDemoDealer(5))
		if err != nil {
			t.Fatal(err)
		}
		switch play.KindOf(game) {
		case play.KindRoulette:
			_ = sc.ScriptBet("red")
		case play.KindPuntoBanco:
			_ = sc.ScriptBet("banker")
		}
		sc.ScriptDeal()
		c := sc.Core()
		eachPlayerLang(t, func(lang locale.Lang) {
			runFrames(sc, 1, nil)
			if f := felts[game]; f.Img == nil || f.Lang != lang {
				t.Errorf("%s %s: the cloth is drawn in %q", lang, game, f.Lang)
			}
			if !c.Playing() {
				return
			}
			for i, b := range c.DecisionButtons() {
				if want := tablescene.DecisionLabel(c.R.Legal()[i]); b.B.Name != want {
					t.Errorf("%s %s: button %q, want %q", lang, game, b.B.Name, want)
				}
			}
		})
	}
}
