//go:build cgo && !noscreen

package opmenu

import (
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
	"egm/ui/internal/kit"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// TableRecall replays a recalled table round for the attendant, step by step,
// from the recall entry alone: the stored outcome is the deal (play.Parse: the
// pocket, or the whole shuffled deck or shoe, no decision), the entry's data the
// decisions (machine.TableRound rebuilds the round with all of them). The steps
// are the deal, each decision in order with the cards it brought, the dealer's
// play (the showdown, the third cards, the ball's pocket) and the settlement of
// every bet (play.Settlement's lines). Each step's table is a list of card rows
// (table_recall_draw.go draws them); nothing is drawn from guesses: a round
// that cannot be rebuilt is shown as the reason.
type TableRecall struct {
	e       meters.RecallEntry
	game    string
	Problem string
	Steps   []rcStep
	Cur     int
	playing bool
	held    int // ticks the current step has been shown while playing
	Set     play.Settlement
	Bets    []rcBet // the bets as placed (roulette's by kind and numbers)
	final   []rcRow // the settlement's rows, when a game words them (else the last step's)
	info    [6]string
	pic     *ebiten.Image // the table at the current step, drawn once per step
	picAt   int
}

// rcStep is one step of a recalled table round.
type rcStep struct {
	Key     string // what the step is, in any language: "THE DEAL", "split", "SETTLEMENT"
	Name    string // the line under the table: what happened, in full
	Short   string // its entry in the steps list
	rows    []rcRow
	pocket  int  // roulette's winning number shown (−1: not yet)
	Settled bool // the settlement's returns are shown
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
	Stake int64
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
func newTableRecall(e meters.RecallEntry) *TableRecall {
	t := &TableRecall{e: e, game: e.Title, picAt: -1}
	recallInfo(&t.info, e)
	t.info[1] = strings.ToUpper(play.Name(e.Title))
	t.info[2] = kit.OpTr("operator.table.staked", "Amount", kit.OpMoney(e.BetCents))
	t.info[3] = kit.OpTr("operator.table.returned", "Amount", kit.OpMoney(e.WinCents))
	deal, err := play.Parse(e.Outcome)
	if err != nil {
		t.Problem = kit.OpTr("operator.table.unreadable", "Detail", strings.ToUpper(err.Error()))
		return t
	}
	final, err := machine.TableRound(e.Outcome, e.Data)
	if err != nil {
		t.Problem = kit.OpTr("operator.table.not_replayable", "Detail", strings.ToUpper(err.Error()))
		return t
	}
	// the round after each decision: states[k] has the first k applied
	states := []*play.Round{deal}
	for i, d := range final.Decisions {
		r := states[i].Clone()
		if _, err := r.Apply(d); err != nil {
			t.Problem = kit.OpTr("operator.table.not_replayable", "Detail", strings.ToUpper(err.Error()))
			return t
		}
		states = append(states, r)
	}
	if final.Done() {
		if t.Set, err = final.Settle(); err != nil {
			t.Problem = kit.OpTr("operator.table.not_settled", "Detail", strings.ToUpper(err.Error()))
			return t
		}
	}
	t.Bets = rcBets(e.Title, deal.Bets)
	for i, b := range t.Bets {
		if b.name == betWord(play.SpotProgressive) && deal.Pool > 0 { // the pool the round carried
			t.Bets[i].name += " · " + kit.OpTr("operator.bet.progressive_pool", "Amount", kit.OpMoney(deal.Pool))
		}
	}
	switch play.KindOf(e.Title) {
	case play.KindRoulette:
		t.rouletteSteps(final)
	case play.KindThreeCard:
		t.threeCardSteps(states)
	case play.KindPuntoBanco:
		t.puntoBancoSteps(final)
	case play.KindBlackjack:
		t.blackjackSteps(states)
	case play.KindHoldem:
		t.holdemSteps(states)
	}
	if final.Done() && len(t.Steps) > 0 {
		last := t.Steps[len(t.Steps)-1]
		last.rows = append([]rcRow(nil), last.rows...)
		if t.final != nil {
			last.rows = t.final
		}
		last.Name = kit.OpTr("operator.table.settlement_line", "Staked", kit.OpMoney(t.Set.Staked), "Returned", kit.OpMoney(t.Set.Returned))
		last.Key, last.Short = "SETTLEMENT", kit.OpTr("operator.table.settlement")
		last.Settled = true
		for i := range last.rows {
			last.rows[i].fresh = nil
			last.rows[i].active = false
		}
		t.Steps = append(t.Steps, last)
	} else if !final.Done() {
		t.info[5] = kit.OpTr("operator.table.not_finished")
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
			out = append(out, rcBet{betWord(s), v})
			if play.KindOf(game) == play.KindHoldem && s == play.SpotAnte {
				out = append(out, rcBet{betWord("blind"), v})
			}
		}
	}
	return out
}

// rouletteBetName names a roulette bet with what it covers.
func rouletteBetName(b roulette.Bet) string {
	s := betWord(b.Kind.String())
	switch {
	case len(b.Numbers) > 0:
		ns := make([]string, len(b.Numbers))
		for i, n := range b.Numbers {
			ns[i] = strconv.Itoa(n)
		}
		s += " " + strings.Join(ns, "-")
	case b.Kind == roulette.Neighbours:
		s = kit.OpTr("operator.roulette.neighbours_of", "Number", b.Target)
	case b.Target != 0:
		s += " " + strconv.Itoa(b.Target)
	}
	return s
}

// add appends a step: key names it for the tests and tools ("THE DEAL", a
// decision's id), name and short are the attendant's words.
func (t *TableRecall) add(key, name, short string, rows []rcRow) {
	t.Steps = append(t.Steps, rcStep{Key: key, Name: name, Short: short, rows: rows, pocket: -1})
}

// ---- roulette ----

func (t *TableRecall) rouletteSteps(r *play.Round) {
	t.add("BETS PLACED", kit.OpTrN("operator.roulette.bets_placed", int64(len(r.Bets.Roulette)), "Amount", kit.OpMoney(r.Staked())), kit.OpTr("operator.table.bets_placed"), nil)
	t.add("POCKET", kit.OpTr("operator.roulette.ball_lands", "Pocket", pocketWords(r.Pocket)), kit.OpTr("operator.recall.flag_pocket", "Pocket", r.Pocket), nil)
	t.Steps[1].pocket = r.Pocket
}

// pocketWords is a pocket's number and colour.
func pocketWords(n int) string {
	switch {
	case n == 0:
		return kit.OpTr("operator.roulette.zero")
	case roulette.IsRed(n):
		return kit.OpTr("operator.roulette.red_number", "Number", n)
	}
	return kit.OpTr("operator.roulette.black_number", "Number", n)
}

// ---- three card poker ----

func (t *TableRecall) threeCardSteps(states []*play.Round) {
	deal, _, _ := states[0].ThreeCardDeal()
	pv := threecard.Evaluate(deal.Player)
	player := rcRow{caption: kit.OpTr("operator.table.player") + " · " + handWord(pv.Category().String()), cards: rcCards(deal.Player[:]), cx: rcTableCX, cy: rcPlayY}
	dealer := rcRow{caption: kit.OpTr("operator.table.dealer"), down: 3, cx: rcTableCX, cy: rcDealerY}
	player.fresh = allFresh(3)
	t.add("THE DEAL", kit.OpTr("operator.threecard.deal", "Cards", cardsText(deal.Player[:]), "Hand", handWord(pv.Category().String())),
		kit.OpTr("operator.table.deal"), []rcRow{dealer, player})
	player.fresh = nil
	folded := false
	for k := 1; k < len(states); k++ {
		d := states[k].Decisions[k-1]
		folded = folded || d == play.Fold
		t.add(string(d), decisionText(states[k-1], d), DecisionShort(d), []rcRow{dealer, player})
	}
	if !states[len(states)-1].Done() {
		return
	}
	dv := threecard.Evaluate(deal.Dealer)
	q := kit.OpTr("operator.threecard.qualifies")
	if !threecard.Qualifies(dv) {
		q = kit.OpTr("operator.threecard.not_qualify")
	}
	dealer = rcRow{caption: kit.OpTr("operator.table.dealer") + " · " + handWord(dv.Category().String()), cards: rcCards(deal.Dealer[:]), fresh: allFresh(3), cx: rcTableCX, cy: rcDealerY}
	name := kit.OpTr("operator.threecard.dealer_cards", "Cards", cardsText(deal.Dealer[:]), "Hand", handWord(dv.Category().String()), "Qualifies", q)
	if folded {
		name = kit.OpTr("operator.threecard.dealer_cards_folded", "Cards", cardsText(deal.Dealer[:]))
	}
	t.add("DEALER'S CARDS", name, kit.OpTr("operator.threecard.dealer_cards_short"), []rcRow{dealer, player})
}

// ---- punto banco ----

func (t *TableRecall) puntoBancoSteps(r *play.Round) {
	c, _ := r.PuntoBancoCoup()
	row := func(who string, cs []puntobanco.Card, n int, fresh []bool, cx float32) rcRow {
		gs := make([]gamble.Card, n)
		for i := range gs {
			gs[i] = pbGamble(cs[i])
		}
		return rcRow{caption: who + " · " + strconv.Itoa(pbTotal(cs[:n])), cards: gs, fresh: fresh, cx: cx, cy: rcPlayY - 120}
	}
	pw, bw := kit.OpTr("operator.pb.player"), kit.OpTr("operator.pb.banker")
	p2, b2 := row(pw, c.Player[:], 2, allFresh(2), rcTableCX-300), row(bw, c.Banker[:], 2, allFresh(2), rcTableCX+300)
	t.add("THE DEAL", kit.OpTr("operator.pb.deal", "Player", pbText(c.Player[:2]), "PlayerTotal", pbTotal(c.Player[:2]), "Banker", pbText(c.Banker[:2]), "BankerTotal", pbTotal(c.Banker[:2])),
		kit.OpTr("operator.table.deal"), []rcRow{p2, b2})
	var winner string
	switch c.Winner() {
	case puntobanco.PlayerWins:
		winner = kit.OpTr("operator.pb.player_wins")
	case puntobanco.BankerWins:
		winner = kit.OpTr("operator.pb.banker_wins")
	default:
		winner = kit.OpTr("operator.pb.tie")
	}
	if c.PlayerCards == 2 && c.BankerCards == 2 {
		t.add("NO THIRD CARD", kit.OpTr("operator.pb.no_third", "Winner", winner, "Player", c.PlayerTotal(), "Banker", c.BankerTotal()), kit.OpTr("operator.pb.no_third_short"), []rcRow{p2, b2})
		return
	}
	var parts []string
	pf, bf := []bool{false, false, true}, []bool{false, false, true}
	if c.PlayerCards == 3 {
		parts = append(parts, kit.OpTr("operator.pb.player_draws", "Card", pbText(c.Player[2:3])))
	}
	if c.BankerCards == 3 {
		parts = append(parts, kit.OpTr("operator.pb.banker_draws", "Card", pbText(c.Banker[2:3])))
	}
	t.add("THIRD CARDS", kit.OpTr("operator.pb.third_cards", "Draws", strings.Join(parts, ", "), "Winner", winner, "Player", c.PlayerTotal(), "Banker", c.BankerTotal()),
		kit.OpTr("operator.pb.third_cards_short"), []rcRow{row(pw, c.Player[:], c.PlayerCards, pf, rcTableCX-300), row(bw, c.Banker[:], c.BankerCards, bf, rcTableCX+300)})
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

func (t *TableRecall) blackjackSteps(states []*play.Round) {
	g0, _ := states[0].BlackjackGame()
	open := ""
	for _, o := range states[0].Legal() {
		if o.Decision == play.Insure {
			open = " · " + kit.OpTr("operator.bj.insurance_offered")
		}
	}
	h := g0.Hands[0].Cards
	t.add("THE DEAL", kit.OpTr("operator.bj.deal", "Cards", cardsText(h), "Total", bjTotal(h, false), "Up", cardsText(g0.Dealer[:1]))+open,
		kit.OpTr("operator.table.deal"), bjRows(g0, g0.Hands[0].Cards, 1, true, false))
	for k := 1; k < len(states); k++ {
		prev, _ := states[k-1].BlackjackGame()
		g, _ := states[k].BlackjackGame()
		d := states[k].Decisions[k-1]
		fresh := g.Shoe[prev.Next:g.Next]
		if n := bjPlayerCards(g) - bjPlayerCards(prev); n < len(fresh) {
			fresh = fresh[:n] // the dealer's cards come in the next step
		}
		name := decisionText(states[k-1], d)
		who := kit.OpTr("operator.table.player")
		if len(prev.Hands) > 1 || d == play.Split {
			who = kit.OpTr("operator.bj.hand", "Hand", min(prev.Active, len(prev.Hands)-1)+1)
		}
		switch d {
		case play.Insure, play.NoInsurance:
		case play.Stand:
			hc := prev.Hands[min(prev.Active, len(prev.Hands)-1)].Cards
			name = kit.OpTr("operator.bj.stand_on", "Who", who, "Total", bjTotal(hc, false))
		case play.Split:
			a := min(prev.Active, len(g.Hands)-2)
			name = kit.OpTr("operator.bj.split_into", "Who", who, "Decision", name, "First", cardsText(g.Hands[a].Cards), "Second", cardsText(g.Hands[a+1].Cards))
		default:
			a := min(prev.Active, len(g.Hands)-1)
			hc := g.Hands[a].Cards
			name = kit.OpTr("operator.bj.drew", "Who", who, "Decision", name, "Card", cardsText(fresh[:min(1, len(fresh))]), "Total", bjTotal(hc, g.Hands[a].FromSplit))
			if len(fresh) > 1 {
				name += " · " + kit.OpTr("operator.bj.hand_gets", "Hand", a+2, "Cards", cardsText(fresh[1:]))
			}
		}
		if len(fresh) > 0 && d == play.Stand {
			name += " · " + kit.OpTr("operator.bj.hand_gets", "Hand", min(prev.Active, len(prev.Hands)-1)+2, "Cards", cardsText(fresh))
		}
		t.add(string(d), name, DecisionShort(d), bjRows(g, fresh, 1, !g.Done(), false))
	}
	gf, _ := states[len(states)-1].BlackjackGame()
	if !gf.Done() {
		return
	}
	dt, _ := blackjack.Value(gf.Dealer)
	word := strconv.Itoa(dt)
	switch {
	case blackjack.IsBlackjack(gf.Dealer, false):
		word = kit.OpTr("operator.bj.blackjack")
	case dt > 21:
		word = kit.OpTr("operator.bj.bust", "Total", dt)
	}
	t.add("DEALER'S PLAY", kit.OpTr("operator.bj.dealer_play", "Cards", cardsText(gf.Dealer), "Result", word), kit.OpTr("operator.bj.dealer_play_short"), bjRows(gf, nil, len(gf.Dealer), false, true))
	// the settlement's captions: each hand's result
	if res, err := gf.Settle(); err == nil {
		rows := bjRows(gf, nil, len(gf.Dealer), false, false)
		for i := range res.Hands {
			if i+1 < len(rows) {
				r := res.Hands[i]
				w := kit.OpTr("operator.bj.loses")
				switch {
				case r.Return > r.Bet:
					w = kit.OpTr("operator.bj.wins", "Amount", kit.OpMoney(r.Return))
				case r.Return == r.Bet:
					w = kit.OpTr("operator.bj.push", "Amount", kit.OpMoney(r.Return))
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
	rows := []rcRow{{caption: kit.OpTr("operator.table.dealer") + " · " + strconv.Itoa(dt), cards: rcCards(g.Dealer[:shown]), cx: rcTableCX, cy: rcDealerY}}
	left := append([]cards.Card(nil), fresh...)
	n := len(g.Hands)
	for i, h := range g.Hands {
		cap := bjTotal(h.Cards, h.FromSplit)
		if n > 1 {
			cap = kit.OpTr("operator.bj.hand", "Hand", i+1) + " · " + cap
		}
		note := kit.OpTr("operator.table.stake_amount", "Amount", kit.OpMoney(h.Bet))
		if h.Doubled {
			note += " · " + kit.OpTr("operator.bj.doubled")
		}
		rows = append(rows, rcRow{caption: cap, note: note, cards: rcCards(h.Cards), cx: rcTableCX + (float32(i)-float32(n-1)/2)*rcHandGap(n), cy: rcPlayY,
			active: active && n > 1 && i == g.Active})
	}
	// mark the fresh cards: the last matching card of the last hands first
	for _, c := range left {
		gc := CardGamble(c)
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
		return kit.OpTr("operator.bj.blackjack")
	case t > 21:
		return kit.OpTr("operator.bj.bust", "Total", t)
	case soft && t < 21:
		return kit.OpTr("operator.bj.soft", "Total", t)
	}
	return strconv.Itoa(t)
}

// ---- Ultimate Texas Hold'em ----

func (t *TableRecall) holdemSteps(states []*play.Round) {
	deal, _, _, _, _ := states[0].HoldemDeal()
	shown := 0 // community cards face up
	rows := func(board, dealer bool, freshFrom int) []rcRow {
		b := rcRow{caption: kit.OpTr("operator.uth.board"), cx: rcTableCX, cy: (rcDealerY + rcPlayY) / 2}
		b.cards = rcCards(deal.Board[:shown])
		b.down = 5 - shown
		if freshFrom < shown {
			b.fresh = make([]bool, shown)
			for i := freshFrom; i < shown; i++ {
				b.fresh[i] = true
			}
		}
		d := rcRow{caption: kit.OpTr("operator.table.dealer"), down: 2, cx: rcTableCX, cy: rcDealerY - 40}
		if dealer {
			d = rcRow{caption: kit.OpTr("operator.table.dealer") + " · " + handWord(uth.Eval7(deal.Dealer, deal.Board).Category().String()),
				cards: rcCards(deal.Dealer[:]), fresh: allFresh(2), cx: rcTableCX, cy: rcDealerY - 40}
		}
		pc := kit.OpTr("operator.table.player")
		if shown == 5 {
			pc += " · " + handWord(uth.Eval7(deal.Player, deal.Board).Category().String())
		}
		p := rcRow{caption: pc, cards: rcCards(deal.Player[:]), cx: rcTableCX, cy: rcPlayY + 60}
		return []rcRow{d, b, p}
	}
	first := rows(false, false, 0)
	first[2].fresh = allFresh(2)
	t.add("THE DEAL", kit.OpTr("operator.uth.deal", "Cards", cardsText(deal.Player[:])), kit.OpTr("operator.table.deal"), first)
	for k := 1; k < len(states); k++ {
		d := states[k].Decisions[k-1]
		_, st, _, _, _ := states[k].HoldemDeal()
		before := shown
		name := decisionText(states[k-1], d)
		switch st {
		case uth.Flop:
			shown = 3
			name += " → " + kit.OpTr("operator.uth.flop", "Cards", cardsText(deal.Board[:3]))
		case uth.River:
			shown = 5
			name += " → " + kit.OpTr("operator.uth.turn_river", "Cards", cardsText(deal.Board[3:5]))
		}
		t.add(string(d), name, DecisionShort(d), rows(false, false, before))
	}
	_, st, _, folded, _ := states[len(states)-1].HoldemDeal()
	if st != uth.Showdown {
		return
	}
	before := shown
	shown = 5
	pv, dv := uth.Eval7(deal.Player, deal.Board), uth.Eval7(deal.Dealer, deal.Board)
	q := kit.OpTr("operator.uth.dealer_opens")
	if !uth.Qualifies(dv) {
		q = kit.OpTr("operator.uth.dealer_not_open")
	}
	name := kit.OpTr("operator.uth.showdown", "Board", cardsText(deal.Board[:]), "Dealer", cardsText(deal.Dealer[:]),
		"DealerHand", handWord(dv.Category().String()), "PlayerHand", handWord(pv.Category().String()), "Opens", q)
	if folded {
		name = kit.OpTr("operator.uth.folded", "Board", cardsText(deal.Board[:]), "Dealer", cardsText(deal.Dealer[:]))
	}
	t.add("SHOWDOWN", name, kit.OpTr("operator.uth.showdown_short"), rows(true, true, before))
}

// ---- words and cards ----

// DecisionShort is a decision as the attendant reads it.
func DecisionShort(d play.Decision) string {
	switch d {
	case play.Hit:
		return kit.OpTr("operator.decision.hit")
	case play.Stand:
		return kit.OpTr("operator.decision.stand")
	case play.Double:
		return kit.OpTr("operator.decision.double")
	case play.Split:
		return kit.OpTr("operator.decision.split")
	case play.Insure:
		return kit.OpTr("operator.decision.insure")
	case play.NoInsurance:
		return kit.OpTr("operator.decision.no_insurance")
	case play.PlayHand:
		return kit.OpTr("operator.decision.play")
	case play.Fold:
		return kit.OpTr("operator.decision.fold")
	case play.Check:
		return kit.OpTr("operator.decision.check")
	case play.Bet4x:
		return kit.OpTr("operator.decision.bet", "Times", 4)
	case play.Bet3x:
		return kit.OpTr("operator.decision.bet", "Times", 3)
	case play.Bet2x:
		return kit.OpTr("operator.decision.bet", "Times", 2)
	case play.Bet1x:
		return kit.OpTr("operator.decision.bet", "Times", 1)
	}
	return strings.ToUpper(string(d))
}

// handWord is a poker hand's category (three card poker's, Hold'em's, by its
// English name in package threecard or uth) in the attendant's words.
func handWord(category string) string { return tablescene.HandIn(kit.ScreenLang.Operator, category) }

// betWord is a bet in the attendant's words: a spot ("pair-plus"), a settlement
// line's bet ("Pair Plus", "Banker (commission)") or a roulette bet's kind
// ("six line"); names (21+3, Top 3, Égalité, Bombay 6) stay as they are.
func betWord(name string) string {
	k := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(name, " ", "-"), "é", "e"))
	switch k {
	case "main":
		return kit.OpTr("operator.bet.main")
	case "insurance":
		return kit.OpTr("operator.bet.insurance")
	case "perfect-pairs":
		return kit.OpTr("operator.bet.perfect_pairs")
	case "ante":
		return kit.OpTr("operator.bet.ante")
	case "blind":
		return kit.OpTr("operator.bet.blind")
	case "ante,-blind-and-play":
		return kit.OpTr("operator.bet.ante_blind_play")
	case "ante-and-play":
		return kit.OpTr("operator.bet.ante_play")
	case "trips":
		return kit.OpTr("operator.bet.trips")
	case "pair-plus":
		return kit.OpTr("operator.bet.pair_plus")
	case "prime":
		return kit.OpTr("operator.bet.prime")
	case "progressive":
		return kit.OpTr("operator.bet.progressive")
	case "player":
		return kit.OpTr("operator.pb.player")
	case "banker":
		return kit.OpTr("operator.pb.banker")
	case "banker-(commission)":
		return kit.OpTr("operator.bet.banker_commission")
	case "banker-(no-commission)":
		return kit.OpTr("operator.bet.banker_no_commission")
	case "bombay-6-(no-commission)":
		return kit.OpTr("operator.bet.bombay_no_commission")
	case "tie":
		return kit.OpTr("operator.pb.tie")
	case "player-pair":
		return kit.OpTr("operator.bet.player_pair")
	case "banker-pair":
		return kit.OpTr("operator.bet.banker_pair")
	case "straight":
		return kit.OpTr("operator.roulette.straight")
	case "split":
		return kit.OpTr("operator.roulette.split")
	case "street":
		return kit.OpTr("operator.roulette.street")
	case "corner":
		return kit.OpTr("operator.roulette.corner")
	case "six-line":
		return kit.OpTr("operator.roulette.six_line")
	case "dozen":
		return kit.OpTr("operator.roulette.dozen")
	case "column":
		return kit.OpTr("operator.roulette.column")
	case "red":
		return kit.OpTr("operator.roulette.red")
	case "black":
		return kit.OpTr("operator.roulette.black")
	case "odd":
		return kit.OpTr("operator.roulette.odd")
	case "even":
		return kit.OpTr("operator.roulette.even")
	case "neighbours":
		return kit.OpTr("operator.roulette.neighbours")
	case "tiers":
		return "TIERS DU CYLINDRE" // the announced bets' French names, in every language
	case "voisins":
		return "VOISINS DU ZÉRO"
	case "orphelins":
		return "ORPHELINS"
	}
	return strings.ToUpper(strings.ReplaceAll(name, "-", " "))
}

// decisionText is a decision with the stake it added (read from the options open
// before it).
func decisionText(before *play.Round, d play.Decision) string {
	w := DecisionShort(d)
	for _, o := range before.Legal() {
		if o.Decision == d && o.Cents > 0 {
			w += " (+" + kit.OpMoney(o.Cents) + ")"
		}
	}
	return w
}

// CardGamble maps a deck card to the card art's.
func CardGamble(c cards.Card) gamble.Card {
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
		out[i] = CardGamble(c)
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

// CardWord is a card as written: rank and suit sign, "10♥", "A♠".
func CardWord(c gamble.Card) string {
	r := "?"
	if c.Rank >= 1 && c.Rank <= 13 {
		r = slotscene.RankText[c.Rank]
	}
	return r + rcSuitSigns[c.Suit]
}

func cardsText(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = CardWord(CardGamble(c))
	}
	return strings.Join(out, " ")
}

func pbText(cs []puntobanco.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = CardWord(pbGamble(c))
	}
	return strings.Join(out, " ")
}
