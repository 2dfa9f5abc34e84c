package jurisdiction

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Describe writes the profile for an engineer: every value, its currency, and
// where it comes from.
func (p Profile) Describe(w io.Writer) error {
	c := p.Currency
	langs := make([]string, len(p.Languages))
	for i, l := range p.Languages {
		langs[i] = fmt.Sprintf("%s (%s)", l, l.Name())
	}
	denoms := make([]string, len(p.Limits.Denominations))
	for i, d := range p.Limits.Denominations {
		denoms[i] = c.Plain(d)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "jurisdiction      %s (%s)\n", p.Code, p.Country)
	fmt.Fprintf(&b, "currency          %s (%s, %d minor digits, %d shown to players)\n", c.Code, c.Symbol, c.Minor, c.Shown)
	fmt.Fprintf(&b, "player languages  %s; the default: %s\n", strings.Join(langs, ", "), p.DefaultLanguage())
	fmt.Fprintf(&b, "operator menu     %s (%s)\n", p.OperatorLanguage, p.OperatorLanguage.Name())
	fmt.Fprintf(&b, "minimum age       %d\n", p.MinimumAge)
	fmt.Fprintf(&b, "register          %s\n", strings.Join(p.Register, ", "))
	fmt.Fprintf(&b, "self-exclusion    %d to %d months\n", p.SelfExclusionMinMonths, p.SelfExclusionMaxMonths)
	fmt.Fprintf(&b, "denominations     %s\n", strings.Join(denoms, ", "))
	fmt.Fprintf(&b, "total bet         %s to %s\n", c.Plain(p.Limits.MinBet), c.Plain(p.Limits.MaxBet))
	fmt.Fprintf(&b, "handpay above     %s\n", c.Plain(p.Limits.HandpayLimit))
	fmt.Fprintf(&b, "AML from          %s\n", c.Plain(p.Limits.AMLThreshold))
	fmt.Fprintf(&b, "Grand reset       %s\n", c.Plain(p.Limits.GrandReset))
	fmt.Fprintf(&b, "Major reset       %s\n", c.Plain(p.Limits.MajorReset))
	fmt.Fprintf(&b, "mystery window    %s to %s\n", c.Plain(p.Limits.MysteryMin), c.Plain(p.Limits.MysteryMax))
	surrender := "off"
	if p.BlackjackSurrender {
		surrender = "on"
	}
	fmt.Fprintf(&b, "blackjack         surrender %s: %s\n", surrender, p.BlackjackSurrenderReason)
	if len(p.OperatorSet) > 0 {
		fmt.Fprintf(&b, "operator-set      %s (the house rules give no figure)\n", strings.Join(p.OperatorSet, ", "))
	}
	keys := make([]string, 0, len(p.Sources))
	for k := range p.Sources {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "source: %-14s %s\n", k, p.Sources[k])
	}
	_, err := io.WriteString(w, b.String())
	return err
}
