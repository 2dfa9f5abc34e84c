package blackjack

import (
	"errors"
	"fmt"
	"slices"
)

// Rules are the main game's rules. HouseRules are the house's; the other fields'
// values exist for the analysis's cross-checks against published figures.
type Rules struct {
	Decks int
	// HitSoft17: false — the dealer stands on every 17 (Estonian "Diiler peab võtma
	// kaarte, kui tal on 16 või vähem, ja peab jääma pidama 17 või rohkem punktiga";
	// the first ace counts 11 when it does not bust).
	HitSoft17 bool
	// MaxHands: 4 — "Kaarti võib jagada maksimaalselt kolm korda, saades kuni neli kätt"
	// (Kazakh §29(7): "Количество Сплитов на боксе не более трех").
	MaxHands int
	// DoubleAfterSplit: true — "Pärast jagamist võib kahekordistada, välja arvatud
	// jagatud ässade korral".
	DoubleAfterSplit bool
	// Surrender: half the bet back on the first two cards, before any other decision
	// and before the dealer's second card. Only the Kazakh §29(8) has it ("SURENDA –
	// отказ от игры за 50% ставки до выхода третьей карты на первый бокс"); the
	// Estonian rules, the house's game here, do not: false.
	Surrender bool
}

// HouseRules are the Estonian house rules' blackjack ("Mängija Juhend" to "Maja Eelis
// (House Edge) – Blackjack"), with the Kazakh §29 where it says the same:
//   - 6 decks (Decks);
//   - blackjack pays 3:2 and pushes with the dealer's blackjack ("võidad sa 3:2, välja
//     arvatud juhul, kui ka diileril on Blackjack – sel juhul on tulemuseks viik");
//   - the dealer stands on all 17s;
//   - double on any first two cards, one card only ("ükskõik milline nende summa on …
//     saab mängija ainult ÜHE lisakaardi"; Kazakh §29(5): not on a blackjack);
//   - split two cards of the same value ("sama väärtusega"), up to four hands; aces
//     once, one card each, no double on them; double after splitting otherwise;
//     ace + ten after a split is 21, not blackjack;
//   - insurance up to half the bet when the dealer's card is an ace, before any
//     further card, paying 2:1 ("Kindlustus");
//   - no surrender;
//   - a player total of exactly 21 takes no more cards ("Kui saad täpselt 21, ei tohi
//     sa rohkem kaarte võtta").
//
// The dealer takes a single card before the players play ("Diiler jagab kaardid …
// ühe igale mängijale ja ühe endale, seejärel teise kaardi igale mängijale"): there is
// no hole card and no peek, the dealer's second card comes after every decision. What
// the doubled and split stakes do against a dealer blackjack is not written; this
// package applies the usual no-hole-card rule — every stake on the box loses to it,
// blackjack excepted (a push) — which the Estonian note that a split ace + ten "kaotab
// diileri Blackjacki vastu" agrees with.
var HouseRules = Rules{Decks: Decks, MaxHands: 4, DoubleAfterSplit: true}

// Decision is an input the player commits; the machine records it like a gamble step.
type Decision uint8

const (
	Stand Decision = iota + 1
	Hit
	Double
	Split
	Surrender
	Insure      // take insurance: half the main bet
	NoInsurance // decline it
)

var decisionNames = [...]string{"", "stand", "hit", "double", "split", "surrender", "insure", "no insurance"}

func (d Decision) String() string {
	if int(d) < len(decisionNames) && d != 0 {
		return decisionNames[d]
	}
	return fmt.Sprintf("decision(%d)", int(d))
}

// Bets are the stakes of one box in cents. Main is a positive even number of cents so
// that 3:2, the half-stake insurance and surrender's half are whole cents. The side
// bets are placed with the main bet ("tehakse samaaegselt põhipanusega").
type Bets struct {
	Main           int64
	TwentyOnePlus3 int64
	Top3           int64
	PerfectPairs   int64
}

// PlayerHand is one of the box's hands (several after splits).
type PlayerHand struct {
	Cards       []Card
	Bet         int64 // the stake on this hand, a double included
	FromSplit   bool
	SplitAces   bool // one card each, no further decision
	Doubled     bool
	Surrendered bool
	Done        bool
}

// Game is one round of one box, dealt from a shuffled shoe. Its state is the shoe,
// the bets and the decisions applied (Log): NewGame followed by the same Apply calls
// rebuilds it exactly.
type Game struct {
	Rules     Rules
	Pays      SidePays
	Shoe      []Card
	Next      int // index in Shoe of the next card to take
	Bets      Bets
	Hands     []PlayerHand
	Active    int // the hand being played; len(Hands) when the player is done
	Dealer    []Card
	Insurance int64 // the insurance stake
	Log       []Decision

	insuranceOpen bool
}

// NewGame deals a round from a shuffled shoe: the player's first card, the dealer's
// card, the player's second card.
func NewGame(rules Rules, pays SidePays, shoe []Card, b Bets) (*Game, error) {
	if rules.Decks < 1 || rules.MaxHands < 1 {
		return nil, fmt.Errorf("blackjack: bad rules %+v", rules)
	}
	if len(shoe) != 52*rules.Decks {
		return nil, fmt.Errorf("blackjack: shoe of %d cards, want %d", len(shoe), 52*rules.Decks)
	}
	var count [52]int
	for _, c := range shoe {
		if c > 51 {
			return nil, fmt.Errorf("blackjack: no card %d", int(c))
		}
		count[c]++
	}
	for c, n := range count {
		if n != rules.Decks {
			return nil, fmt.Errorf("blackjack: the shoe holds %v %d times, want %d", Card(c), n, rules.Decks)
		}
	}
	if b.Main <= 0 || b.Main%2 != 0 {
		return nil, fmt.Errorf("blackjack: main bet %d cents, want a positive even number", b.Main)
	}
	if b.TwentyOnePlus3 < 0 || b.Top3 < 0 || b.PerfectPairs < 0 {
		return nil, fmt.Errorf("blackjack: negative side bet %+v", b)
	}
	g := &Game{Rules: rules, Pays: pays, Shoe: shoe, Bets: b}
	p1, up, p2 := g.draw(), g.draw(), g.draw()
	g.Dealer = []Card{up}
	g.Hands = []PlayerHand{{Cards: []Card{p1, p2}, Bet: b.Main}}
	g.insuranceOpen = Points(up) == 1
	if IsBlackjack(g.Hands[0].Cards, false) {
		g.Hands[0].Done = true
	}
	g.advance()
	return g, nil
}

func (g *Game) draw() Card {
	c := g.Shoe[g.Next]
	g.Next++
	return c
}

// Up is the dealer's first card.
func (g *Game) Up() Card { return g.Dealer[0] }

// Done reports that the player has no decision left (the dealer has played).
func (g *Game) Done() bool { return !g.insuranceOpen && g.Active >= len(g.Hands) }

// Legal lists the decisions open now, none when the round is done.
func (g *Game) Legal() []Decision {
	if g.insuranceOpen {
		return []Decision{Insure, NoInsurance}
	}
	if g.Done() {
		return nil
	}
	h := &g.Hands[g.Active]
	out := []Decision{Stand}
	t, _ := Value(h.Cards)
	if t < 21 {
		out = append(out, Hit)
	}
	if len(h.Cards) == 2 && t < 21 && (!h.FromSplit || g.Rules.DoubleAfterSplit) {
		out = append(out, Double)
	}
	if g.canSplit(h) {
		out = append(out, Split)
	}
	if g.Rules.Surrender && len(g.Hands) == 1 && len(h.Cards) == 2 && !h.FromSplit {
		out = append(out, Surrender)
	}
	return out
}

func (g *Game) canSplit(h *PlayerHand) bool {
	return len(h.Cards) == 2 && Points(h.Cards[0]) == Points(h.Cards[1]) &&
		len(g.Hands) < g.Rules.MaxHands && !h.SplitAces
}

// Apply commits one decision. An illegal decision is an error and changes nothing.
func (g *Game) Apply(d Decision) error {
	if !slices.Contains(g.Legal(), d) {
		return fmt.Errorf("blackjack: %v is not open now (open: %v)", d, g.Legal())
	}
	g.Log = append(g.Log, d)
	switch d {
	case Insure:
		g.Insurance = g.Bets.Main / 2
		g.insuranceOpen = false
	case NoInsurance:
		g.insuranceOpen = false
	default:
		h := &g.Hands[g.Active]
		switch d {
		case Stand:
			h.Done = true
		case Hit:
			h.Cards = append(h.Cards, g.draw())
			if t, _ := Value(h.Cards); t >= 21 {
				h.Done = true
			}
		case Double:
			h.Bet += g.Bets.Main
			h.Doubled = true
			h.Cards = append(h.Cards, g.draw())
			h.Done = true
		case Surrender:
			h.Surrendered = true
			h.Done = true
		case Split:
			aces := Points(h.Cards[0]) == 1
			second := PlayerHand{Cards: []Card{h.Cards[1]}, Bet: g.Bets.Main, FromSplit: true, SplitAces: aces}
			h.Cards = []Card{h.Cards[0], g.draw()}
			h.FromSplit, h.SplitAces = true, aces
			g.Hands = append(g.Hands[:g.Active+1], append([]PlayerHand{second}, g.Hands[g.Active+1:]...)...)
			g.settleSplitHand(&g.Hands[g.Active])
		}
	}
	g.advance()
	return nil
}

// settleSplitHand closes a split hand that can take no decision: split aces after
// their one card ("kumbki saab vaid ühe lisakaardi"), and 21.
func (g *Game) settleSplitHand(h *PlayerHand) {
	if t, _ := Value(h.Cards); h.SplitAces || t == 21 {
		h.Done = true
	}
}

// advance moves to the next hand needing a decision, giving a split hand its second
// card when it comes up, and plays the dealer's hand when the player is done.
func (g *Game) advance() {
	if g.insuranceOpen {
		return
	}
	for g.Active < len(g.Hands) {
		h := &g.Hands[g.Active]
		if len(h.Cards) == 1 {
			h.Cards = append(h.Cards, g.draw())
			g.settleSplitHand(h)
		}
		if !h.Done {
			return
		}
		g.Active++
	}
	if len(g.Dealer) > 1 {
		return
	}
	g.Dealer = append(g.Dealer, g.draw()) // the dealer's second card, after every decision
	live := false
	for _, h := range g.Hands {
		live = live || !(h.Surrendered || Busted(h.Cards) || IsBlackjack(h.Cards, h.FromSplit))
	}
	for live && !IsBlackjack(g.Dealer, false) && DealerDraws(g.Dealer, g.Rules.HitSoft17) {
		g.Dealer = append(g.Dealer, g.draw())
	}
}

// HandResult is one hand's settlement.
type HandResult struct {
	Cards  []Card
	Bet    int64
	Return int64 // stake and win, 0 when the hand loses
}

// Result is a settled round; every amount is in cents, returns include the stake.
type Result struct {
	Dealer          []Card
	DealerTotal     int
	DealerBlackjack bool
	Hands           []HandResult
	Insurance       int64
	TwentyOnePlus3  int64
	Top3            int64
	PerfectPairs    int64
	Staked          int64
	Returned        int64
}

// Settle settles a finished round. The rules, each from the house rules:
//   - a blackjack returns the stake and 3:2, a push against the dealer's blackjack;
//   - the dealer's blackjack takes every other stake on the box, doubles and splits
//     included (no hole card; see HouseRules);
//   - a bust loses ("kaotad sa automaatselt") whatever the dealer does; otherwise the
//     dealer busting or a total closer to 21 wins 1:1, a lower total loses, equal
//     totals push ("Kui saavutate sama tulemuse – on see viik");
//   - surrender returns half the bet;
//   - insurance returns 3× its stake (2:1) when the dealer's two cards are a blackjack;
//   - the side bets settle on the first three cards (SidePays).
func (g *Game) Settle() (Result, error) {
	if !g.Done() {
		return Result{}, errors.New("blackjack: the round is not finished")
	}
	dt, _ := Value(g.Dealer)
	dbj := IsBlackjack(g.Dealer, false)
	r := Result{Dealer: g.Dealer, DealerTotal: dt, DealerBlackjack: dbj}
	r.Staked = g.Insurance + g.Bets.TwentyOnePlus3 + g.Bets.Top3 + g.Bets.PerfectPairs
	for _, h := range g.Hands {
		r.Staked += h.Bet
		hr := HandResult{Cards: h.Cards, Bet: h.Bet}
		pt, _ := Value(h.Cards)
		switch {
		case h.Surrendered:
			hr.Return = h.Bet / 2
		case IsBlackjack(h.Cards, h.FromSplit):
			if dbj {
				hr.Return = h.Bet
			} else {
				hr.Return = h.Bet + h.Bet*3/2
			}
		case dbj || pt > 21:
		case dt > 21 || pt > dt:
			hr.Return = 2 * h.Bet
		case pt == dt:
			hr.Return = h.Bet
		}
		r.Returned += hr.Return
		r.Hands = append(r.Hands, hr)
	}
	if dbj {
		r.Insurance = 3 * g.Insurance
	}
	p := g.FirstCards()
	three := ThreeCardOf([3]Card{p[0], p[1], g.Dealer[0]})
	r.TwentyOnePlus3 = g.Bets.TwentyOnePlus3 * returnFactor(g.Pays.TwentyOnePlus3[three])
	r.Top3 = g.Bets.Top3 * returnFactor(g.Pays.Top3[three])
	r.PerfectPairs = g.Bets.PerfectPairs * returnFactor(g.Pays.PerfectPairs[PairOf(p[0], p[1])])
	r.Returned += r.Insurance + r.TwentyOnePlus3 + r.Top3 + r.PerfectPairs
	return r, nil
}

// FirstCards are the player's first two cards, before any split: the shoe's first and
// third cards (the dealer's is the second).
func (g *Game) FirstCards() [2]Card { return [2]Card{g.Shoe[0], g.Shoe[2]} }

// returnFactor is what k:1 returns per unit staked: k+1, or 0 when k = 0 (a loss).
func returnFactor(k int64) int64 {
	if k <= 0 {
		return 0
	}
	return k + 1
}
