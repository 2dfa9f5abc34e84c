//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/machine"
	"egm/meters"
	"egm/tables/blackjack"
	"egm/tables/cards"
	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// tableRecall replays a recalled table round for the attendant, step by step,
// from the recall entry alone: the stored outcome is the deal (play.Parse: the
// pocket, or the whole shuffled deck or shoe, no decision), the entry's data the
// decisions (machine.TableRound rebuilds the round with all of them). The steps
// are the deal, each decision in order with the cards it brought, the dealer's
// play (the showdown, the third cards, the ball's pocket) and the settlement of
// every bet (play.Settlement's lines). Each step's table is a list of card rows
// (table_recall_draw.go draws them); nothing is drawn from guesses: a round
// that cannot be rebuilt is shown as the reason.
type tableRecall struct {
	e       meters.RecallEntry
	game    string
	problem string
	steps   []rcStep
	cur     int
	playing bool
	held    int // ticks the current step has been shown while playing
	set     play.Settlement
	bets    []rcBet // the bets as placed (roulette's by kind and numbers)
	final   []rcRow // the settlement's rows, when a game words them (else the last step's)
	info    [6]string
	pic     *ebiten.Image // the table at the current step, drawn once per step
	picAt   int
}

// rcStep is one step of a recalled table round.
type rcStep struct {
	name    string // the line under the table: what happened, in full
	short   string // its entry in the steps list
	rows    []rcRow
	pocket  int  // roulette's winning number shown (−1: not yet)
	settled bool // the settlement's returns are shown
}

// rcRow is a row of cards on the recalled table: whose they are, the cards face
// up (fresh: brought by this step), the cards still face down, and where the row's
// centre is.
type rcRow struct {
	caption string
	note    string // under the cards: the stake, the result
	cards   []gamble.Card
	fresh   []bool
	down    int
	active  bool
	cx, cy  float32
}

// rcBet is a bet as placed, for the bets panel.
type rcBet struct {
	name  string
	stake int64
}

// rcPlayTicks is how long a step shows while the replay plays through.
const rcPlayTicks = 80

// Where the recalled table's rows go (the table's area is left of the panels).
const (
	rcTableCX          = 650
	rcDealerY, rcPlayY = 330, 690
	rcCardScale        = 0.55
)

// newTableRecall rebuilds the round of a recall entry of a table game and lays out
// its steps.
func newTableRecall(e meters.RecallEntry) *tableRecall {
	t := &tableRecall{e: e, game: e.Title, picAt: -1}
	recallInfo(&t.info, e)
	t.info[1] = strings.ToUpper(play.Names[e.Title])
	t.info[2] = "STAKED " + playerMoney(e.BetCents)
	t.info[3] = "RETURNED " + playerMoney(e.WinCents)
	deal, err := play.Parse(e.Outcome)
	if err != nil {
		t.problem = "THE STORED ROUND CANNOT BE READ: " + strings.ToUpper(err.Error())
		return t
	}
	final, err := machine.TableRound(e.Outcome, e.Data)
	if err != nil {
		t.problem = "THE STORED DECISIONS CANNOT BE REPLAYED: " + strings.ToUpper(err.Error())
		return t
	}
	// the round after each decision: states[k] has the first k applied
	states := []*play.Round{deal}
	for i, d := range final.Decisions {
		r := states[i].Clone()
		if _, err := r.Apply(d); err != nil {
			t.problem = "THE STORED DECISIONS CANNOT BE REPLAYED: " + strings.ToUpper(err.Error())
			return t
		}
		states = append(states, r)
	}
	if final.Done() {
		if t.set, err = final.Settle(); err != nil {
			t.problem = "THE ROUND DOES NOT SETTLE: " + strings.ToUpper(err.Error())
			return t
		}
	}
	t.bets = rcBets(e.Title, deal.Bets)
	switch e.Title {
	case play.Roulette:
		t.rouletteSteps(final)
	case play.ThreeCard:
		t.threeCardSteps(states)
	case play.PuntoBanco:
		t.puntoBancoSteps(final)
	case play.Blackjack:
		t.blackjackSteps(states)
	case play.Holdem:
		t.holdemSteps(states)
	}
	if final.Done() && len(t.steps) > 0 {
		last := t.steps[len(t.steps)-1]
		last.rows = append([]rcRow(nil), last.rows...)
		if t.final != nil {
			last.rows = t.final
		}
		last.name = fmt.Sprintf("SETTLEMENT: STAKED %s · RETURNED %s", playerMoney(t.set.Staked), playerMoney(t.set.Returned))
		last.short = "SETTLEMENT"
		last.settled = true
		for i := range last.rows {
			last.rows[i].fresh = nil
			last.rows[i].active = false
		}
		t.steps = append(t.steps, last)
	} else if !final.Done() {
		t.info[5] = "NOT FINISHED: DECISIONS STILL OPEN"
	}
	return t
}

// rcBets lists the bets of game as placed, in the game's order of spots
// (Ultimate Texas Hold'em's Blind with its Ante).
func rcBets(game string, b play.Bets) []rcBet {
	var out []rcBet
	for _, x := range b.Roulette {
		out = append(out, rcBet{rouletteBetName(x), x.Stake})
	}
	main, side := play.Spots(game)
	for _, s := range append(main, side...) {
		if v := b.Spots[s]; v > 0 {
			out = append(out, rcBet{strings.ToUpper(strings.ReplaceAll(s, "-", " ")), v})
			if game == play.Holdem && s == play.SpotAnte {
				out = append(out, rcBet{"BLIND", v})
			}
		}
	}
	return out
}

// rouletteBetName names a roulette bet with what it covers.
func rouletteBetName(b roulette.Bet) string {
	s := strings.ToUpper(b.Kind.String())
	switch {
	case len(b.Numbers) > 0:
		ns := make([]string, len(b.Numbers))
		for i, n := range b.Numbers {
			ns[i] = strconv.Itoa(n)
		}
		s += " " + strings.Join(ns, "-")
	case b.Kind == roulette.Neighbours:
		s += " OF " + strconv.Itoa(b.Target)
	case b.Target != 0:
		s += " " + strconv.Itoa(b.Target)
	}
	return s
}

// add appends a step.
func (t *tableRecall) add(name, short string, rows []rcRow) {
	t.steps = append(t.steps, rcStep{name: name, short: short, rows: rows, pocket: -1})
}

// ---- roulette ----

func (t *tableRecall) rouletteSteps(r *play.Round) {
	t.add(fmt.Sprintf("BETS PLACED: %d %s, %s · NO MORE BETS", len(r.Bets.Roulette), plural(len(r.Bets.Roulette), "BET", "BETS"), playerMoney(r.Staked())), "BETS PLACED", nil)
	t.add("THE BALL LANDS ON "+pocketWords(r.Pocket), "POCKET "+strconv.Itoa(r.Pocket), nil)
	t.steps[1].pocket = r.Pocket
}

// pocketWords is a pocket's number and colour.
func pocketWords(n int) string {
	switch {
	case n == 0:
		return "0 (ZERO, GREEN)"
	case roulette.IsRed(n):
		return strconv.Itoa(n) + " RED"
	}
	return strconv.Itoa(n) + " BLACK"
}

// ---- three card poker ----

func (t *tableRecall) threeCardSteps(states []*play.Round) {
	deal, _, _ := states[0].ThreeCardDeal()
	pv := threecard.Evaluate(deal.Player)
	player := rcRow{caption: "PLAYER · " + strings.ToUpper(pv.Category().String()), cards: rcCards(deal.Player[:]), cx: rcTableCX, cy: rcPlayY}
	dealer := rcRow{caption: "DEALER", down: 3, cx: rcTableCX, cy: rcDealerY}
	player.fresh = allFresh(3)
	t.add("THE DEAL: PLAYER "+cardsText(deal.Player[:])+" ("+strings.ToUpper(pv.Category().String())+") · DEALER'S THREE CARDS FACE DOWN",
		"THE DEAL", []rcRow{dealer, player})
	player.fresh = nil
	folded := false
	for k := 1; k < len(states); k++ {
		d := states[k].Decisions[k-1]
		folded = folded || d == play.Fold
		t.add(decisionText(states[k-1], d), decisionShort(d), []rcRow{dealer, player})
	}
	if !states[len(states)-1].Done() {
		return
	}
	dv := threecard.Evaluate(deal.Dealer)
	q := "QUALIFIES (QUEEN HIGH OR BETTER)"
	if !threecard.Qualifies(dv) {
		q = "DOES NOT QUALIFY"
	}
	dealer = rcRow{caption: "DEALER · " + strings.ToUpper(dv.Category().String()), cards: rcCards(deal.Dealer[:]), fresh: allFresh(3), cx: rcTableCX, cy: rcDealerY}
	name := "THE DEALER'S CARDS: " + cardsText(deal.Dealer[:]) + " (" + strings.ToUpper(dv.Category().String()) + ") · " + q
	if folded {
		name = "THE DEALER'S CARDS: " + cardsText(deal.Dealer[:]) + " · THE PLAYER HAD FOLDED"
	}
	t.add(name, "DEALER'S CARDS", []rcRow{dealer, player})
}

// ---- punto banco ----

func (t *tableRecall) puntoBancoSteps(r *play.Round) {
	c, _ := r.PuntoBancoCoup()
	row := func(who string, cs []puntobanco.Card, n int, fresh []bool, cx float32) rcRow {
		gs := make([]gamble.Card, n)
		for i := range gs {
			gs[i] = pbGamble(cs[i])
		}
		return rcRow{caption: who + " · " + strconv.Itoa(pbTotal(cs[:n])), cards: gs, fresh: fresh, cx: cx, cy: rcPlayY - 120}
	}
	p2, b2 := row("PLAYER", c.Player[:], 2, allFresh(2), rcTableCX-300), row("BANKER", c.Banker[:], 2, allFresh(2), rcTableCX+300)
	t.add(fmt.Sprintf("THE DEAL: PLAYER %s = %d · BANKER %s = %d", pbText(c.Player[:2]), pbTotal(c.Player[:2]), pbText(c.Banker[:2]), pbTotal(c.Banker[:2])),
		"THE DEAL", []rcRow{p2, b2})
	winner := map[puntobanco.Side]string{puntobanco.PlayerWins: "PLAYER WINS", puntobanco.BankerWins: "BANKER WINS", puntobanco.Tie: "TIE"}[c.Winner()]
	if c.PlayerCards == 2 && c.BankerCards == 2 {
		t.add(fmt.Sprintf("NO THIRD CARD · %s %d TO %d", winner, c.PlayerTotal(), c.BankerTotal()), "NO THIRD CARD", []rcRow{p2, b2})
		return
	}
	var parts []string
	pf, bf := []bool{false, false, true}, []bool{false, false, true}
	if c.PlayerCards == 3 {
		parts = append(parts, "PLAYER DRAWS "+pbText(c.Player[2:3]))
	}
	if c.BankerCards == 3 {
		parts = append(parts, "BANKER DRAWS "+pbText(c.Banker[2:3]))
	}
	t.add(fmt.Sprintf("THIRD CARDS BY THE TABLEAU: %s · %s %d TO %d", strings.Join(parts, ", "), winner, c.PlayerTotal(), c.BankerTotal()),
		"THIRD CARDS", []rcRow{row("PLAYER", c.Player[:], c.PlayerCards, pf, rcTableCX-300), row("BANKER", c.Banker[:], c.BankerCards, bf, rcTableCX+300)})
}

// pbTotal is a punto banco hand's points (tens dropped).
func pbTotal(cs []puntobanco.Card) int {
	t := 0
	for _, c := range cs {
		t += c.Value()
	}
	return t % 10
}

// ---- blackjack ----

func (t *tableRecall) blackjackSteps(states []*play.Round) {
	g0, _ := states[0].BlackjackGame()
	open := ""
	for _, o := range states[0].Legal() {
		if o.Decision == play.Insure {
			open = " · INSURANCE OFFERED"
		}
	}
	h := g0.Hands[0].Cards
	t.add(fmt.Sprintf("THE DEAL: PLAYER %s (%s) · DEALER SHOWS %s%s", cardsText(h), bjTotal(h, false), cardsText(g0.Dealer[:1]), open),
		"THE DEAL", bjRows(g0, g0.Hands[0].Cards, 1, true, false))
	for k := 1; k < len(states); k++ {
		prev, _ := states[k-1].BlackjackGame()
		g, _ := states[k].BlackjackGame()
		d := states[k].Decisions[k-1]
		fresh := g.Shoe[prev.Next:g.Next]
		if n := bjPlayerCards(g) - bjPlayerCards(prev); n < len(fresh) {
			fresh = fresh[:n] // the dealer's cards come in the next step
		}
		name := decisionText(states[k-1], d)
		who := "PLAYER"
		if len(prev.Hands) > 1 || d == play.Split {
			who = "HAND " + strconv.Itoa(min(prev.Active, len(prev.Hands)-1)+1)
		}
		switch d {
		case play.Insure, play.NoInsurance:
		case play.Stand:
			hc := prev.Hands[min(prev.Active, len(prev.Hands)-1)].Cards
			name = who + ": STAND ON " + bjTotal(hc, false)
		case play.Split:
			a := min(prev.Active, len(g.Hands)-2)
			name = who + ": " + name + " → " + cardsText(g.Hands[a].Cards) + " AND " + cardsText(g.Hands[a+1].Cards)
		default:
			a := min(prev.Active, len(g.Hands)-1)
			hc := g.Hands[a].Cards
			name = who + ": " + name + " → " + cardsText(fresh[:min(1, len(fresh))]) + " (" + bjTotal(hc, g.Hands[a].FromSplit) + ")"
			if len(fresh) > 1 {
				name += " · HAND " + strconv.Itoa(a+2) + " GETS " + cardsText(fresh[1:])
			}
		}
		if len(fresh) > 0 && d == play.Stand {
			name += " · HAND " + strconv.Itoa(min(prev.Active, len(prev.Hands)-1)+2) + " GETS " + cardsText(fresh)
		}
		t.add(name, decisionShort(d), bjRows(g, fresh, 1, !g.Done(), false))
	}
	gf, _ := states[len(states)-1].BlackjackGame()
	if !gf.Done() {
		return
	}
	dt, _ := blackjack.Value(gf.Dealer)
	word := strconv.Itoa(dt)
	switch {
	case blackjack.IsBlackjack(gf.Dealer, false):
		word = "BLACKJACK"
	case dt > 21:
		word = "BUST (" + word + ")"
	}
	t.add("THE DEALER'S PLAY: "+cardsText(gf.Dealer)+" · "+word, "DEALER'S PLAY", bjRows(gf, nil, len(gf.Dealer), false, true))
	// the settlement's captions: each hand's result
	if res, err := gf.Settle(); err == nil {
		rows := bjRows(gf, nil, len(gf.Dealer), false, false)
		for i := range res.Hands {
			if i+1 < len(rows) {
				r := res.Hands[i]
				w := "LOSES"
				switch {
				case r.Return > r.Bet:
					w = "WINS · RETURNS " + playerMoney(r.Return)
				case r.Return == r.Bet:
					w = "PUSH · RETURNS " + playerMoney(r.Return)
				}
				rows[i+1].note = w
			}
		}
		t.final = rows
	}
}

// bjPlayerCards counts the player's cards on every hand.
func bjPlayerCards(g blackjack.Game) int {
	n := 0
	for _, h := range g.Hands {
		n += len(h.Cards)
	}
	return n
}

// bjRows lays out the dealer's first shown cards and the player's hands side by
// side; the player's fresh cards are marked (or, for the dealer's play, the
// dealer's drawn cards); active marks the hand to play when the player is still
// deciding.
func bjRows(g blackjack.Game, fresh []cards.Card, shown int, active, dealerPlay bool) []rcRow {
	shown = min(shown, len(g.Dealer))
	dt, _ := blackjack.Value(g.Dealer[:shown])
	rows := []rcRow{{caption: "DEALER · " + strconv.Itoa(dt), cards: rcCards(g.Dealer[:shown]), cx: rcTableCX, cy: rcDealerY}}
	left := append([]cards.Card(nil), fresh...)
	n := len(g.Hands)
	for i, h := range g.Hands {
		cap := bjTotal(h.Cards, h.FromSplit)
		if n > 1 {
			cap = "HAND " + strconv.Itoa(i+1) + " · " + cap
		}
		note := "STAKE " + playerMoney(h.Bet)
		if h.Doubled {
			note += " · DOUBLED"
		}
		rows = append(rows, rcRow{caption: cap, note: note, cards: rcCards(h.Cards), cx: rcTableCX + (float32(i)-float32(n-1)/2)*rcHandGap(n), cy: rcPlayY,
			active: active && n > 1 && i == g.Active})
	}
	// mark the fresh cards: the last matching card of the last hands first
	for _, c := range left {
		gc := cardGamble(c)
	mark:
		for i := len(rows) - 1; i >= 1; i-- {
			r := &rows[i]
			if r.fresh == nil {
				r.fresh = make([]bool, len(r.cards))
			}
			for j := len(r.cards) - 1; j >= 0; j-- {
				if r.cards[j] == gc && !r.fresh[j] {
					r.fresh[j] = true
					break mark
				}
			}
		}
	}
	if len(fresh) > 0 && !dealerPlay && shown == 1 && len(g.Log) == 0 { // the deal: the dealer's card too
		rows[0].fresh = []bool{true}
	}
	if dealerPlay {
		rows[0].fresh = make([]bool, shown)
		for j := 1; j < shown; j++ {
			rows[0].fresh[j] = true
		}
	}
	return rows
}

// rcHandGap is the distance between n hands side by side.
func rcHandGap(n int) float32 { return min(560, 1240/float32(n)) }

// bjTotal words a blackjack hand's total.
func bjTotal(cs []cards.Card, fromSplit bool) string {
	t, soft := blackjack.Value(cs)
	switch {
	case blackjack.IsBlackjack(cs, fromSplit):
		return "BLACKJACK"
	case t > 21:
		return "BUST " + strconv.Itoa(t)
	case soft && t < 21:
		return "SOFT " + strconv.Itoa(t)
	}
	return strconv.Itoa(t)
}

// ---- Ultimate Texas Hold'em ----

func (t *tableRecall) holdemSteps(states []*play.Round) {
	deal, _, _, _, _ := states[0].HoldemDeal()
	shown := 0 // community cards face up
	rows := func(board, dealer bool, freshFrom int) []rcRow {
		b := rcRow{caption: "BOARD", cx: rcTableCX, cy: (rcDealerY + rcPlayY) / 2}
		b.cards = rcCards(deal.Board[:shown])
		b.down = 5 - shown
		if freshFrom < shown {
			b.fresh = make([]bool, shown)
			for i := freshFrom; i < shown; i++ {
				b.fresh[i] = true
			}
		}
		d := rcRow{caption: "DEALER", down: 2, cx: rcTableCX, cy: rcDealerY - 40}
		if dealer {
			d = rcRow{caption: "DEALER · " + strings.ToUpper(uth.Eval7(deal.Dealer, deal.Board).Category().String()),
				cards: rcCards(deal.Dealer[:]), fresh: allFresh(2), cx: rcTableCX, cy: rcDealerY - 40}
		}
		pc := "PLAYER"
		if shown == 5 {
			pc += " · " + strings.ToUpper(uth.Eval7(deal.Player, deal.Board).Category().String())
		}
		p := rcRow{caption: pc, cards: rcCards(deal.Player[:]), cx: rcTableCX, cy: rcPlayY + 60}
		return []rcRow{d, b, p}
	}
	first := rows(false, false, 0)
	first[2].fresh = allFresh(2)
	t.add("THE DEAL: PLAYER "+cardsText(deal.Player[:])+" · THE BOARD AND THE DEALER'S CARDS FACE DOWN", "THE DEAL", first)
	for k := 1; k < len(states); k++ {
		d := states[k].Decisions[k-1]
		_, st, _, _, _ := states[k].HoldemDeal()
		before := shown
		name := decisionText(states[k-1], d)
		switch st {
		case uth.Flop:
			shown = 3
			name += " → THE FLOP: " + cardsText(deal.Board[:3])
		case uth.River:
			shown = 5
			name += " → THE TURN AND THE RIVER: " + cardsText(deal.Board[3:5])
		}
		t.add(name, decisionShort(d), rows(false, false, before))
	}
	_, st, _, folded, _ := states[len(states)-1].HoldemDeal()
	if st != uth.Showdown {
		return
	}
	before := shown
	shown = 5
	pv, dv := uth.Eval7(deal.Player, deal.Board), uth.Eval7(deal.Dealer, deal.Board)
	q := "THE DEALER OPENS (A PAIR OR BETTER)"
	if !uth.Qualifies(dv) {
		q = "THE DEALER DOES NOT OPEN"
	}
	name := fmt.Sprintf("SHOWDOWN: BOARD %s · DEALER %s (%s) · PLAYER %s · %s", cardsText(deal.Board[:]), cardsText(deal.Dealer[:]),
		strings.ToUpper(dv.Category().String()), strings.ToUpper(pv.Category().String()), q)
	if folded {
		name = fmt.Sprintf("THE PLAYER FOLDED · BOARD %s · DEALER %s", cardsText(deal.Board[:]), cardsText(deal.Dealer[:]))
	}
	t.add(name, "SHOWDOWN", rows(true, true, before))
}

// ---- words and cards ----

// rcDecisionWords are the decisions as the attendant reads them.
var rcDecisionWords = map[play.Decision]string{
	play.Hit: "HIT", play.Stand: "STAND", play.Double: "DOUBLE", play.Split: "SPLIT", play.Insure: "INSURANCE TAKEN",
	play.NoInsurance: "NO INSURANCE", play.PlayHand: "PLAY", play.Fold: "FOLD", play.Check: "CHECK",
	play.Bet4x: "BET 4X", play.Bet3x: "BET 3X", play.Bet2x: "BET 2X", play.Bet1x: "BET 1X",
}

// decisionShort is a decision's word.
func decisionShort(d play.Decision) string {
	if w, ok := rcDecisionWords[d]; ok {
		return w
	}
	return strings.ToUpper(string(d))
}

// decisionText is a decision with the stake it added (read from the options open
// before it).
func decisionText(before *play.Round, d play.Decision) string {
	w := decisionShort(d)
	for _, o := range before.Legal() {
		if o.Decision == d && o.Cents > 0 {
			w += " (+" + playerMoney(o.Cents) + ")"
		}
	}
	return w
}

// cardGamble maps a deck card to the card art's.
func cardGamble(c cards.Card) gamble.Card {
	rank := c.Rank() + 2
	if c.Rank() == cards.Ace {
		rank = 1
	}
	return gamble.Card{Suit: rcSuits[c.Suit()%4], Rank: rank}
}

var rcSuits = [4]gamble.Suit{cards.Clubs: gamble.Clubs, cards.Diamonds: gamble.Diamonds, cards.Hearts: gamble.Hearts, cards.Spades: gamble.Spades}

// pbGamble maps a punto banco card (ace low) to the card art's.
func pbGamble(c puntobanco.Card) gamble.Card {
	return gamble.Card{Suit: rcSuits[c.Suit()%4], Rank: c.Rank() + 1}
}

func rcCards(cs []cards.Card) []gamble.Card {
	out := make([]gamble.Card, len(cs))
	for i, c := range cs {
		out[i] = cardGamble(c)
	}
	return out
}

func allFresh(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}

// rcSuitSigns are the suits as written.
var rcSuitSigns = map[gamble.Suit]string{gamble.Clubs: "♣", gamble.Diamonds: "♦", gamble.Hearts: "♥", gamble.Spades: "♠"}

// cardWord is a card as written: rank and suit sign, "10♥", "A♠".
func cardWord(c gamble.Card) string {
	r := "?"
	if c.Rank >= 1 && c.Rank <= 13 {
		r = rankText[c.Rank]
	}
	return r + rcSuitSigns[c.Suit]
}

func cardsText(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = cardWord(cardGamble(c))
	}
	return strings.Join(out, " ")
}

func pbText(cs []puntobanco.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = cardWord(pbGamble(c))
	}
	return strings.Join(out, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
