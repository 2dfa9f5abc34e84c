package play

import (
	"fmt"
	"sort"
	"strings"

	"egm/money"
	"egm/tables/cards"
	"egm/tables/puntobanco"
)

// TextIn describes a round for an engineer or an attendant: the bets, the cards
// dealt (or the pocket), the decisions in order and, once the round is done,
// each bet's settlement, the amounts grouped in cur (money's Grouped).
func (r *Round) TextIn(cur money.Currency) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", Name(r.Game))
	fmt.Fprintf(&b, "  bets:      %s\n", r.betsText(cur))
	switch g := r.e.(type) {
	case rouletteGame:
		fmt.Fprintf(&b, "  pocket:    %d\n", r.Pocket)
	case *threeCardGame:
		fmt.Fprintf(&b, "  player:    %s\n  dealer:    %s\n", list(g.round.Player[:]), list(g.round.Dealer[:]))
	case *puntoBancoGame:
		fmt.Fprintf(&b, "  player:    %s\n  banker:    %s\n", pbList(g.coup.Player[:g.coup.PlayerCards]), pbList(g.coup.Banker[:g.coup.BankerCards]))
	case *blackjackGame:
		for i, h := range g.g.Hands {
			fmt.Fprintf(&b, "  hand %d:    %s (stake %s)\n", i+1, list(h.Cards), cur.Grouped(h.Bet))
		}
		fmt.Fprintf(&b, "  dealer:    %s\n", list(g.g.Dealer))
	case *holdemGame:
		fmt.Fprintf(&b, "  player:    %s\n  board:     %s\n  dealer:    %s\n", list(g.round.Player[:]), list(g.round.Board[:]), list(g.round.Dealer[:]))
	}
	if len(r.Decisions) > 0 {
		ds := make([]string, len(r.Decisions))
		for i, d := range r.Decisions {
			ds[i] = string(d)
		}
		fmt.Fprintf(&b, "  decisions: %s\n", strings.Join(ds, ", "))
	}
	if !r.Done() {
		var open []string
		for _, o := range r.Legal() {
			open = append(open, string(o.Decision))
		}
		fmt.Fprintf(&b, "  open:      %s\n", strings.Join(open, ", "))
		return b.String()
	}
	s, err := r.Settle()
	if err != nil {
		fmt.Fprintf(&b, "  settlement: %v\n", err)
		return b.String()
	}
	for _, l := range s.Lines {
		fmt.Fprintf(&b, "  %-24s staked %s, returned %s\n", l.Bet, cur.Grouped(l.Staked), cur.Grouped(l.Returned))
	}
	fmt.Fprintf(&b, "  total: staked %s, returned %s\n", cur.Grouped(s.Staked), cur.Grouped(s.Returned))
	return b.String()
}

func (r *Round) betsText(cur money.Currency) string {
	var parts []string
	for _, x := range r.Bets.Roulette {
		what := x.Kind.String()
		switch {
		case len(x.Numbers) > 0:
			what += fmt.Sprint(" ", x.Numbers)
		case x.Target != 0:
			what += fmt.Sprint(" ", x.Target)
		}
		parts = append(parts, fmt.Sprintf("%s %s", what, cur.Grouped(x.Stake)))
	}
	spots := make([]string, 0, len(r.Bets.Spots))
	for s := range r.Bets.Spots {
		spots = append(spots, s)
	}
	sort.Strings(spots)
	for _, s := range spots {
		if c := r.Bets.Spots[s]; c > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", s, cur.Grouped(c)))
		}
	}
	if r.Bets.Table != "" {
		parts = append(parts, "("+r.Bets.Table+" table)")
	}
	return strings.Join(parts, ", ")
}

func list(cs []cards.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}

func pbList(cs []puntobanco.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}
