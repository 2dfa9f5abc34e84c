package main

import (
	"fmt"
	"io"
	"strings"

	"egm/internal/progress"
	"egm/lab"
	"egm/tables/play"
)

func init() {
	labCommands["tables"] = command{"deal every bet of the table games through the machine's round engine (seeded) against each exact house edge", cmdLabTables}
}

// cmdLabTables is the table games' simulation (lab.TablesProof): it only parses flags.
func cmdLabTables(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab tables", "lab tables [--rounds N] [--seed S] [--game ID] [--json]", stderr)
	n := fs.Uint64("rounds", 10_000_000, "rounds per game")
	seed := fs.Uint64("seed", 1, "seed of the simulation's deterministic generators")
	game := fs.String("game", "", "one game: "+strings.Join(play.Games, ", ")+" (default: all five)")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *n < 1000 {
		return badUsage(fs, "--rounds must be at least 1000, not %d", *n)
	}
	games := play.Games
	if *game != "" {
		if !play.IsTable(*game) {
			return badUsage(fs, "--game: no table game %q (%s)", *game, strings.Join(play.Games, ", "))
		}
		games = []string{*game}
	}
	ctx, stop := stopContext()
	defer stop()
	startNotice(stderr, "lab tables", fmt.Sprintf("%s, %d rounds each", plural(len(games), "game"), *n), "between chunks of rounds")
	bar := progress.New(stderr, int64(*n)*int64(len(games)), "table games")
	reps, err := lab.TablesProofContext(ctx, games, *n, *seed, bar.Set)
	bar.Done()
	if err != nil && ctx.Err() == nil {
		return fail(stderr, err)
	}
	if ctx.Err() != nil && len(reps) == 0 {
		return stopped(ctx, stderr, "lab tables", fmt.Sprintf("after 0 of %d games", len(games)))
	}
	if *asJSON {
		if code := writeJSON(stdout, stderr, reps); code != 0 {
			return code
		}
	} else {
		lab.PrintTablesProof(stdout, reps)
	}
	if ctx.Err() != nil {
		return stopped(ctx, stderr, "lab tables", fmt.Sprintf("after %d of %d games: the games above were dealt whole", len(reps), len(games)))
	}
	return exitIf(!lab.TablesVerdict(reps).Pass)
}
