package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"egm/internal/buildinfo"
	"egm/lab"
	"egm/rng"
)

// cmdRun boots the cabinet. Today that is the power-on sequence that exists: program
// authentication, the DRBG known-answer self-test, the entropy start-up health tests
// and a short statistical battery, with a boot record in the state directory. The
// game screen, titles, money and floor link join this sequence as they are built; it
// says so rather than pretend.
func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("run", "run [--config FILE] [--state DIR]", stderr)
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	stateDir := fs.String("state", "", "state directory (overrides the configuration's state_dir)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return fail(stderr, err)
	}
	if *stateDir != "" {
		cfg.StateDir = *stateDir
	}
	if err := os.MkdirAll(cfg.StateDir, 0o750); err != nil {
		return fail(stderr, fmt.Errorf("egm: state directory: %w", err))
	}
	fmt.Fprintf(stdout, "egm %s (%s) — cabinet power-on\n", buildinfo.Version, buildinfo.Commit)

	sum, err := buildinfo.ProgramSHA256()
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "  program SHA-256           %s\n", sum)

	checks := []struct {
		name string
		run  func() (string, error)
	}{
		{"DRBG known-answer test", func() (string, error) { return "CTR_DRBG AES-256 matches NIST CAVP", rng.SelfTest() }},
		{"entropy health tests", func() (string, error) {
			g, err := rng.NewCabinet(cfg.RNG, nil)
			if err != nil {
				return "", err
			}
			rep, err := lab.RunBattery(g, 100_000, nil)
			if err != nil {
				return "", err
			}
			if err := g.Err(); err != nil {
				return "", err
			}
			if !rep.Pass {
				return "", fmt.Errorf("egm: RNG battery failed: %d of %d tests below 0.01", rep.Failures, len(rep.Tests))
			}
			return fmt.Sprintf("start-up tests passed; battery %d/%d tests pass", len(rep.Tests)-rep.Failures, len(rep.Tests)), nil
		}},
	}
	ok := true
	var log []string
	for _, c := range checks {
		detail, err := c.run()
		status := "PASS"
		if err != nil {
			status, detail, ok = "FAIL", err.Error(), false
		}
		fmt.Fprintf(stdout, "  %-25s %s  %s\n", c.name, status, detail)
		log = append(log, c.name+"="+status)
	}
	rec := fmt.Sprintf("%s boot version=%s commit=%s sha256=%s %v\n",
		time.Now().UTC().Format(time.RFC3339), buildinfo.Version, buildinfo.Commit, sum, log)
	if err := appendFile(filepath.Join(cfg.StateDir, "boot.log"), rec); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "  boot record               %s\n\n", filepath.Join(cfg.StateDir, "boot.log"))
	if !ok {
		fmt.Fprintln(stdout, "RNG FAILURE: play stays disabled.")
		return 1
	}
	fmt.Fprintln(stdout, "The power-on checks passed. What runs today:")
	fmt.Fprintln(stdout, "  egm run --headless --state DIR [--sas tcp:HOST:PORT]   the machine (credits, games, critical memory, floor link)")
	fmt.Fprintln(stdout, "  egm demo                                               the screen: attract, lobby, play and help (not metered)")
	fmt.Fprintln(stdout, "  egm titles | egm par --all | egm lab rng | egm lab rtp  the titles, their math and the lab")
	fmt.Fprintln(stdout, "Not built yet: the metered play screen bound to the machine, the QR wallet and the linked jackpots")
	fmt.Fprintln(stdout, "on the machine; until then this command stops after the checks.")
	return 0
}

func appendFile(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o640)
	if err != nil {
		return fmt.Errorf("egm: %w", err)
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return fmt.Errorf("egm: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("egm: sync %s: %w", path, err)
	}
	return f.Close()
}
