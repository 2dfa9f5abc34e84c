package labcli

import (
	"encoding/json"
	"fmt"
	"io"
	"os/signal"
	"syscall"

	"egm/games"
	"egm/games/slot"
	"egm/internal/cli"
	"egm/internal/progress"
	"egm/lab"
	"egm/rng/battery"
)

func cmdLabRNGStream(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("rng-stream", "rng-stream [--bytes N] [--seed S]", stderr)
	n := fs.Int64("bytes", 0, "bytes to write; 0 = until the reader stops")
	seed := fs.Int64("seed", -1, "reproduce a seeded stream (simulation mode); default: the cabinet's generator")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *n < 0 {
		return prog.BadUsage(fs, "--bytes must be 0 (unlimited) or a positive count, not %d", *n)
	}
	ctx, stop := cli.StopContext()
	defer stop()
	g, err := lab.Generator(*seed)
	if err == nil {
		signal.Ignore(syscall.SIGPIPE) // a reader such as dieharder closes the pipe when it has enough
		prog.StartNotice(stderr, "rng-stream", "raw DRBG output to stdout", "at a whole block")
		err = lab.WriteStreamContext(ctx, stdout, g, *n)
	}
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "rng-stream", "after a whole block")
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

func cmdLabRNG(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("rng", "rng [--samples N] [--json] [--seed S]", stderr)
	samples := fs.Int("samples", 10_000_000, "draws per test")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	seed := fs.Int64("seed", -1, "test a seeded generator (reproducible); default: the cabinet's generator")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *samples < 10000 {
		return prog.BadUsage(fs, "--samples must be at least 10000, not %d", *samples)
	}
	g, err := lab.Generator(*seed)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	ctx, stop := cli.StopContext()
	defer stop()
	prog.StartNotice(stderr, "rng", fmt.Sprintf("%d tests of %d draws", battery.TestCount(), *samples), "between two tests")
	bar := progress.New(stderr, int64(battery.TestCount()), "rng battery")
	rep, err := battery.RunContext(ctx, g, *samples, bar.Int)
	bar.Done()
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "rng", fmt.Sprintf("after %d of %d tests: no verdict", len(rep.Tests), battery.TestCount()))
	}
	if err == nil {
		err = g.Err()
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return prog.Fail(stderr, err)
		}
	} else {
		rep.Print(stdout)
	}
	return cli.ExitIf(!rep.Pass)
}

// cmdLabRTP is the lab's RTP proof (lab.RTPProof).
func cmdLabRTP(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("rtp", "rtp [--games N] [--title ID] [--seed S] [--json]", stderr)
	n := fs.Int64("games", 10_000_000, "games per title")
	id := fs.String("title", "", "one title (default: all 25)")
	seed := fs.Uint64("seed", 1, "seed of the simulation's deterministic generators")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *n < 1000 {
		return prog.BadUsage(fs, "--games must be at least 1000, not %d", *n)
	}
	titles, code := titlesFlag(*id, "egm-lab rtp:", stderr)
	if titles == nil {
		return code
	}
	ctx, stop := cli.StopContext()
	defer stop()
	prog.StartNotice(stderr, "rtp", fmt.Sprintf("%s, %d games each", cli.Plural(len(titles), "title"), *n), "between chunks of games")
	var pars []*slot.PAR
	err := cli.UntilStopped(ctx, func() (err error) { pars, err = games.PARs(titles, nil); return err })
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "rtp", fmt.Sprintf("after 0 of %d titles (while the PAR sheets were computed)", len(titles)))
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	bar := progress.New(stderr, *n*int64(len(titles)), "RTP proof")
	reps, err := lab.RTPProofContext(ctx, titles, pars, uint64(*n), *seed, bar.Set)
	bar.Done()
	if err != nil && ctx.Err() == nil {
		return prog.Fail(stderr, err)
	}
	if ctx.Err() != nil && len(reps) == 0 {
		return prog.Stopped(ctx, stderr, "rtp", fmt.Sprintf("after 0 of %d titles", len(titles)))
	}
	if *asJSON {
		if code := prog.WriteJSON(stdout, stderr, reps); code != 0 {
			return code
		}
	} else {
		lab.PrintRTPProof(stdout, *n, reps)
	}
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "rtp", fmt.Sprintf("after %d of %d titles: the titles above were simulated whole", len(reps), len(titles)))
	}
	return cli.ExitIf(lab.Outside(reps) > 0 && len(reps) == 1)
}

// cmdLabJackpotRTP is linked play in-process (lab.JackpotRTP).
func cmdLabJackpotRTP(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("jackpot-rtp", "jackpot-rtp [--machines N] [--games N] [--seed S]", stderr)
	machines := fs.Int("machines", 3, "linked machines, each playing its own title")
	n := fs.Int64("games", 3_000_000, "games in all")
	seed := fs.Int64("seed", -1, "reproduce a seeded run; default: the cabinet's generator")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *machines < 1 || *machines > 25 || *n < 1000 {
		return prog.BadUsage(fs, "--machines must be 1..25 and --games at least 1000")
	}
	g, err := lab.Generator(*seed)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	ctx, stop := cli.StopContext()
	defer stop()
	prog.StartNotice(stderr, "jackpot-rtp", fmt.Sprintf("%d games on %s", *n, cli.Plural(*machines, "machine")), "every 4,096 games")
	bar := progress.New(stderr, *n, "games")
	r, err := lab.JackpotRTPContext(ctx, g, *machines, *n, bar.Set)
	bar.Done()
	if ctx.Err() != nil {
		return prog.Stopped(ctx, stderr, "jackpot-rtp", fmt.Sprintf("after %d of %d games: no verdict", r.Games, *n))
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	r.Print(stdout)
	return cli.ExitIf(!r.OK())
}
