package labcli

import (
	"fmt"
	"io"
	"strings"

	"egm/games"
	"egm/games/slot"
	"egm/internal/cli"
	"egm/internal/progress"
	"egm/jurisdiction"
	"egm/lab"
	"egm/machine/bonusjp"
	"egm/money"
	"egm/tables"
)

func cmdPar(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("par", "par (--title ID | --all | --tables) [--json | --html]", stderr)
	id := fs.String("title", "", "title id (see egm titles) or table game ("+strings.Join(games.TableIDs(), ", ")+")")
	all := fs.Bool("all", false, "every title")
	tbl := fs.Bool("tables", false, "every table game")
	asJSON := fs.Bool("json", false, "print JSON")
	asHTML := fs.Bool("html", false, "print an HTML PAR sheet")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if n := btoi(*id != "") + btoi(*all) + btoi(*tbl); n != 1 {
		return prog.BadUsage(fs, "give exactly one of --title ID, --all and --tables")
	}
	if *asJSON && *asHTML {
		return prog.BadUsage(fs, "--json and --html exclude each other")
	}
	if *tbl || games.IsTable(*id) {
		return tableSheets(*id, *asJSON, *asHTML, stdout, stderr)
	}
	titles, code := titlesFlag(*id, "egm-lab par:", stderr)
	if titles == nil {
		return code
	}
	bar := progress.New(stderr, int64(len(titles)), "PAR sheets")
	pars, err := games.PARs(titles, bar.Int)
	bar.Done()
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON && *all:
		return prog.WriteJSON(stdout, stderr, pars)
	case *asJSON:
		return prog.WriteJSON(stdout, stderr, pars[0])
	case *asHTML:
		if err := slot.WritePARHTML(stdout, pars); err != nil {
			return prog.Fail(stderr, err)
		}
		return 0
	}
	for _, p := range pars {
		p.Print(stdout)
	}
	printBonusJackpotTerms(stdout)
	return 0
}

// titlesFlag is the titles a --title flag names: every one when it is empty, or
// that one (an unknown id is bad usage: exit 2, with nil titles).
func titlesFlag(id, prefix string, stderr io.Writer) ([]*slot.Title, int) {
	if id == "" {
		ts, err := games.All()
		if err != nil {
			return nil, prog.Fail(stderr, err)
		}
		return ts, 0
	}
	t, err := games.ByID(id)
	if err != nil {
		fmt.Fprintln(stderr, prefix, err)
		return nil, 2
	}
	return []*slot.Title{t}, 0
}

func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("sim", "sim --title ID --games N [--seed S] [--jurisdiction EE|KZ] [--json]", stderr)
	id := fs.String("title", "", "title id (see egm titles)")
	jur := fs.String("jurisdiction", "EE", "play at the maximum bet of this profile's bet range, in its currency (EE or KZ: the same games, the same RTP)")
	n := fs.Int64("games", 0, "games to play (at least 1000)")
	seed := fs.Uint64("seed", 1, "seed of the simulation's deterministic generators")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *id == "" {
		return prog.BadUsage(fs, "--title is required")
	}
	if *n < 1000 {
		return prog.BadUsage(fs, "--games must be at least 1000, not %d", *n)
	}
	prof, err := jurisdiction.ByCode(*jur)
	if err != nil {
		return cli.UsageErr(fs, err)
	}
	ts, code := titlesFlag(*id, "egm-lab sim:", stderr)
	if ts == nil {
		return code
	}
	ctx, stop := cli.StopContext()
	defer stop()
	prog.StartNotice(stderr, "sim", fmt.Sprintf("%s, %d games", ts[0].Spec.ID, *n), "between chunks of games")
	var par *slot.PAR
	err = cli.UntilStopped(ctx, func() (err error) { par, err = ts[0].PAR(); return err })
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "sim", fmt.Sprintf("after 0 of %d games (while the PAR sheet was computed)", *n))
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	bar := progress.New(stderr, *n, ts[0].Spec.Name)
	rep, err := lab.SimulateIn(ctx, prof, ts[0], par, uint64(*n), *seed, bar.Set)
	bar.Done()
	if err != nil && ctx.Err() == nil {
		return prog.Fail(stderr, err)
	}
	if rep.Games > 0 {
		if *asJSON {
			if code := prog.WriteJSON(stdout, stderr, rep); code != 0 {
				return code
			}
		} else {
			rep.Print(stdout)
		}
	}
	if ctx.Err() != nil && rep.Games == 0 {
		return prog.Stopped(ctx, stderr, "sim", fmt.Sprintf("after 0 of %d games", *n))
	}
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "sim", fmt.Sprintf("after %d of %d games: the figures above are of those games", rep.Games, *n))
	}
	return cli.ExitIf(!rep.Inside)
}

// tableSheets prints the table games' PAR-style sheets (id "": all).
func tableSheets(id string, asJSON, asHTML bool, stdout, stderr io.Writer) int {
	var ids []string
	if id != "" {
		ids = append(ids, id)
	}
	sheets, err := games.TableSheets(ids...)
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case asJSON && id == "":
		return prog.WriteJSON(stdout, stderr, sheets)
	case asJSON:
		return prog.WriteJSON(stdout, stderr, sheets[0])
	case asHTML:
		if err := tables.WriteHTML(stdout, sheets); err != nil {
			return prog.Fail(stderr, err)
		}
		return 0
	}
	for _, s := range sheets {
		s.Print(stdout)
	}
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// printBonusJackpotTerms states how the machine's own bonus jackpot (R-JP-4,
// machine/bonusjp) is carried: not in a title's RTP above, which is the title's
// alone, but on top of it for the titles the operator has fund it, as the linked
// levels' rates are returned to players through their levels.
func printBonusJackpotTerms(w io.Writer) {
	c := bonusjp.Default(1)
	c.Enabled = true
	fmt.Fprintf(w, "bonus jackpot (the machine's own, R-JP-4; off unless configured): a funding title returns, on top of its RTP above,\n"+
		"  rate·(ceiling + reset)/(ceiling − reset) of its coin-in (the house funds each reset): %.4f%% at the shipped %d bp, reset %s, ceiling %s\n",
		100*c.Return(), c.RateBP, money.EUR.Plain(c.ResetCents), money.EUR.Plain(c.CeilingCents))
}
