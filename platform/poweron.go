package platform

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"egm/internal/buildinfo"
	"egm/rng"
	"egm/rng/battery"
)

// ErrPowerOn is wrapped by PowerOn when a gate failed: play stays disabled.
var ErrPowerOn = errors.New("platform: power-on check failed")

// PowerOn runs the cabinet's power-on sequence and writes its lines to w:
// program authentication (the program's SHA-256), the DRBG known-answer test and
// the entropy start-up health tests (the gates), and a short statistical battery
// (information: at 99% confidence a sound generator fails it about once in 650
// boots, which must not refuse play; the lab runs the full battery). The result is
// appended to the boot record, stateDir/boot.log, before it returns.
//
// approved is the SHA-256 (hex) of the program the lab approved, from the
// configuration's program_sha256: when set, a program whose own hash differs
// fails the power-on and play stays disabled (program authentication); when
// empty, the hash is only recorded.
func PowerOn(settings rng.Settings, stateDir, approved string, w io.Writer) error {
	if err := os.MkdirAll(stateDir, 0o750); err != nil {
		return fmt.Errorf("platform: state directory: %w", err)
	}
	fmt.Fprintf(w, "egm %s (%s) — cabinet power-on\n", buildinfo.Version, buildinfo.Commit)
	sum, err := buildinfo.ProgramSHA256()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "  program SHA-256           %s\n", sum)
	checks := []struct {
		name string
		run  func() (string, error)
	}{
		{"program authentication", func() (string, error) { return authenticate(sum, approved) }},
		{"DRBG known-answer test", func() (string, error) { return "CTR_DRBG AES-256 matches NIST CAVP", rng.SelfTest() }},
		{"entropy health tests", func() (string, error) { return startupTests(settings) }},
	}
	var failed []string
	var log []string
	for _, c := range checks {
		detail, err := c.run()
		status := "PASS"
		if err != nil {
			status, detail = "FAIL", err.Error()
			failed = append(failed, c.name)
		}
		fmt.Fprintf(w, "  %-25s %s  %s\n", c.name, status, detail)
		log = append(log, c.name+"="+status)
	}
	rec := fmt.Sprintf("%s boot version=%s commit=%s sha256=%s %v\n",
		time.Now().UTC().Format(time.RFC3339), buildinfo.Version, buildinfo.Commit, sum, log)
	path := filepath.Join(stateDir, "boot.log")
	if err := appendSynced(path, rec); err != nil {
		return err
	}
	fmt.Fprintf(w, "  boot record               %s\n\n", path)
	if len(failed) > 0 {
		return fmt.Errorf("%w: %v", ErrPowerOn, failed)
	}
	return nil
}

// ErrProgramChanged is wrapped when the program is not the one approved.
var ErrProgramChanged = errors.New("platform: the program is not the approved one")

// authenticate compares the program's SHA-256 with the approved one.
func authenticate(sum, approved string) (string, error) {
	switch {
	case approved == "":
		return "no approved SHA-256 configured (program_sha256): recorded only", nil
	case !strings.EqualFold(sum, approved):
		return "", fmt.Errorf("%w: its SHA-256 is %s, the approved %s", ErrProgramChanged, sum, approved)
	}
	return "matches the approved program_sha256", nil
}

// startupTests runs the entropy health tests of a cabinet generator and a short
// battery on its output.
func startupTests(settings rng.Settings) (string, error) {
	g, err := rng.NewCabinet(settings, nil)
	if err != nil {
		return "", err
	}
	rep, err := battery.Run(g, 100_000, nil)
	if err != nil {
		return "", err
	}
	if err := g.Err(); err != nil {
		return "", err
	}
	note := ""
	if !rep.Pass {
		note = " (battery below its 99% bound this boot; run egm-lab rng)"
	}
	return fmt.Sprintf("start-up tests passed; battery %d/%d tests pass%s", len(rep.Tests)-rep.Failures, len(rep.Tests), note), nil
}

// appendSynced appends line to path and syncs it.
func appendSynced(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o640)
	if err != nil {
		return fmt.Errorf("platform: %w", err)
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return fmt.Errorf("platform: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("platform: sync %s: %w", path, err)
	}
	return f.Close()
}
