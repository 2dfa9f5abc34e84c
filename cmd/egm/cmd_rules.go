package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"egm/games"
	"egm/help"
	"egm/internal/cli"
	"egm/jurisdiction"
	"egm/locale"
)

// cmdRules prints a title's player rules (R-HELP-2): the same pages as the help
// screen, generated from the title's math, as text or HTML, in a player's
// language and with amounts in the jurisdiction's currency and bet range.
func cmdRules(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("rules", "rules --title ID [--lang et|ru|kk|en] [--jurisdiction EE|KZ] [--html]", stderr)
	id := fs.String("title", "", "the title's id (egm titles lists them) or a table game's ("+strings.Join(games.TableIDs(), ", ")+")")
	lang := fs.String("lang", "", "the players' language: et, ru, kk or en (default: the jurisdiction's default, EE: et, KZ: kk)")
	code := fs.String("jurisdiction", jurisdiction.Default, "the jurisdiction whose currency and bet range the rules state ("+strings.Join(jurisdiction.Codes(), ", ")+")")
	html := fs.Bool("html", false, "one self-contained HTML page")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *id == "" {
		return prog.BadUsage(fs, "--title is required")
	}
	prof, err := jurisdiction.ByCode(*code)
	if err != nil {
		return cli.UsageErr(fs, err)
	}
	l := prof.DefaultLanguage()
	if *lang != "" {
		if l, err = locale.Parse(*lang); err != nil {
			return cli.UsageErr(fs, err)
		}
	}
	if !prof.Offers(l) {
		// The export is for the cashier and the web as well as the cabinet, so
		// every language is printed; the cabinet itself offers only the profile's.
		fmt.Fprintf(stderr, "egm: rules: note: the %s cabinet offers players %s, not %s; printing %s anyway\n", prof.Code, langList(prof.Languages), l, l)
	}
	p := locale.New(l, prof.Currency)
	if games.IsTable(*id) {
		return tableRules(*id, p, *html, stdout, stderr)
	}
	t, err := games.ByID(*id)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	r, err := help.NewRules(t, p, prof.Limits)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if *html {
		w := bufio.NewWriter(stdout)
		if err = r.WriteHTML(w); err == nil {
			err = w.Flush()
		}
	} else {
		err = r.WriteText(stdout)
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

func langList(ls []locale.Lang) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// tableRules prints a table game's rules for the player (help.TableRules).
func tableRules(id string, p *locale.Printer, html bool, stdout, stderr io.Writer) int {
	r, err := help.NewTableRules(id, p)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if html {
		err = r.WriteHTML(stdout)
	} else {
		err = r.WriteText(stdout)
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}
