package puntobanco

import (
	"fmt"
	"math/big"
)

// Ratio is a payout Num:Den: a winning stake s wins s·Num/Den (rounded down to the
// cent) and is returned with it. The zero Ratio means the bet is not offered.
type Ratio struct{ Num, Den int64 }

// Offered reports whether the ratio pays anything.
func (r Ratio) Offered() bool { return r.Num > 0 && r.Den > 0 }

// win is what a winning stake wins, in cents, rounded down.
func (r Ratio) win(stake int64) int64 { return stake * r.Num / r.Den }

// rat is the ratio as an exact fraction.
func (r Ratio) rat() *big.Rat { return big.NewRat(r.Num, r.Den) }

func (r Ratio) String() string {
	if r.Den == 1 {
		return fmt.Sprintf("%d:1", r.Num)
	}
	return fmt.Sprintf("%d:%d", r.Num, r.Den)
}

// Bet is one betting position.
type Bet int

// The betting positions. BetEgalite0+t is the UR Way Égalité on a tie of total t.
const (
	BetPlayer   Bet = iota // the player's hand wins
	BetBanker              // the banker's hand wins
	BetTie                 // "panus Égalité (viik)": the hands tie
	BetEgalite0            // UR Way Égalité on a tie of 0, … up to BetEgalite9
)

// BetEgalite9 is the UR Way Égalité on a tie of 9.
const BetEgalite9 = BetEgalite0 + 9

const (
	BetPlayerPair Bet = BetEgalite9 + 1 + iota // the player's first two cards are a pair
	BetBankerPair                              // the banker's first two cards are a pair
	BetBombay6                                 // the banker wins with a total of 6
	NumBets
)

func (b Bet) String() string {
	switch {
	case b == BetPlayer:
		return "Player"
	case b == BetBanker:
		return "Banker"
	case b == BetTie:
		return "Tie"
	case b >= BetEgalite0 && b <= BetEgalite9:
		return fmt.Sprintf("Égalité %d", int(b-BetEgalite0))
	case b == BetPlayerPair:
		return "Player pair"
	case b == BetBankerPair:
		return "Banker pair"
	case b == BetBombay6:
		return "Bombay 6"
	}
	return fmt.Sprintf("bet(%d)", int(b))
}

// PayTable is what each bet pays, as data.
type PayTable struct {
	Name   string
	Source string // where the figures come from
	Player Ratio  // the Player bet when the player wins
	Banker Ratio  // the Banker bet when the banker wins with a total other than 6
	// BankerSix is the Banker bet when the banker wins with a total of 6: the same as
	// Banker with the commission, half of it in the commission-free game.
	BankerSix Ratio
	Tie       Ratio     // the Tie bet (Égalité) on any tie
	Egalite   [10]Ratio // UR Way Égalité, by the tie's total
	Pair      Ratio     // Player pair and Banker pair
	Bombay6   Ratio     // Bombay 6: the banker wins with a two-card 6
	Bombay6x3 Ratio     // Bombay 6: the banker wins with a three-card 6
	// Push reports that a tie returns the Player and Banker stakes.
	Push bool
}

// egalite is the individual Égalité table of the British casinos (ties 0–9: 150, 215,
// 225, 200, 120, 110, 45, 45, 80, 80 to 1): the house rules' own table
// ("Viiginumbrid (Égalité) ja väljamaksed") did not survive.
var egalite = [10]Ratio{{150, 1}, {215, 1}, {225, 1}, {200, 1}, {120, 1}, {110, 1}, {45, 1}, {45, 1}, {80, 1}, {80, 1}}

// Commission is punto banco with the 5% commission on winning Banker bets.
//
// From the house rules: the bets on either hand and on the tie ("Mängija võib
// panustada kumbalegi käele … panus Égalité (viik)"), UR Way Égalité on each of the ten
// ties, and the pairs at 11:1 ("Mängija paar maksab 11:1 … Pankuri paar maksab 11:1";
// the document lists them under the commission-free game; they are offered here as
// well, for the operator to confirm). NOT in the house rules, which state no payout for
// the main bets and whose Égalité table is missing: Player 1:1, Banker 1:1 less 5%
// (19:20), Tie 8:1, a tie returning the Player and Banker stakes — punto banco's
// standard payouts — and the British individual Égalité table. Bombay 6 belongs to the
// commission-free game and is not offered.
var Commission = PayTable{
	Name:      "commission",
	Source:    "pairs 11:1: Estonian rules 'Paaripanused'; Player 1:1, Banker 19:20, Tie 8:1, push on a tie and the Égalité table 150-215-225-200-120-110-45-45-80-80: standard tables (the house rules' are missing)",
	Player:    Ratio{1, 1},
	Banker:    Ratio{19, 20},
	BankerSix: Ratio{19, 20},
	Tie:       Ratio{8, 1},
	Egalite:   egalite,
	Pair:      Ratio{11, 1},
	Push:      true,
}

// NoCommission is the commission-free game, "Mängu variatsioonid ja lisapanused
// (Komisjonivaba Baccarat)", with its side bets: "Bombay 6: 12:1 väljamakse, kui pankur
// võidab kahe-kaardilise 6-punkti käega; 20:1 väljamakse, kui pankur võidab
// kolme-kaardilise 6-punkti käega" (12:1 when the banker wins with a two-card 6, 20:1
// with a three-card 6) and the pairs at 11:1. The house rules do not say how the
// commission-free game pays the Banker bet; the shipped rule is the one the Bombay 6
// bet goes with (the "Super 6" game): 1:1, but 1:2 when the banker wins with 6.
// The other bets as in Commission.
var NoCommission = PayTable{
	Name:      "no commission",
	Source:    "Bombay 6 12:1/20:1 and pairs 11:1: Estonian rules 'Komisjonivaba Baccarat'; Banker 1:1 with a winning 6 paying 1:2, Player 1:1, Tie 8:1, push on a tie and the Égalité table: standard tables (the house rules' are missing)",
	Player:    Ratio{1, 1},
	Banker:    Ratio{1, 1},
	BankerSix: Ratio{1, 2},
	Tie:       Ratio{8, 1},
	Egalite:   egalite,
	Pair:      Ratio{11, 1},
	Bombay6:   Ratio{12, 1},
	Bombay6x3: Ratio{20, 1},
	Push:      true,
}

// Tables are the shipped pay tables.
var Tables = []PayTable{Commission, NoCommission}

// Offered reports whether the pay table takes bet b.
func (pt PayTable) Offered(b Bet) bool {
	switch {
	case b == BetPlayer:
		return pt.Player.Offered()
	case b == BetBanker:
		return pt.Banker.Offered() && pt.BankerSix.Offered()
	case b == BetTie:
		return pt.Tie.Offered()
	case b >= BetEgalite0 && b <= BetEgalite9:
		return pt.Egalite[b-BetEgalite0].Offered()
	case b == BetPlayerPair, b == BetBankerPair:
		return pt.Pair.Offered()
	case b == BetBombay6:
		return pt.Bombay6.Offered() && pt.Bombay6x3.Offered()
	}
	return false
}

// Pays describes what bet b pays ("" when it is not offered).
func (pt PayTable) Pays(b Bet) string {
	if !pt.Offered(b) {
		return ""
	}
	switch {
	case b == BetPlayer:
		return pt.Player.String()
	case b == BetBanker && pt.Banker == pt.BankerSix:
		return pt.Banker.String()
	case b == BetBanker:
		return pt.Banker.String() + ", a winning 6 " + pt.BankerSix.String()
	case b == BetTie:
		return pt.Tie.String()
	case b >= BetEgalite0 && b <= BetEgalite9:
		return pt.Egalite[b-BetEgalite0].String()
	case b == BetPlayerPair, b == BetBankerPair:
		return pt.Pair.String()
	case b == BetBombay6:
		return pt.Bombay6.String() + ", on three cards " + pt.Bombay6x3.String()
	}
	return ""
}

// outcome is what a bet does on a coup: wins at pay, is returned (push), or loses.
type outcome struct {
	win, push bool
	pay       Ratio
}

// resolve is bet b's outcome on a coup with these totals, card counts and pairs.
// Settle and Exact both decide through it; the pairs are decided apart from the totals.
func (pt PayTable) resolve(b Bet, p, q, pn, qn int, ppair, bpair bool) outcome {
	tie := p == q
	switch {
	case b == BetPlayer:
		if p > q {
			return outcome{win: true, pay: pt.Player}
		}
		return outcome{push: tie && pt.Push}
	case b == BetBanker:
		switch {
		case q > p && q == 6:
			return outcome{win: true, pay: pt.BankerSix}
		case q > p:
			return outcome{win: true, pay: pt.Banker}
		}
		return outcome{push: tie && pt.Push}
	case b == BetTie:
		return outcome{win: tie, pay: pt.Tie}
	case b >= BetEgalite0 && b <= BetEgalite9:
		t := int(b - BetEgalite0)
		// "Panus võidab ainult siis, kui valitud égalité tulemus realiseerub. Kõik
		// teised égalité panused kaotavad. Kui mäng ei lõpe viigiga, kaotavad kõik UR
		// Way Égalité panused."
		return outcome{win: tie && p == t, pay: pt.Egalite[t]}
	case b == BetPlayerPair:
		return outcome{win: ppair, pay: pt.Pair}
	case b == BetBankerPair:
		return outcome{win: bpair, pay: pt.Pair}
	case b == BetBombay6:
		switch {
		case q > p && q == 6 && qn == 2:
			return outcome{win: true, pay: pt.Bombay6}
		case q > p && q == 6 && qn == 3:
			return outcome{win: true, pay: pt.Bombay6x3}
		}
	}
	return outcome{}
}

// Bets are the stakes in cents, by betting position.
type Bets [NumBets]int64

// MaxStake bounds one stake (10^12 cents) so that no payout overflows.
const MaxStake int64 = 1_000_000_000_000

// Result is a settled coup.
type Result struct {
	PlayerTotal, BankerTotal int
	Winner                   Side
	Staked                   int64          // the sum of the stakes
	Returns                  [NumBets]int64 // what each bet returns: stake and win, the stake on a push, 0 when it loses
	Returned                 int64          // the sum of Returns
}

// Settle settles the bets b on coup c under pay table pt. A winning bet returns its
// stake and stake·pay rounded down to the cent (exact when the Banker stake with the
// commission is a multiple of 20 cents and the commission-free Banker stake a multiple
// of 2 cents; otherwise the fraction of a cent, at most one cent, stays with the
// house). Errors: a negative or too large stake, no stake at all, a stake on a bet the
// pay table does not offer, or a coup the tableau does not deal.
func Settle(pt PayTable, c Coup, b Bets) (Result, error) {
	var res Result
	for i, s := range b {
		if s < 0 || s > MaxStake {
			return Result{}, fmt.Errorf("puntobanco: stake %d on %v", s, Bet(i))
		}
		if s > 0 && !pt.Offered(Bet(i)) {
			return Result{}, fmt.Errorf("puntobanco: %v is not offered by the %s table", Bet(i), pt.Name)
		}
		res.Staked += s
	}
	if res.Staked == 0 {
		return Result{}, fmt.Errorf("puntobanco: no stake")
	}
	if err := c.check(); err != nil {
		return Result{}, err
	}
	p, q := c.PlayerTotal(), c.BankerTotal()
	res.PlayerTotal, res.BankerTotal, res.Winner = p, q, winner(p, q)
	pp, bp := c.PlayerPair(), c.BankerPair()
	for i, s := range b {
		if s == 0 {
			continue
		}
		o := pt.resolve(Bet(i), p, q, c.PlayerCards, c.BankerCards, pp, bp)
		switch {
		case o.win:
			res.Returns[i] = s + o.pay.win(s)
		case o.push:
			res.Returns[i] = s
		}
		res.Returned += res.Returns[i]
	}
	return res, nil
}
