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
	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// TableRules are a table game's rules as the player reads them: how the game is
// played and what each bet pays, generated from the game's pay tables and rules
// as data (the same the settlement and the exact figures use), and each bet's
// return to player from its exact house edge.
type TableRules struct {
	ID, Name string
	Sections []Feature
	Bets     []TableBet
}

// TableBet is one bet's payout and its return to player, in plain words.
type TableBet struct {
	Bet, Pays, Return string
}

// NewTableRules builds the rules of table game id (games.TableIDs).
func NewTableRules(id string) (*TableRules, error) {
	sheets, err := games.TableSheets(id)
	if err != nil {
		return nil, fmt.Errorf("help: %w", err)
	}
	s := sheets[0]
	r := &TableRules{ID: s.ID, Name: s.Name}
	switch id {
	case "roulette":
		r.Sections, err = rouletteRules()
	case "three-card-poker":
		r.Sections = threeCardRules(threecard.Default)
	case "punto-banco":
		r.Sections = puntoBancoRules()
	case "blackjack":
		r.Sections = blackjackRules(blackjack.HouseRules, blackjack.HousePays)
	case "ultimate-texas-holdem":
		r.Sections = uthRules(uth.Default)
	default:
		err = fmt.Errorf("help: no player's rules for table game %q", id)
	}
	if err != nil {
		return nil, err
	}
	r.Bets = tableBets(s)
	if m := s.Main; m != nil { // blackjack's main bet: the analysis's figures, not a row
		main := TableBet{Bet: m.Name, Pays: PlayerPays(m.Pays),
			Return: fmt.Sprintf("%.2f %% of the first bet, %.2f %% of everything staked, with the best play", 100-m.EdgePct, 100-m.EdgeStakedPct)}
		r.Bets = append([]TableBet{main}, r.Bets...)
	}
	return r, nil
}

// tableBets states each bet of the sheet for the player: what it pays and its
// return to player (100% less the exact house edge), as a player reads it.
func tableBets(s tables.Sheet) []TableBet {
	var bs []TableBet
	for _, b := range s.Bets {
		name := strings.NewReplacer("(commission)", "(with commission)", "(no commission)", "(commission-free)").Replace(b.Name)
		ret := fmt.Sprintf("%.2f %%", 100-b.EdgePct)
		switch {
		case b.EdgeStaked != "": // the round stakes more than its first bet
			first := strings.TrimRight(strings.Fields(b.Name)[0], ",")
			ret = fmt.Sprintf("%.2f %% of the %s, %.2f %% of everything staked", 100-b.EdgePct, first, 100-b.EdgeStakedPct)
		case s.ID == "blackjack" && b.Name == "Top 3":
			ret += " with the six decks dealt here (the house rules' 91 % is the figure for eight decks)"
		}
		bs = append(bs, TableBet{Bet: upperFirst(name), Pays: PlayerPays(b.Pays), Return: ret})
	}
	return bs
}

// PlayerPays writes the payouts in s for a player: "35:1" as "35 to 1", "19:20"
// as "19 to 20" (the help pages, the table scenes' cloths).
func PlayerPays(p string) string { return ratio.ReplaceAllString(p, "$1 to $2") }

var ratio = regexp.MustCompile(`(\d+):(\d+)`)

func rouletteRules() ([]Feature, error) {
	layout := []string{"One ball, one wheel with the numbers 0 to 36 (a single zero). Place your chips, then the wheel spins; the number the ball stops on wins."}
	names := map[roulette.Kind]string{
		roulette.Straight: "one number", roulette.Split: "two numbers side by side", roulette.Street: "a row of three numbers, or 0-1-2 or 0-2-3",
		roulette.Corner: "four numbers in a square, or 0-1-2-3", roulette.SixLine: "two rows, six numbers",
		roulette.Dozen: "1–12, 13–24 or 25–36", roulette.Column: "a column of twelve numbers",
	}
	for _, k := range []roulette.Kind{roulette.Straight, roulette.Split, roulette.Street, roulette.Corner, roulette.SixLine, roulette.Dozen, roulette.Column} {
		layout = append(layout, fmt.Sprintf("%s (%s) pays %d to 1.", upperFirst(k.String()), names[k], roulette.Payout[k.Covers()]))
	}
	layout = append(layout, fmt.Sprintf("Red or black, odd or even, 1–18 or 19–36 pay %d to 1. When the ball stops on 0 they lose, as does every bet that does not cover 0.", roulette.Payout[roulette.Red.Covers()]))
	track := []string{"The race track takes the bets named after parts of the wheel; each is a set of chips placed on the layout for you, and each chip is paid as above."}
	nb, err := roulette.Bet{Kind: roulette.Neighbours, Target: 0, Stake: 5}.Parts()
	if err != nil {
		return nil, err
	}
	track = append(track, fmt.Sprintf("Neighbours: a number and the two either side of it on the wheel, one chip on each (%d chips); for 0: %s.", len(nb), partsText(nb)))
	for _, k := range []roulette.Kind{roulette.Tiers, roulette.Voisins, roulette.Orphelins} {
		b := roulette.Bet{Kind: k}
		ps, err := b.Parts()
		if err != nil {
			return nil, err
		}
		track = append(track, fmt.Sprintf("%s (%d chips): %s.", upperFirst(k.String()), b.Chips(), partsText(ps)))
	}
	return []Feature{{"The layout", layout}, {"The race track", track}}, nil
}

// partsText lists chip placements: "0-2-3 (2 chips), 4-7, …".
func partsText(ps []roulette.Part) string {
	var out []string
	for _, p := range ps {
		ns := make([]string, len(p.Numbers))
		for i, n := range p.Numbers {
			ns[i] = strconv.Itoa(n)
		}
		s := strings.Join(ns, "-")
		if p.Chips > 1 {
			s += fmt.Sprintf(" (%d chips)", p.Chips)
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// bestFirst names a game's hand categories below n, the best first.
func bestFirst[C interface {
	~int
	String() string
}](n C) []string {
	var out []string
	for c := n - 1; c >= 0; c-- {
		out = append(out, c.String())
	}
	return out
}

func threeCardRules(pt threecard.PayTable) []Feature {
	rank := bestFirst(threecard.NumCategories)
	play := []string{
		"One deck, shuffled for every hand. Place an Ante, a Pair Plus bet or both; a Prime bet goes with either. You and the dealer get three cards each.",
		"After seeing your cards, play by placing a Play bet equal to your Ante, or fold and lose the Ante.",
		"The dealer needs queen high or better to qualify. If the dealer does not qualify, the Ante pays 1 to 1 and the Play bet is returned. If the dealer qualifies, the better hand wins both bets 1 to 1; a tie returns both.",
		"Hands from best to worst: " + strings.Join(rank, ", ") + ". Ace counts high, and low in 3-2-A, the lowest straight.",
	}
	bonus := []string{
		"Ante Bonus, on a hand you play, whatever the dealer holds: " + PlayerPays(threecard.PaysText(pt.AnteBonus)) + ".",
		"Pair Plus pays on your three cards alone, whatever the dealer holds and whether you play or fold: " + PlayerPays(threecard.PaysText(pt.PairPlus)) + ".",
		fmt.Sprintf("Prime pays %d to 1 when your three cards are all one colour, %d to 1 when the dealer's three are that colour too.", pt.Prime, pt.PrimeSix),
	}
	return []Feature{{"How to play", play}, {"Bonuses and side bets", bonus}}
}

func puntoBancoRules() []Feature {
	play := []string{
		fmt.Sprintf("%d decks, shuffled for every coup. Bet on the Player's hand, the Banker's hand or a tie; the hand closer to 9 wins.", puntobanco.Decks),
		"Aces count 1, 2 to 9 their face value, tens and pictures 0; only the last digit of a total counts (7 + 8 = 5).",
		"Both hands get two cards. An 8 or 9 on two cards (a natural) ends the coup. Otherwise the cards are drawn by fixed rules; nobody chooses:",
		"The Player draws a third card on 0 to 5 and stands on 6 or 7.",
		"When the Player stands, the Banker draws on 0 to 5 and stands on 6 or 7.",
	}
	for b := 0; b <= 7; b++ {
		var draws []int
		for v := 0; v <= 9; v++ {
			if puntobanco.BankerDraws(0, b, v) {
				draws = append(draws, v)
			}
		}
		var how string
		switch len(draws) {
		case 10:
			how = "draws whatever the Player's third card"
		case 0:
			how = "stands"
		default:
			how = "draws when the Player's third card is " + valueRanges(draws)
		}
		play = append(play, fmt.Sprintf("When the Player has drawn, the Banker on %d %s.", b, how))
	}
	var pays []string
	for _, pt := range puntobanco.Tables {
		table := map[string]string{"commission": "With commission", "no commission": "Commission-free"}[pt.Name]
		pays = append(pays, fmt.Sprintf("%s: Player %s, Banker %s, Tie %s; a tie returns the Player and Banker bets.",
			table, PlayerPays(pt.Pays(puntobanco.BetPlayer)), PlayerPays(pt.Pays(puntobanco.BetBanker)), PlayerPays(pt.Pays(puntobanco.BetTie))))
	}
	pt := puntobanco.Commission
	var eg []string
	for t := 0; t <= 9; t++ {
		eg = append(eg, fmt.Sprintf("%d: %s", t, PlayerPays(pt.Pays(puntobanco.BetEgalite0+puntobanco.Bet(t)))))
	}
	side := []string{
		"Égalité: a tie on the total you choose. " + strings.Join(eg, ", ") + ".",
		fmt.Sprintf("Player pair, Banker pair: the hand's first two cards are a pair, %s.", PlayerPays(pt.Pays(puntobanco.BetPlayerPair))),
		fmt.Sprintf("Bombay 6, at the commission-free table: the Banker wins with 6, %s.", PlayerPays(puntobanco.NoCommission.Pays(puntobanco.BetBombay6))),
	}
	return []Feature{{"How to play", play}, {"Payouts", pays}, {"Side bets", side}}
}

func blackjackRules(ru blackjack.Rules, sp blackjack.SidePays) []Feature {
	dealer := "The dealer draws to 16 and stands on every 17, a soft 17 too."
	if ru.HitSoft17 {
		dealer = "The dealer draws to 16 and on a soft 17, and stands on a hard 17 or more."
	}
	play := []string{
		fmt.Sprintf("%d decks, shuffled for every round. Get closer to 21 than the dealer without going over. Cards 2 to 10 count their value, pictures 10, an ace 1 or 11.", ru.Decks),
		"You get two cards, the dealer one. An ace and a ten-value card on your first two cards is a blackjack and pays 3 to 2; against a dealer's blackjack it is a tie.",
		"Hit to take a card, stand to keep your total. A total of 21 takes no more cards; over 21 loses.",
		"Double: on your first two cards, double your bet and take exactly one more card.",
		fmt.Sprintf("Split: two cards of the same value can be split into two hands, each with its own bet, up to %d hands. Split aces get one card each and cannot be doubled; an ace and a ten after a split count 21, not blackjack.", ru.MaxHands),
		"The dealer takes the second card after you have played. " + dealer + " A winning hand pays 1 to 1; a tie returns your bet. When the dealer has blackjack, every bet on your hands loses, doubles and splits included, except a blackjack, which ties.",
		"Insurance: when the dealer shows an ace, you may insure for up to half your bet before any other card; it pays 2 to 1 if the dealer's next card makes blackjack.",
	}
	if ru.DoubleAfterSplit {
		play[3] += " You may also double after a split, except on split aces."
	}
	side := []string{
		"21+3: your two cards and the dealer's first card, as a three-card poker hand: " + PlayerPays(sp.Text(blackjack.TwentyOnePlus3)) + ".",
		"Top 3: the same three cards: " + PlayerPays(sp.Text(blackjack.Top3)) + ".",
		"Perfect Pairs: your first two cards: " + PlayerPays(sp.Text(blackjack.PerfectPairs)) + ".",
	}
	return []Feature{{"How to play", play}, {"Side bets", side}}
}

func uthRules(pt uth.PayTable) []Feature {
	rank := bestFirst(uth.NumCategories)
	play := []string{
		"One deck, shuffled for every hand. Place equal Ante and Blind bets (and a Trips bet if you like). You and the dealer get two cards each; five community cards are shared.",
		"Before the first three community cards, you may check or bet 3 or 4 times your Ante as your Play bet. After them, if you checked, you may check or bet 2 times your Ante. After all five, if you checked twice, bet 1 times your Ante or fold (losing the Ante and Blind). Once you bet, you make no more decisions.",
		"Your best five of your seven cards play against the dealer's best five. Hands from best to worst: " + strings.Join(rank, ", ") + ".",
		"The dealer needs a pair or better to qualify: if not, the Ante is returned. Otherwise the better hand wins the Ante 1 to 1. The Play bet wins 1 to 1 against the dealer's hand whether or not the dealer qualifies; a tie returns the bets.",
		"The Blind pays by the table below when you win with a straight or better, is returned when you win with less, and loses when you lose.",
	}
	side := []string{
		"Blind: " + PlayerPays(uth.PaysText(pt.Blind)) + ".",
		"Trips pays on your best five cards whatever the dealer holds, even when you fold: " + PlayerPays(uth.PaysText(pt.Trips)) + ".",
	}
	return []Feature{{"How to play", play}, {"Pay tables", side}}
}

// valueRanges writes card values as ranges: [2 3 4 5 6 7 9] → "2 to 7 or 9".
func valueRanges(vs []int) string {
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
			parts = append(parts, fmt.Sprintf("%d to %d", vs[i], vs[j]))
		}
		i = j + 1
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

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
	fmt.Fprintf(bw, "\nBets: what each pays and its return to player\n")
	for _, b := range r.Bets {
		fmt.Fprintf(bw, "  %s: %s. Return to player %s.\n", b.Bet, b.Pays, b.Return)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("help: rules: %w", err)
	}
	return nil
}

// WriteHTML writes the rules as one self-contained HTML page.
func (r *TableRules) WriteHTML(w io.Writer) error {
	if err := tableTmpl.Execute(w, r); err != nil {
		return fmt.Errorf("help: rules html: %w", err)
	}
	return nil
}

var tableTmpl = template.Must(template.New("table").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Name}} — rules</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left}
</style></head><body>
<h1>{{.Name}}</h1>
{{range .Sections}}<h2>{{.Name}}</h2>{{range .Text}}<p>{{.}}</p>{{end}}
{{end}}<h2>Bets</h2>
<table><tr><th>Bet</th><th>Pays</th><th>Return to player</th></tr>
{{range .Bets}}<tr><td>{{.Bet}}</td><td>{{.Pays}}</td><td>{{.Return}}</td></tr>
{{end}}</table>
</body></html>
`))
