package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/signal"
	"syscall"

	"egm/lab"
	"egm/rng"
)

var labCommands = map[string]command{
	"rng-stream": {"raw DRBG output to stdout (for dieharder -g 200, ent)", cmdLabRNGStream},
	"rng":        {"statistical battery on raw and scaled RNG output", cmdLabRNG},
	"rtp":        {"simulate every title through Play and check each exact RTP", cmdLabRTP},
}

func cmdLab(args []string, stdout, stderr io.Writer) int {
	return subcommands("lab", "check", labCommands, args, stdout, stderr)
}

// labGenerator is the cabinet's generator, or a seeded one when the lab asks to
// reproduce a run (seed ≥ 0).
func labGenerator(seed int64) (*rng.Generator, error) {
	if seed >= 0 {
		return rng.NewSeeded(uint64(seed)), nil
	}
	return rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
}

func cmdLabRNGStream(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab rng-stream", "lab rng-stream [--bytes N] [--seed S]", stderr)
	n := fs.Int64("bytes", 0, "bytes to write; 0 = until the reader stops")
	seed := fs.Int64("seed", -1, "reproduce a seeded stream (simulation mode); default: the cabinet's generator")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *n < 0 {
		return badUsage(fs, "--bytes must be 0 (unlimited) or a positive count, not %d", *n)
	}
	g, err := labGenerator(*seed)
	if err != nil {
		return fail(stderr, err)
	}
	// A reader such as dieharder closes the pipe when it has enough: that is the
	// normal end of an unlimited stream, not an error.
	signal.Ignore(syscall.SIGPIPE)
	w := bufio.NewWriterSize(stdout, rng.MaxRequestBytes)
	buf := make([]byte, rng.MaxRequestBytes)
	for left := *n; *n == 0 || left > 0; {
		k := int64(len(buf))
		if *n > 0 {
			k = min(k, left)
			left -= k
		}
		if _, err := g.Read(buf[:k]); err != nil {
			return fail(stderr, err)
		}
		if _, err := w.Write(buf[:k]); err != nil {
			if errors.Is(err, syscall.EPIPE) {
				return 0
			}
			return fail(stderr, fmt.Errorf("egm lab rng-stream: write: %w", err))
		}
	}
	if err := w.Flush(); err != nil && !errors.Is(err, syscall.EPIPE) {
		return fail(stderr, fmt.Errorf("egm lab rng-stream: write: %w", err))
	}
	return 0
}

func cmdLabRNG(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab rng", "lab rng [--samples N] [--json] [--seed S]", stderr)
	samples := fs.Int("samples", 10_000_000, "draws per test")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	seed := fs.Int64("seed", -1, "test a seeded generator (reproducible); default: the cabinet's generator")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *samples < 10000 {
		return badUsage(fs, "--samples must be at least 10000, not %d", *samples)
	}
	g, err := labGenerator(*seed)
	if err != nil {
		return fail(stderr, err)
	}
	bar := newProgress(stderr, int64(lab.TestCount()), "rng battery")
	rep, err := lab.RunBattery(g, *samples, func(done int) { bar.set(int64(done)) })
	bar.done()
	if err != nil {
		return fail(stderr, err)
	}
	if err := g.Err(); err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return fail(stderr, err)
		}
	} else {
		printBattery(stdout, rep)
	}
	if !rep.Pass {
		return 1
	}
	return 0
}

func printBattery(w io.Writer, rep lab.BatteryReport) {
	fmt.Fprintf(w, "RNG battery: %d draws per test, 99%% confidence (p ≥ %.2f passes)\n\n", rep.Samples, lab.Alpha)
	fmt.Fprintf(w, "%-52s %-6s %14s %5s %9s  %s\n", "test", "kind", "statistic", "df", "p-value", "verdict")
	for _, t := range rep.Tests {
		v := "PASS"
		if !t.Pass {
			v = "FAIL"
		}
		df := ""
		if t.DF > 0 {
			df = fmt.Sprint(t.DF)
		}
		fmt.Fprintf(w, "%-52s %-6s %14.6g %5s %9.4f  %s\n", t.Name, t.Kind, t.Statistic, df, t.PValue, v)
	}
	verdict := "PASS"
	if !rep.Pass {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "\noverall: %s (%d of %d tests below %.2f; up to %d expected by chance at 99%%)\n",
		verdict, rep.Failures, len(rep.Tests), lab.Alpha, rep.Allowed)
}
