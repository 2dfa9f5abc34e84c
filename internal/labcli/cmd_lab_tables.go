package labcli

import (
	"fmt"
	"io"
	"strings"

	"egm/internal/cli"
	"egm/internal/progress"
	"egm/lab"
	"egm/tables/play"
)

// cmdLabTables is the table games' simulation (lab.TablesProof): it only parses flags.
func cmdLabTables(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("tables", "tables [--rounds N] [--seed S] [--game ID] [--json]", stderr)
	n := fs.Uint64("rounds", 10_000_000, "rounds per game")
	seed := fs.Uint64("seed", 1, "seed of the simulation's deterministic generators")
	game := fs.String("game", "", "one game: "+strings.Join(play.IDs(), ", ")+" (default: all five)")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *n < 1000 {
		return prog.BadUsage(fs, "--rounds must be at least 1000, not %d", *n)
	}
	games := play.IDs()
	if *game != "" {
		if !play.IsTable(*game) {
			return prog.BadUsage(fs, "--game: no table game %q (%s)", *game, strings.Join(play.IDs(), ", "))
		}
		games = []string{*game}
	}
	ctx, stop := cli.StopContext()
	defer stop()
	prog.StartNotice(stderr, "tables", fmt.Sprintf("%s, %d rounds each", cli.Plural(len(games), "game"), *n), "between chunks of rounds")
	bar := progress.New(stderr, int64(*n)*int64(len(games)), "table games")
	reps, err := lab.TablesProofContext(ctx, games, *n, *seed, bar.Set)
	bar.Done()
	if err != nil && ctx.Err() == nil {
		return prog.Fail(stderr, err)
	}
	if ctx.Err() != nil && len(reps) == 0 {
		return prog.Stopped(ctx, stderr, "tables", fmt.Sprintf("after 0 of %d games", len(games)))
	}
	if *asJSON {
		if code := prog.WriteJSON(stdout, stderr, reps); code != 0 {
			return code
		}
	} else {
		lab.PrintTablesProof(stdout, reps)
	}
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "tables", fmt.Sprintf("after %d of %d games: the games above were dealt whole", len(reps), len(games)))
	}
	return cli.ExitIf(!lab.TablesVerdict(reps).Pass)
}
