//go:build cgo && !noscreen

package tablescene

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/help"
	"egm/locale"
	"egm/tables/blackjack"
	"egm/tables/play"
	"egm/tables/threecard"
	"egm/tables/uth"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// The table scenes' words, in the player's language (catalogue "tables"): the
// games' values (a decision, a hand's category, a payout) are named here by a
// stable id, printed at draw time; package tables keeps its engineers' names.
// A button's name stays the scene's key for the button; the player reads
// ButtonWord of it.

// DecisionWord is a decision's name on its button.
func DecisionWord(d play.Decision) string {
	switch d {
	case play.Hit:
		return kit.Tr("tables.decision.hit")
	case play.Stand:
		return kit.Tr("tables.decision.stand")
	case play.Double:
		return kit.Tr("tables.decision.double")
	case play.Split:
		return kit.Tr("tables.decision.split")
	case play.Insure:
		return kit.Tr("tables.decision.insure")
	case play.NoInsurance:
		return kit.Tr("tables.decision.noinsurance")
	case play.PlayHand:
		return kit.Tr("tables.decision.play")
	case play.Fold:
		return kit.Tr("tables.decision.fold")
	case play.Check:
		return kit.Tr("tables.decision.check")
	case play.Bet4x:
		return kit.Tr("tables.decision.bet4x")
	case play.Bet3x:
		return kit.Tr("tables.decision.bet3x")
	case play.Bet2x:
		return kit.Tr("tables.decision.bet2x")
	case play.Bet1x:
		return kit.Tr("tables.decision.bet1x")
	}
	return strings.ToUpper(string(d)) // a decision the screen does not know yet
}

// ButtonWord is what the player reads on a table scene's button named name.
func ButtonWord(name string) string {
	switch name {
	case "CLEAR":
		return kit.Tr("tables.button.clear")
	case "REBET":
		return kit.Tr("tables.button.rebet")
	case "SPIN":
		return kit.Tr("tables.button.spin")
	case "DEAL":
		return kit.Tr("tables.button.deal")
	case "SIDE BETS":
		return kit.Tr("tables.button.sidebets")
	case "LOBBY":
		return kit.Tr("tables.button.lobby")
	case "TRIPS":
		return kit.Tr("tables.bet.trips")
	case "PAIR PLUS":
		return kit.Tr("tables.bet.pairplus")
	case "PRIME":
		return kit.Tr("tables.bet.prime")
	case "JACKPOT":
		return kit.Tr("tables.bet.progressive")
	}
	return name
}

// ChipWord is the chip button's caption with the chip's value: CHIP, BET (the
// main bet's chip) or ANTE.
func ChipWord(word string, value int64) string {
	v := kit.PlayerMoneyNum(value)
	switch word {
	case "BET":
		return kit.Tr("tables.button.bet", "Value", v)
	case "ANTE":
		return kit.Tr("tables.button.ante", "Value", v)
	}
	return kit.Tr("tables.button.chip", "Value", v)
}

// CircleWord is a betting circle's or box's name on the cloth.
func CircleWord(name string) string {
	switch name {
	case "ANTE":
		return kit.Tr("tables.bet.ante")
	case "BLIND":
		return kit.Tr("tables.bet.blind")
	case "PLAY":
		return kit.Tr("tables.bet.play")
	case "TRIPS":
		return kit.Tr("tables.bet.trips")
	case "PAIR PLUS":
		return kit.Tr("tables.bet.pairplus")
	case "PRIME":
		return kit.Tr("tables.bet.prime")
	case "JACKPOT":
		return kit.Tr("tables.bet.progressive")
	case "MAIN":
		return kit.Tr("tables.bet.main")
	case "21+3":
		return kit.Tr("tables.bet.twentyoneplus3")
	case "TOP 3":
		return kit.Tr("tables.bet.top3")
	case "PERFECT PAIRS":
		return kit.Tr("tables.bet.perfectpairs")
	case "PLAYER":
		return kit.Tr("tables.pb.player")
	case "BANKER":
		return kit.Tr("tables.pb.banker")
	case "TIE":
		return kit.Tr("tables.pb.tie")
	case "PLAYER PAIR":
		return kit.Tr("tables.pb.playerpair")
	case "BANKER PAIR":
		return kit.Tr("tables.pb.bankerpair")
	}
	return name
}

// MeterWord is a table meter's caption: BET or ANTE.
func MeterWord(caption string) string {
	if caption == "ANTE" {
		return kit.Tr("tables.bet.ante")
	}
	return kit.Tr("tables.meter.bet")
}

// PaysText is a payout num to den ("8 TO 1").
func PaysText(num, den int64) string {
	return kit.Tr("tables.pays", "N", kit.Grouped(num), "D", kit.Grouped(den))
}

// PokerHand names a five-card poker hand's category (Ultimate Texas Hold'em).
func PokerHand(c uth.Category) string { return HandIn(kit.ScreenLang.Player, c.String()) }

// ThreeCardHand names a three card poker hand's category.
func ThreeCardHand(c threecard.Category) string { return HandIn(kit.ScreenLang.Player, c.String()) }

// sideHand names a blackjack side bet's three-card hand (21+3, Top 3).
func sideHand(c blackjack.ThreeCard) string { return HandIn(kit.ScreenLang.Player, c.String()) }

// HandIn names a poker hand or a Perfect Pairs pair in p's language, in
// capitals, by the name the games' categories share ("flush", "three of a
// kind"): the rules' word (help.HandName), the player's at the table and the
// attendant's in the recall.
func HandIn(p *locale.Printer, name string) string {
	return strings.ToUpper(help.HandName(p, name))
}

// sidePair names a Perfect Pairs pair.
func sidePair(p blackjack.Pair) string { return HandIn(kit.ScreenLang.Player, p.String()) }

// SideBetPays states a blackjack side bet's pay table on the cloth, the best
// hand first, hands that pay alike together: "TOP 3: SUITED TRIPS 270 TO 1,
// STRAIGHT FLUSH 180 TO 1, …", "21+3: SUITED TRIPS, …, FLUSH 9 TO 1".
func SideBetPays(sp blackjack.SidePays, b blackjack.SideBet) string {
	var names []string
	var pays []int64
	switch b {
	case blackjack.PerfectPairs:
		for k := blackjack.NumPair - 1; k > blackjack.NoPair; k-- {
			if sp.PerfectPairs[k] > 0 {
				names, pays = append(names, sidePair(k)), append(pays, sp.PerfectPairs[k])
			}
		}
	default:
		t := sp.TwentyOnePlus3
		if b == blackjack.Top3 {
			t = sp.Top3
		}
		for k := blackjack.NumThree - 1; k > blackjack.NoHand; k-- {
			if t[k] > 0 {
				names, pays = append(names, sideHand(k)), append(pays, t[k])
			}
		}
	}
	var out []string
	for i, n := range names {
		if i+1 < len(names) && pays[i+1] == pays[i] {
			out = append(out, n) // its pay follows the last hand paid alike
			continue
		}
		out = append(out, n+" "+PaysText(pays[i], 1))
	}
	return kit.Tr("tables.blackjack.sidepays", "Bet", sideBetName(b), "Pays", strings.Join(out, ", "))
}

// sideBetName is a blackjack side bet's name.
func sideBetName(b blackjack.SideBet) string {
	switch b {
	case blackjack.TwentyOnePlus3:
		return kit.Tr("tables.bet.twentyoneplus3")
	case blackjack.Top3:
		return kit.Tr("tables.bet.top3")
	}
	return kit.Tr("tables.bet.perfectpairs")
}

// TableGameName is a table game's name for the player.
func TableGameName(game string) string {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return kit.Tr("tables.game.roulette")
	case play.KindThreeCard:
		return kit.Tr("tables.game.threecard")
	case play.KindPuntoBanco:
		return kit.Tr("tables.game.puntobanco")
	case play.KindBlackjack:
		return kit.Tr("tables.game.blackjack")
	case play.KindHoldem:
		return kit.Tr("tables.game.holdem")
	}
	return play.Name(game)
}

// FeltCache keeps a table's cloth, which carries words, for the language it was
// drawn in: a language change draws it again (and releases the old one).
type FeltCache struct {
	Img  *ebiten.Image
	Lang locale.Lang
}

// get is the cloth in the player's language, drawn by draw when it is not.
func (c *FeltCache) get(draw func() *ebiten.Image) *ebiten.Image {
	if l := kit.PlayerLang(); c.Img == nil || c.Lang != l {
		if c.Img != nil {
			c.Img.Deallocate()
		}
		c.Img, c.Lang = draw(), l
	}
	return c.Img
}

// YouWinText is the amount a round returned ("YOU WIN €12.00").
func YouWinText(won int64) string { return kit.Tr("tables.youwin", "Amount", kit.PlayerMoney(won)) }

// drawPayRow draws one row of a pay table on a rules panel: the hand's name from
// left, fitted to room less the pay's width, and what it pays ending at right.
func drawPayRow(img *ebiten.Image, name, pays string, size, left, right, room, y float64) {
	pw := paint.TextWidth(pays, size, true)
	paint.Label(img, name, paint.FitSize(name, size, true, room-pw-10), true, left, y, paint.Left, paint.RGB(230, 230, 230), 0)
	paint.Label(img, pays, size, true, right, y, paint.Right, paint.RGB(230, 230, 230), 0)
}
