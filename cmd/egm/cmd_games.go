package main

import (
	"io"

	"egm/games"
)

func cmdTitles(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("titles", "titles [--json]", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	rows, err := games.Catalogue()
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if *asJSON {
		return prog.WriteJSON(stdout, stderr, rows)
	}
	games.PrintCatalogue(stdout, rows)
	return 0
}
