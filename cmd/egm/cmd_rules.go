package main

import (
	"bufio"
	"io"
	"strings"

	"egm/games"
	"egm/help"
)

// cmdRules prints a title's player rules (R-HELP-2): the same pages as the help
// screen, generated from the title's math, as text or HTML.
func cmdRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "rules --title ID [--html]", stderr)
	id := fs.String("title", "", "the title's id (egm titles lists them) or a table game's ("+strings.Join(games.TableIDs(), ", ")+")")
	html := fs.Bool("html", false, "one self-contained HTML page")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *id == "" {
		return badUsage(fs, "--title is required")
	}
	if games.IsTable(*id) {
		return tableRules(*id, *html, stdout, stderr)
	}
	t, err := games.ByID(*id)
	if err != nil {
		return fail(stderr, err)
	}
	r, err := help.NewRules(t)
	if err != nil {
		return fail(stderr, err)
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
		return fail(stderr, err)
	}
	return 0
}

// tableRules prints a table game's rules for the player (help.TableRules).
func tableRules(id string, html bool, stdout, stderr io.Writer) int {
	r, err := help.NewTableRules(id)
	if err != nil {
		return fail(stderr, err)
	}
	if html {
		err = r.WriteHTML(stdout)
	} else {
		err = r.WriteText(stdout)
	}
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}
