package help

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"egm/games"
	"egm/locale"
	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/play"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// TableRules are a table game's rules as the player reads them, in the reader's
// language: how the game is played and what each bet pays, generated from the
// game's pay tables and rules as data (the same the settlement and the exact
// figures use), and each bet's return to player from its exact house edge.
type TableRules struct {
	ID, Name string
	Lang     locale.Lang
	Sections []Feature
	Bets     []TableBet
	p        *locale.Printer
}

// TableBet is one bet's payout and its return to player, in plain words.
type TableBet struct {
	Bet, Pays, Return string
}

// NewTableRules builds the rules of table game id (games.TableIDs) in p's
// language. The table games' rules state no amounts (each table's limits are on
// the table), so no bet limits are taken.
func NewTableRules(id string, p *locale.Printer) (*TableRules, error) {
	sheets, err := games.TableSheets(id)
	if err != nil {
		return nil, fmt.Errorf("help: %w", err)
	}
	s := sheets[0]
	r := &TableRules{ID: s.ID, Name: tableName(p, s), Lang: p.Lang(), p: p}
	switch play.KindOf(id) {
	case play.KindRoulette:
		r.Sections, err = rouletteRules(p)
	case play.KindThreeCard:
		r.Sections = threeCardRules(p, threecard.Default)
	case play.KindPuntoBanco:
		r.Sections = puntoBancoRules(p)
	case play.KindBlackjack:
		r.Sections = blackjackRules(p, blackjack.HouseRules, blackjack.HousePays)
	case play.KindHoldem:
		r.Sections = uthRules(p, uth.Default)
	default:
		err = fmt.Errorf("help: no player's rules for table game %q", id)
	}
	if err != nil {
		return nil, err
	}
	if r.Bets, err = tableBets(p, s); err != nil {
		return nil, err
	}
	if m := s.Main; m != nil { // blackjack's main bet: the analysis's figures, not a row
		main := TableBet{Bet: p.T("rules.bj.bet.main"),
			Pays:   p.T("rules.bj.pays.main", "Blackjack", payRatio(p, 3, 2), "Win", payRatio(p, 1, 1)),
			Return: p.T("rules.return.main", "First", percent(p, 100-m.EdgePct), "All", percent(p, 100-m.EdgeStakedPct))}
		r.Bets = append([]TableBet{main}, r.Bets...)
	}
	return r, nil
}

// tableName is the game's name for the reader: the games with a name in every
// language are translated, the brands (Punto banco, Ultimate Texas Hold'em) not.
func tableName(p *locale.Printer, s tables.Sheet) string {
	if g, _ := play.Lookup(s.ID); g.RulesName != "" {
		return p.T(g.RulesName)
	}
	return s.Name
}

// tableBets states each bet of the sheet for the player: its name and what it
// pays in the reader's words, and its return to player (100% less the exact
// house edge). A bet the rules cannot name is an error, never English left in
// a translated page.
func tableBets(p *locale.Printer, s tables.Sheet) ([]TableBet, error) {
	var bs []TableBet
	for _, b := range s.Bets {
		name, pays, ok := betText(p, s.ID, b.Name)
		if !ok {
			return nil, fmt.Errorf("help: %s: no player's words for the bet %q", s.ID, b.Name)
		}
		ret := percent(p, 100-b.EdgePct)
		switch {
		case b.EdgeStaked != "": // the round stakes more than its first bet
			first := strings.TrimRight(strings.Fields(b.Name)[0], ",")
			ret = p.T("rules.return.staked", "First", percent(p, 100-b.EdgePct), "Bet", first, "All", percent(p, 100-b.EdgeStakedPct))
		case play.KindOf(s.ID) == play.KindBlackjack && b.Name == "Top 3":
			ret = p.T("rules.return.top3", "Return", ret, "House", "91\u00a0%")
		}
		bs = append(bs, TableBet{Bet: name, Pays: pays, Return: ret})
	}
	return bs, nil
}

// betText is a sheet's bet (by its sheet name) in the reader's words: its name
// and what it pays, from the game's pay tables.
func betText(p *locale.Printer, game, name string) (bet, pays string, ok bool) {
	switch play.KindOf(game) {
	case play.KindRoulette:
		for k := roulette.Straight; k <= roulette.Orphelins; k++ {
			if k.String() == name {
				return rouletteBet(p, k), roulettePays(p, k), true
			}
		}
	case play.KindBlackjack:
		switch name {
		case "Insurance":
			return p.T("rules.bj.bet.insurance"), p.T("rules.bj.pays.insurance", "Pays", payRatio(p, 2, 1)), true
		}
		for _, sb := range []blackjack.SideBet{blackjack.TwentyOnePlus3, blackjack.Top3, blackjack.PerfectPairs} {
			if sb.String() == name {
				return name, sidePays(p, blackjack.HousePays, sb), true
			}
		}
	case play.KindPuntoBanco:
		return puntoBancoBet(p, name)
	case play.KindThreeCard:
		pt := threecard.Default
		switch name {
		case "Ante and Play (play Q-6-4 or better)":
			return p.T("rules.tcp.bet.ante"), p.T("rules.tcp.pays.ante", "Pays", payRatio(p, 1, 1), "Bonus", threeCardPays(p, pt.AnteBonus)), true
		case "Pair Plus":
			return name, threeCardPays(p, pt.PairPlus), true
		case "Prime":
			return name, p.T("rules.tcp.pays.prime", "Pays", payRatio(p, pt.Prime, 1), "Six", payRatio(p, pt.PrimeSix, 1)), true
		}
	case play.KindHoldem:
		pt := uth.Default
		switch name {
		case "Ante, Blind and Play (optimal strategy)":
			return p.T("rules.uth.bet.main"), p.T("rules.uth.pays.main", "Pays", payRatio(p, 1, 1), "Blind", uthPays(p, pt.Blind)), true
		case "Trips":
			return name, uthPays(p, pt.Trips), true
		}
	}
	return "", "", false
}

// PlayerPays writes the payouts in s for an English reader: "35:1" as "35 to 1",
// "19:20" as "19 to 20" (the table scenes' cloths).
func PlayerPays(p string) string { return ratioNotation.ReplaceAllString(p, "$1 to $2") }

var ratioNotation = regexp.MustCompile(`(\d+):(\d+)`)

// HandName is a poker hand's category or a Perfect Pairs pair (the tables'
// English String: "flush", "colour pair") in the reader's language, in lower
// case: the rules' word, which the table scenes and the recall show in capitals.
func HandName(p *locale.Printer, en string) string {
	switch en {
	case "high card":
		return p.T("rules.hand.high_card")
	case "pair":
		return p.T("rules.hand.pair")
	case "two pair":
		return p.T("rules.hand.two_pair")
	case "three of a kind":
		return p.T("rules.hand.three_of_a_kind")
	case "straight":
		return p.T("rules.hand.straight")
	case "flush":
		return p.T("rules.hand.flush")
	case "full house":
		return p.T("rules.hand.full_house")
	case "four of a kind":
		return p.T("rules.hand.four_of_a_kind")
	case "straight flush":
		return p.T("rules.hand.straight_flush")
	case "royal flush":
		return p.T("rules.hand.royal_flush")
	case "suited trips":
		return p.T("rules.hand.suited_trips")
	case "perfect pair":
		return p.T("rules.hand.perfect_pair")
	case "colour pair":
		return p.T("rules.hand.colour_pair")
	case "mixed pair":
		return p.T("rules.hand.mixed_pair")
	}
	return en
}

// threeCardPays states a three card poker pay table, the best hand first.
func threeCardPays(p *locale.Printer, t [threecard.NumCategories]int64) string {
	var out []string
	for c := threecard.NumCategories - 1; c >= 0; c-- {
		if t[c] > 0 {
			out = append(out, HandName(p, c.String())+" "+payRatio(p, t[c], 1))
		}
	}
	return strings.Join(out, ", ")
}

// uthPays states an Ultimate Texas Hold'em pay table, the best hand first.
func uthPays(p *locale.Printer, t [uth.NumCategories]uth.Pay) string {
	var out []string
	for c := uth.NumCategories - 1; c >= 0; c-- {
		if t[c].Num > 0 {
			out = append(out, HandName(p, c.String())+" "+payRatio(p, t[c].Num, t[c].Den))
		}
	}
	return strings.Join(out, ", ")
}

// sidePays states a blackjack side bet's pay table, the best hand first.
func sidePays(p *locale.Printer, sp blackjack.SidePays, b blackjack.SideBet) string {
	var out []string
	if b == blackjack.PerfectPairs {
		for k := blackjack.NumPair - 1; k > blackjack.NoPair; k-- {
			if sp.PerfectPairs[k] > 0 {
				out = append(out, HandName(p, k.String())+" "+payRatio(p, sp.PerfectPairs[k], 1))
			}
		}
		return strings.Join(out, ", ")
	}
	t := sp.TwentyOnePlus3
	if b == blackjack.Top3 {
		t = sp.Top3
	}
	for k := blackjack.NumThree - 1; k > blackjack.NoHand; k-- {
		if t[k] > 0 {
			out = append(out, HandName(p, k.String())+" "+payRatio(p, t[k], 1))
		}
	}
	return strings.Join(out, ", ")
}

// rouletteBet is a roulette bet's name, capitalised.
func rouletteBet(p *locale.Printer, k roulette.Kind) string {
	switch k {
	case roulette.Straight:
		return p.T("rules.roulette.bet.straight")
	case roulette.Split:
		return p.T("rules.roulette.bet.split")
	case roulette.Street:
		return p.T("rules.roulette.bet.street")
	case roulette.Corner:
		return p.T("rules.roulette.bet.corner")
	case roulette.SixLine:
		return p.T("rules.roulette.bet.six_line")
	case roulette.Dozen:
		return p.T("rules.roulette.bet.dozen")
	case roulette.Column:
		return p.T("rules.roulette.bet.column")
	case roulette.Red:
		return p.T("rules.roulette.bet.red")
	case roulette.Black:
		return p.T("rules.roulette.bet.black")
	case roulette.Odd:
		return p.T("rules.roulette.bet.odd")
	case roulette.Even:
		return p.T("rules.roulette.bet.even")
	case roulette.Neighbours:
		return p.T("rules.roulette.bet.neighbours")
	}
	return upperFirst(k.String()) // 1-18, 19-36, and the French names (Tiers, Voisins, Orphelins)
}

// rouletteCovers says which numbers a layout bet covers.
func rouletteCovers(p *locale.Printer, k roulette.Kind) string {
	switch k {
	case roulette.Straight:
		return p.T("rules.roulette.covers.straight")
	case roulette.Split:
		return p.T("rules.roulette.covers.split")
	case roulette.Street:
		return p.T("rules.roulette.covers.street")
	case roulette.Corner:
		return p.T("rules.roulette.covers.corner")
	case roulette.SixLine:
		return p.T("rules.roulette.covers.six_line")
	case roulette.Dozen:
		return p.T("rules.roulette.covers.dozen")
	case roulette.Column:
		return p.T("rules.roulette.covers.column")
	}
	return ""
}

// roulettePays is what a roulette bet pays, as the bets' table states it.
func roulettePays(p *locale.Printer, k roulette.Kind) string {
	b := roulette.Bet{Kind: k}
	switch k {
	case roulette.Neighbours:
		return p.T("rules.roulette.pays.neighbours", "Chips", p.N("rules.count.chips", 5), "Pays", payRatio(p, int64(roulette.Pays(1)), 1))
	case roulette.Tiers:
		return p.T("rules.roulette.pays.tiers", "Splits", p.N("rules.count.splits", int64(b.Chips())), "Pays", payRatio(p, int64(roulette.Pays(2)), 1))
	case roulette.Voisins:
		return p.N("rules.roulette.pays.voisins", int64(b.Chips()))
	case roulette.Orphelins:
		return p.T("rules.roulette.pays.orphelins", "Numbers", p.N("rules.count.numbers", 1), "Splits", p.N("rules.count.splits", int64(b.Chips()-1)))
	}
	return payRatio(p, int64(roulette.Pays(k.Covers())), 1)
}

func rouletteRules(p *locale.Printer) ([]Feature, error) {
	layout := []string{p.T("rules.roulette.intro")}
	for _, k := range []roulette.Kind{roulette.Straight, roulette.Split, roulette.Street, roulette.Corner, roulette.SixLine, roulette.Dozen, roulette.Column} {
		layout = append(layout, p.T("rules.roulette.layout_pays", "Bet", rouletteBet(p, k), "Covers", rouletteCovers(p, k), "Pays", payRatio(p, int64(roulette.Pays(k.Covers())), 1)))
	}
	layout = append(layout, p.T("rules.roulette.even", "Pays", payRatio(p, int64(roulette.Pays(roulette.Red.Covers())), 1)))
	track := []string{p.T("rules.roulette.track")}
	nb, err := roulette.Bet{Kind: roulette.Neighbours, Target: 0, Stake: 5}.Parts()
	if err != nil {
		return nil, err
	}
	track = append(track, p.T("rules.roulette.neighbours", "Chips", p.N("rules.count.chips", int64(len(nb))), "Parts", partsText(p, nb)))
	for _, k := range []roulette.Kind{roulette.Tiers, roulette.Voisins, roulette.Orphelins} {
		b := roulette.Bet{Kind: k}
		ps, err := b.Parts()
		if err != nil {
			return nil, err
		}
		track = append(track, p.T("rules.roulette.series", "Bet", rouletteBet(p, k), "Chips", p.N("rules.count.chips", int64(b.Chips())), "Parts", partsText(p, ps)))
	}
	return []Feature{{p.T("rules.table.layout"), layout}, {p.T("rules.table.track"), track}}, nil
}

// partsText lists chip placements: "0-2-3 (2 chips), 4-7, …".
func partsText(p *locale.Printer, ps []roulette.Part) string {
	var out []string
	for _, pt := range ps {
		ns := make([]string, len(pt.Numbers))
		for i, n := range pt.Numbers {
			ns[i] = strconv.Itoa(n)
		}
		s := strings.Join(ns, "-")
		if pt.Chips > 1 {
			s += " (" + p.N("rules.count.chips", int64(pt.Chips)) + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// bestFirst names a game's hand categories below n, the best first, in the
// reader's language.
func bestFirst[C interface {
	~int
	String() string
}](p *locale.Printer, n C) []string {
	var out []string
	for c := n - 1; c >= 0; c-- {
		out = append(out, HandName(p, c.String()))
	}
	return out
}

func threeCardRules(p *locale.Printer, pt threecard.PayTable) []Feature {
	one := payRatio(p, 1, 1)
	play := []string{
		p.T("rules.tcp.deal"),
		p.T("rules.tcp.decide"),
		p.T("rules.tcp.qualify", "Pays", one),
		p.T("rules.tcp.hands", "Hands", strings.Join(bestFirst(p, threecard.NumCategories), ", ")),
	}
	bonus := []string{
		p.T("rules.tcp.ante_bonus", "Pays", threeCardPays(p, pt.AnteBonus)),
		p.T("rules.tcp.pair_plus", "Pays", threeCardPays(p, pt.PairPlus)),
		p.T("rules.tcp.prime", "Pays", payRatio(p, pt.Prime, 1), "Six", payRatio(p, pt.PrimeSix, 1)),
	}
	return []Feature{{p.T("rules.table.how_to_play"), play}, {p.T("rules.table.bonuses"), bonus}}
}

// puntoBancoBet is a punto banco bet of the sheet (its name: "Banker
// (commission)", "Égalité 3", …) in the reader's words.
func puntoBancoBet(p *locale.Printer, name string) (bet, pays string, ok bool) {
	base, table := name, puntobanco.Commission
	suffix := ""
	for _, pt := range puntobanco.Tables {
		if s := " (" + pt.Name + ")"; strings.HasSuffix(name, s) {
			base, table = strings.TrimSuffix(name, s), pt
			suffix = " (" + tableKind(p, pt.Name) + ")"
		}
	}
	for b := puntobanco.BetPlayer; b <= puntobanco.BetBombay6; b++ {
		if b.String() != base || !table.Offered(b) {
			continue
		}
		return puntoBancoName(p, b) + suffix, puntoBancoPays(p, table, b), true
	}
	return "", "", false
}

// tableKind names a punto banco table: with commission or commission-free.
func tableKind(p *locale.Printer, name string) string {
	if name == puntobanco.NoCommission.Name {
		return p.T("rules.pb.no_commission")
	}
	return p.T("rules.pb.commission")
}

func puntoBancoName(p *locale.Printer, b puntobanco.Bet) string {
	switch b {
	case puntobanco.BetPlayer:
		return p.T("rules.pb.bet.player")
	case puntobanco.BetBanker:
		return p.T("rules.pb.bet.banker")
	case puntobanco.BetTie:
		return p.T("rules.pb.bet.tie")
	case puntobanco.BetPlayerPair:
		return p.T("rules.pb.bet.player_pair")
	case puntobanco.BetBankerPair:
		return p.T("rules.pb.bet.banker_pair")
	}
	return b.String() // Égalité n, Bombay 6: the names the house rules use
}

// puntoBancoPays is what bet b pays at table pt (puntobanco.PayTable.Pays).
func puntoBancoPays(p *locale.Printer, pt puntobanco.PayTable, b puntobanco.Bet) string {
	r := func(x puntobanco.Ratio) string { return payRatio(p, x.Num, x.Den) }
	switch {
	case b == puntobanco.BetPlayer:
		return r(pt.Player)
	case b == puntobanco.BetBanker && pt.Banker == pt.BankerSix:
		return r(pt.Banker)
	case b == puntobanco.BetBanker:
		return p.T("rules.pb.pays.banker_six", "Pays", r(pt.Banker), "Six", r(pt.BankerSix))
	case b == puntobanco.BetTie:
		return r(pt.Tie)
	case b >= puntobanco.BetEgalite0 && b <= puntobanco.BetEgalite9:
		return r(pt.Egalite[b-puntobanco.BetEgalite0])
	case b == puntobanco.BetPlayerPair, b == puntobanco.BetBankerPair:
		return r(pt.Pair)
	case b == puntobanco.BetBombay6:
		return p.T("rules.pb.pays.bombay", "Pays", r(pt.Bombay6), "Three", r(pt.Bombay6x3))
	}
	return ""
}

func puntoBancoRules(p *locale.Printer) []Feature {
	play := []string{
		p.N("rules.pb.deal", puntobanco.Decks),
		p.T("rules.pb.values"),
		p.T("rules.pb.natural"),
		p.T("rules.pb.player_draws"),
		p.T("rules.pb.banker_stands"),
	}
	for b := 0; b <= 7; b++ {
		var draws []int
		for v := 0; v <= 9; v++ {
			if puntobanco.BankerDraws(0, b, v) {
				draws = append(draws, v)
			}
		}
		switch len(draws) {
		case 10:
			play = append(play, p.T("rules.pb.banker_always", "Total", b))
		case 0:
			play = append(play, p.T("rules.pb.banker_never", "Total", b))
		default:
			play = append(play, p.T("rules.pb.banker_when", "Total", b, "Cards", valueRanges(p, draws)))
		}
	}
	var pays []string
	for _, pt := range puntobanco.Tables {
		pays = append(pays, p.T("rules.pb.table_pays", "Table", upperFirst(tableKind(p, pt.Name)),
			"Player", puntoBancoPays(p, pt, puntobanco.BetPlayer), "Banker", puntoBancoPays(p, pt, puntobanco.BetBanker), "Tie", puntoBancoPays(p, pt, puntobanco.BetTie)))
	}
	pt := puntobanco.Commission
	var eg []string
	for t := 0; t <= 9; t++ {
		eg = append(eg, fmt.Sprintf("%d: %s", t, puntoBancoPays(p, pt, puntobanco.BetEgalite0+puntobanco.Bet(t))))
	}
	side := []string{
		p.T("rules.pb.egalite", "Pays", strings.Join(eg, ", ")),
		p.T("rules.pb.pairs", "Pays", puntoBancoPays(p, pt, puntobanco.BetPlayerPair)),
		p.T("rules.pb.bombay", "Pays", puntoBancoPays(p, puntobanco.NoCommission, puntobanco.BetBombay6)),
	}
	return []Feature{{p.T("rules.table.how_to_play"), play}, {p.T("rules.table.payouts"), pays}, {p.T("rules.table.side_bets"), side}}
}

func blackjackRules(p *locale.Printer, ru blackjack.Rules, sp blackjack.SidePays) []Feature {
	dealer := p.T("rules.bj.dealer_s17")
	if ru.HitSoft17 {
		dealer = p.T("rules.bj.dealer_h17")
	}
	double := p.T("rules.bj.double")
	if ru.DoubleAfterSplit {
		double += " " + p.T("rules.bj.double_after_split")
	}
	play := []string{
		p.N("rules.bj.deal", int64(ru.Decks)),
		p.T("rules.bj.blackjack", "Pays", payRatio(p, 3, 2)),
		p.T("rules.bj.hit"),
		double,
		p.N("rules.bj.split", int64(ru.MaxHands)),
		p.T("rules.bj.dealer", "Dealer", dealer, "Pays", payRatio(p, 1, 1)),
		p.T("rules.bj.insurance", "Pays", payRatio(p, 2, 1)),
	}
	side := []string{
		p.T("rules.bj.side_21_3", "Pays", sidePays(p, sp, blackjack.TwentyOnePlus3)),
		p.T("rules.bj.side_top3", "Pays", sidePays(p, sp, blackjack.Top3)),
		p.T("rules.bj.side_pairs", "Pays", sidePays(p, sp, blackjack.PerfectPairs)),
	}
	return []Feature{{p.T("rules.table.how_to_play"), play}, {p.T("rules.table.side_bets"), side}}
}

func uthRules(p *locale.Printer, pt uth.PayTable) []Feature {
	one := payRatio(p, 1, 1)
	play := []string{
		p.T("rules.uth.deal"),
		p.T("rules.uth.decide"),
		p.T("rules.uth.hands", "Hands", strings.Join(bestFirst(p, uth.NumCategories), ", ")),
		p.T("rules.uth.qualify", "Pays", one),
		p.T("rules.uth.blind"),
	}
	side := []string{
		p.T("rules.uth.blind_pays", "Pays", uthPays(p, pt.Blind)),
		p.T("rules.uth.trips", "Pays", uthPays(p, pt.Trips)),
	}
	return []Feature{{p.T("rules.table.how_to_play"), play}, {p.T("rules.table.pay_tables"), side}}
}

// valueRanges writes card values as ranges: [2 3 4 5 6 7 9] → "2 to 7 or 9".
func valueRanges(p *locale.Printer, vs []int) string {
	var parts []string
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1] == vs[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(vs[i]))
		case j == i+1:
			parts = append(parts, strconv.Itoa(vs[i]), strconv.Itoa(vs[j]))
		default:
			parts = append(parts, p.T("rules.range", "From", vs[i], "To", vs[j]))
		}
		i = j + 1
	}
	return orList(p, parts)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// BetLine is one bet as a line of the rules: "Straight: 35 to 1. Return to player
// 97.30 %." (the text, the help screen).
func (r *TableRules) BetLine(b TableBet) string {
	return r.p.T("rules.bets.line", "Bet", b.Bet, "Pays", b.Pays, "Return", b.Return)
}

// Printer is the reader's printer the rules were built with.
func (r *TableRules) Printer() *locale.Printer { return r.p }

// WriteText writes the rules as plain text (`egm rules --title roulette`).
func (r *TableRules) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n", r.Name)
	for _, f := range r.Sections {
		fmt.Fprintf(bw, "\n%s\n", f.Name)
		for _, t := range f.Text {
			fmt.Fprintf(bw, "  %s\n", t)
		}
	}
	fmt.Fprintf(bw, "\n%s\n", r.p.T("rules.table.bets"))
	for _, b := range r.Bets {
		fmt.Fprintf(bw, "  %s\n", r.BetLine(b))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("help: rules: %w", err)
	}
	return nil
}

// WriteHTML writes the rules as one self-contained HTML page.
func (r *TableRules) WriteHTML(w io.Writer) error {
	t, err := tableTmpl.Clone()
	if err == nil {
		t.Funcs(template.FuncMap{"t": r.p.T})
		err = t.Execute(w, r)
	}
	if err != nil {
		return fmt.Errorf("help: rules html: %w", err)
	}
	return nil
}

var tableTmpl = template.Must(template.New("table").Funcs(htmlFuncs).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<title>{{t "rules.html.title" "Name" .Name}}</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}
</style></head><body>
<h1>{{.Name}}</h1>
{{range .Sections}}<h2>{{.Name}}</h2>{{range .Text}}<p>{{.}}</p>{{end}}
{{end}}<h2>{{t "rules.html.bets"}}</h2>
<table><tr><th>{{t "rules.html.bet"}}</th><th>{{t "rules.html.pays"}}</th><th>{{t "rules.html.return"}}</th></tr>
{{range .Bets}}<tr><td>{{.Bet}}</td><td>{{.Pays}}</td><td>{{.Return}}</td></tr>
{{end}}</table>
</body></html>
`))
