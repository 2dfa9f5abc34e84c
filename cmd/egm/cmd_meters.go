package main

import (
	"flag"
	"fmt"
	"io"

	"egm/internal/cli"
	"egm/meters"
	"egm/money"
	"egm/platform"
)

// offlineStore opens critical memory for the readers: offline, or through the
// running platform's socket while a machine holds the directory.
func offlineStore(fs *flag.FlagSet, args []string, stderr io.Writer) (st platform.StateReader, asJSON bool, code int, ok bool) {
	stateDir := fs.String("state", "", "state directory (default: the configuration's state_dir)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	j := fs.Bool("json", false, "JSON output")
	if code, ok := prog.Parse(fs, args); !ok {
		return st, false, code, false
	}
	dir, err := stateDirOf(*stateDir, *cfgPath)
	if err != nil {
		return st, false, prog.Fail(stderr, err), false
	}
	st, err = platform.OpenState(dir)
	if err != nil {
		return st, false, prog.Fail(stderr, fmt.Errorf("egm %s: %w", fs.Name(), err)), false
	}
	for _, p := range st.Pending {
		fmt.Fprintf(stderr, "egm %s: note: critical memory needs a repair the machine will make at its next start: %s\n", fs.Name(), p)
	}
	return st, *j, 0, true
}

// stateDirOf is the state directory a reader command names: --state, or the
// configuration's state_dir.
func stateDirOf(stateDir, cfgPath string) (string, error) {
	if stateDir != "" {
		return stateDir, nil
	}
	cfg, err := loadConfig(cfgPath, "")
	if err != nil {
		return "", err
	}
	return cfg.StateDir, nil
}

// readState runs a reader command: the listing read from critical memory, as
// JSON or text; failed tells a listing that found a fault (exit 1).
func readState[L interface{ Print(io.Writer, meters.Units) }](name string, args []string, stdout, stderr io.Writer, read func(*meters.Snapshot) L, failed func(L) bool) int {
	fs := prog.Flags(name, name+" [--state DIR] [--json] [--cents]", stderr)
	cents := fs.Bool("cents", false, "print amounts as raw integer minor units, cents or tiyn (default: with the state's currency, as "+money.EUR.Plain(1250)+"); --json is always in minor units")
	st, asJSON, code, ok := offlineStore(fs, args, stderr)
	if !ok {
		return code
	}
	defer st.Close()
	var l L
	var cur money.Currency
	if err := st.View(func(v *meters.Snapshot) { l, cur = read(v), currencyOf(v) }); err != nil {
		return prog.Fail(stderr, err)
	}
	if asJSON {
		if c := prog.WriteJSON(stdout, stderr, l); c != 0 {
			return c
		}
	} else {
		l.Print(stdout, meters.Units{Cents: *cents, Currency: cur})
	}
	return cli.ExitIf(failed(l))
}

// currencyOf is the currency the state counts in (meters.Snapshot.Currency).
func currencyOf(v *meters.Snapshot) money.Currency {
	c, _ := v.Currency()
	return c
}

func cmdMeters(args []string, stdout, stderr io.Writer) int {
	return readState("meters", args, stdout, stderr, (*meters.Snapshot).MetersListing,
		func(meters.MetersListing) bool { return false })
}

func cmdRecall(args []string, stdout, stderr io.Writer) int {
	return readState("recall", args, stdout, stderr, (*meters.Snapshot).RecallListing,
		func(meters.RecallListing) bool { return false })
}

func cmdEvents(args []string, stdout, stderr io.Writer) int {
	return readState("events", args, stdout, stderr, (*meters.Snapshot).EventsListing,
		func(l meters.EventsListing) bool { return !l.ChainOK })
}
