package main

import (
	"fmt"
	"io"
	"strings"

	"egm/machine/settings"
	"egm/tables/play"
)

// cmdConfig is `egm config`: the jurisdiction profile in force (its currency,
// languages, rules and their sources) and the money limits the machine runs with,
// every amount in the profile's currency.
func cmdConfig(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("config", "config [--config FILE] [--jurisdiction EE|KZ]", stderr)
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	jur := fs.String("jurisdiction", "", "the jurisdiction profile, over the configuration's: EE or KZ")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return prog.BadUsage(fs, "unexpected argument %q", fs.Arg(0))
	}
	cfg, err := loadConfigFor(*cfgPath, "", *jur)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	p, err := cfg.Profile()
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if err := p.Describe(stdout); err != nil {
		return prog.Fail(stderr, err)
	}
	printLimits(stdout, cfg.Config)
	return 0
}

// printLimits writes the money limits in force: the configuration's keys, each
// amount Plain in the profile's currency.
func printLimits(w io.Writer, c settings.Config) {
	cur := c.Currency()
	denoms := make([]string, len(c.DenominationsCents))
	for i, d := range c.DenominationsCents {
		denoms[i] = cur.Plain(d)
	}
	line := func(key, value string) { fmt.Fprintf(w, "%-30s %s\n", key, value) }
	fmt.Fprintf(w, "\nin force (the configuration's keys, in %s):\n", cur.Code)
	line("operator_language", c.OperatorLang().String())
	line("denominations_cents", strings.Join(denoms, ", "))
	line("handpay_limit_cents", cur.Plain(c.HandpayLimitCents))
	line("aml_threshold_cents", cur.Plain(c.AMLThresholdCents))
	gamble := "off"
	if c.Gamble.Enabled {
		gamble = fmt.Sprintf("on, %d attempts, cap %s", c.Gamble.MaxAttempts, cur.Plain(c.Gamble.MaxWin))
	}
	line("gamble", gamble)
	line("aft.transfer_limit_cents", cur.Plain(c.AFT.TransferLimitCents))
	for _, g := range play.IDs() {
		t := c.Tables.Of(g)
		state := "off"
		if t.Enabled {
			state = "on"
		}
		line("tables."+g, fmt.Sprintf("%s, %s to %s, side bets to %s", state, cur.Plain(t.Min), cur.Plain(t.Max), cur.Plain(t.SideMax)))
	}
}
