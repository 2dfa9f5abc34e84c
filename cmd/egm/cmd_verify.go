package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"egm/internal/cli"
	"egm/internal/verify"
)

// verifyReport is `egm verify --json`.
type verifyReport struct {
	Layout string `json:"layout"` // "board", "beside" or "files"
	Root   string `json:"root,omitempty"`
	Seed   string `json:"seed,omitempty"`
	Order  string `json:"order"`
	verify.Report
}

// cmdVerify lists the installed program set with each file's SHA-256 and, with a
// seed, its HMAC-SHA1, and the set's over the files in the listed order
// (docs/lab.md, Software verification).
func cmdVerify(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("verify", "verify [--root DIR | --file PATH …] [--hmac-sha1 SEED] [--json]", stderr)
	root := fs.String("root", "", "a board's root file system to verify (default: this board's /, or the program set beside this program)")
	var files cli.MultiFlag
	fs.Var(&files, "file", "verify this file (repeatable; in the order given) instead of the installed set")
	seedText := fs.String("hmac-sha1", "", "seed of the GLI-style signature: HMAC-SHA1 keyed by SEED's bytes (hex:… for raw bytes)")
	asJSON := fs.Bool("json", false, "JSON output")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *root != "" && len(files) > 0 {
		return prog.BadUsage(fs, "--root and --file are two different sets: give one")
	}
	var seed verify.Seed
	if *seedText != "" {
		s, err := verify.ParseSeed(*seedText)
		if err != nil {
			return cli.UsageErr(fs, err)
		}
		seed = s
	}
	out := verifyReport{Seed: *seedText, Order: "by path, byte order; the set's digests are over the files' bytes concatenated in this order"}
	var es []verify.Entry
	var err error
	switch {
	case len(files) > 0:
		out.Layout, out.Order = "files", "as given; the set's digests are over the files' bytes concatenated in this order"
		es = verify.Files(files)
	case *root != "":
		out.Layout, out.Root = "board", *root
		es, err = verify.Board(*root)
	default:
		es, out.Layout, out.Root, err = installedSet()
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	rep, err := verify.Compute(es, seed)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	out.Report = rep
	if *asJSON {
		return prog.WriteJSON(stdout, stderr, out)
	}
	printVerify(stdout, out)
	return 0
}

// installedSet is the set this program belongs to: the board's when it runs as
// the board's /usr/bin/egm, else itself and the screen beside it.
func installedSet() ([]verify.Entry, string, string, error) {
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return nil, "", "", errors.Join(errors.New("egm verify: cannot locate this program"), err)
	}
	if exe == "/usr/bin/egm" && verify.IsBoard("/") {
		es, err := verify.Board("/")
		return es, "board", "/", err
	}
	es, err := verify.Beside(exe)
	return es, "beside", "", err
}

// printVerify writes the listing: one line a file (sha256sum's layout, then the
// seeded signature), then the set.
func printVerify(w io.Writer, r verifyReport) {
	where := "the program set beside this program"
	switch r.Layout {
	case "board":
		where = "the board's program set under " + r.Root
	case "files":
		where = "the files given"
	}
	fmt.Fprintf(w, "# egm verify: %d files, %s; order: %s\n", len(r.Files), where, r.Order)
	if r.Seed != "" {
		fmt.Fprintf(w, "# columns: sha256, hmac-sha1 (seed %q), bytes, path\n", r.Seed)
	} else {
		fmt.Fprintln(w, "# columns: sha256, bytes, path")
	}
	line := func(s verify.Sum, path string) {
		if s.HMACSHA1 != "" {
			fmt.Fprintf(w, "%s  %s  %9d  %s\n", s.SHA256, s.HMACSHA1, s.Bytes, path)
		} else {
			fmt.Fprintf(w, "%s  %9d  %s\n", s.SHA256, s.Bytes, path)
		}
	}
	for _, f := range r.Files {
		line(f.Sum, f.Path)
	}
	line(r.Set, "(the set)")
}
