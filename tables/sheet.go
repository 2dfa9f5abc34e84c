package tables

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"
)

// Sheet is a table game's PAR-style sheet: each bet's exact house edge, hit
// frequency and standard deviation, against the house rules' own figure.
type Sheet struct {
	ID     string   `json:"id"`   // as `egm-lab par --title` takes it
	Name   string   `json:"name"` // for people
	Source string   `json:"source"`
	Method string   `json:"method"` // how the figures are computed
	Bets   []Bet    `json:"bets"`
	Notes  []string `json:"notes,omitempty"` // where a document's figure and the exact one differ, why
	// Main is the main game of a sheet whose main game has no row of exact
	// fractions (blackjack: its analysis computes in float64 and gives no hit
	// frequency or σ); nil for the others.
	Main *MainGame `json:"main_game,omitempty"`
	// Progressive are the game's progressive side bets (three card poker's).
	Progressive []Progressive `json:"progressive,omitempty"`
}

// MainGame is a main game's house edge per unit of its first bet and per unit of
// everything its round stakes (the first bet, doubles, splits), as decimals: Edge
// over Stake, the expected total stake in first bets, both from one analysis.
type MainGame struct {
	Name          string  `json:"bet"`
	Pays          string  `json:"pays"`
	Edge          float64 `json:"edge"`
	EdgePct       float64 `json:"edge_pct"`
	Stake         float64 `json:"average_stake"` // in first bets
	EdgeStaked    float64 `json:"edge_per_unit_staked"`
	EdgeStakedPct float64 `json:"edge_per_unit_staked_pct"`
	Note          string  `json:"note,omitempty"`
}

// NewMainGame fills a MainGame from its edge per first bet and its expected total
// stake in first bets.
func NewMainGame(name, pays string, edge, stake float64) *MainGame {
	return &MainGame{Name: name, Pays: pays, Edge: edge, EdgePct: 100 * edge, Stake: stake,
		EdgeStaked: edge / stake, EdgeStakedPct: 100 * edge / stake}
}

// text is the main game's figures on one line.
func (m *MainGame) text() string {
	return fmt.Sprintf("%s (%s): house edge %.4f%% per first bet, %.4f%% per unit staked (%.4f first bets staked on average)",
		m.Name, m.Pays, m.EdgePct, m.EdgeStakedPct, m.Stake)
}

// Bet is one bet's exact figures per unit staked.
type Bet struct {
	Name string `json:"bet"`
	Pays string `json:"pays"`
	// Edge is the house edge as an exact fraction ("1/37") and in percent;
	// HitFreq the probability that the bet returns more than its stake
	// (a push is not a hit); Sigma the standard deviation of the net result per
	// unit staked.
	Edge    string  `json:"edge"`
	EdgePct float64 `json:"edge_pct"`
	HitFreq string  `json:"hit_frequency"`
	HitPct  float64 `json:"hit_pct"`
	Sigma   float64 `json:"sigma"`
	// EdgeStaked is the house edge per unit of all the bet staked in a round, for
	// a bet whose round stakes more than its first bet (three card poker's Play,
	// Hold'em's Blind and Play): what the meters, which count every stake, head
	// to. "" for a bet whose stake is its first bet (Edge is then per unit staked).
	EdgeStaked    string  `json:"edge_per_unit_staked,omitempty"`
	EdgeStakedPct float64 `json:"edge_per_unit_staked_pct,omitempty"`
	House         string  `json:"house_rules_figure,omitempty"` // the documents' figure, "" if they state none
	Note          string  `json:"note,omitempty"`
	Variance      string  `json:"variance"`
}

// NewBet fills a Bet's figures from exact rationals: edge and variance per unit
// staked, and the hit probability.
func NewBet(name, pays string, edge, hit, variance *big.Rat) Bet {
	f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
	return Bet{
		Name: name, Pays: pays,
		Edge: edge.RatString(), EdgePct: 100 * f(edge),
		HitFreq: hit.RatString(), HitPct: 100 * f(hit),
		Sigma: math.Sqrt(f(variance)), Variance: variance.RatString(),
	}
}

// PerStaked sets the bet's edge per unit of all it stakes: its edge per first
// bet over the round's average total stake (in first bets), both exact.
func (b *Bet) PerStaked(edge, avgStake *big.Rat) {
	r := new(big.Rat).Quo(edge, avgStake)
	v, _ := r.Float64()
	b.EdgeStaked, b.EdgeStakedPct = r.RatString(), 100*v
}

// Print writes the sheet for people.
func (s Sheet) Print(w io.Writer) {
	fmt.Fprintf(w, "%s (%s)\n", s.Name, s.ID)
	fmt.Fprintf(w, "  rules:   %s\n", s.Source)
	fmt.Fprintf(w, "  method:  %s\n", s.Method)
	nameW, paysW := len("bet"), len("pays")
	for _, b := range s.Bets {
		nameW = max(nameW, utf8.RuneCountInString(b.Name))
		if n := utf8.RuneCountInString(b.Pays); n <= maxPaysW {
			paysW = max(paysW, n)
		}
	}
	pad := func(x string, n int) string { return x + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(x))) }
	fmt.Fprintf(w, "  %s %s %9s %9s %7s  %s\n", pad("bet", nameW), pad("pays", paysW), "edge", "hits", "sigma", "house rules")
	for _, b := range s.Bets {
		house := b.House
		if house == "" {
			house = "-"
		}
		pays, long := b.Pays, ""
		if utf8.RuneCountInString(pays) > maxPaysW {
			pays, long = "(below)", b.Pays
		}
		fmt.Fprintf(w, "  %s %s %8.4f%% %8.4f%% %7.3f  %s\n", pad(b.Name, nameW), pad(pays, paysW), b.EdgePct, b.HitPct, b.Sigma, house)
		for _, more := range []string{long, b.Note} {
			if more != "" {
				fmt.Fprintf(w, "  %s %s\n", pad("", nameW), more)
			}
		}
	}
	if s.Main != nil {
		fmt.Fprintf(w, "  main game: %s\n", s.Main.text())
		if s.Main.Note != "" {
			fmt.Fprintf(w, "             %s\n", s.Main.Note)
		}
	}
	for _, p := range s.Progressive {
		p.Print(w)
	}
	for _, n := range s.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	fmt.Fprintln(w)
}

// maxPaysW is the widest payout kept in its column; a longer one goes below its row.
const maxPaysW = 32

// WriteHTML writes the sheets as one self-contained HTML page.
func WriteHTML(w io.Writer, sheets []Sheet) error {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><meta charset=\"utf-8\"><title>Table games: PAR sheets</title>\n")
	b.WriteString("<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #999;padding:3px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}</style></head><body>\n")
	for _, s := range sheets {
		fmt.Fprintf(&b, "<h1>%s <small>(%s)</small></h1>\n<p><b>Rules:</b> %s</p>\n<p><b>Method:</b> %s</p>\n", esc(s.Name), esc(s.ID), esc(s.Source), esc(s.Method))
		b.WriteString("<table><tr><th>bet</th><th>pays</th><th>house edge</th><th>exact</th><th>hit frequency</th><th>σ per unit</th><th>house rules' figure</th><th>note</th></tr>\n")
		for _, x := range s.Bets {
			fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td class=n>%.4f%%</td><td class=n>%s</td><td class=n>%.4f%%</td><td class=n>%.3f</td><td>%s</td><td>%s</td></tr>\n",
				esc(x.Name), esc(x.Pays), x.EdgePct, esc(x.Edge), x.HitPct, x.Sigma, esc(x.House), esc(x.Note))
		}
		b.WriteString("</table>\n")
		if s.Main != nil {
			fmt.Fprintf(&b, "<p><b>Main game:</b> %s", esc(s.Main.text()))
			if s.Main.Note != "" {
				fmt.Fprintf(&b, "; %s", esc(s.Main.Note))
			}
			b.WriteString("</p>\n")
		}
		for _, p := range s.Progressive {
			p.html(&b)
		}
		for _, n := range s.Notes {
			fmt.Fprintf(&b, "<p>%s</p>\n", esc(n))
		}
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

var esc = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace
