package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"egm/meters"
	"egm/rng/battery"
)

func TestCommandLine(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		wantOut    string // substring of stdout
		wantErrOut string // substring of stderr
	}{
		{"no command", nil, 2, "", "usage: egm"},
		{"help", []string{"help"}, 0, "commands:", ""},
		{"unknown command", []string{"spinme"}, 2, "", `unknown command "spinme"`},
		{"version", []string{"version"}, 0, "sha256", ""},
		{"version stray arg", []string{"version", "x"}, 2, "", "unexpected argument"},
		{"lab alone", []string{"egm-lab"}, 2, "", "rng-stream"},
		{"lab lists every check", []string{"egm-lab", "-h"}, 0, "powerfail", ""},
		{"lab unknown", []string{"egm-lab", "dice"}, 2, "", `egm-lab: unknown command "dice"`},
		{"bytes negative", []string{"egm-lab", "rng-stream", "--bytes", "-1"}, 2, "", "--bytes must be"},
		{"bytes not a number", []string{"egm-lab", "rng-stream", "--bytes", "lots"}, 2, "", "invalid value"},
		{"bad flag", []string{"egm-lab", "rng", "--colour"}, 2, "", "flag provided but not defined"},
		{"samples zero", []string{"egm-lab", "rng", "--samples", "0"}, 2, "", "--samples must be at least 10000"},
		{"rng help", []string{"egm-lab", "rng", "-h"}, 0, "", "usage: egm-lab rng"},
		{"battery seeded", []string{"egm-lab", "rng", "--samples", "20000", "--seed", "3"}, 0, "overall: PASS", ""},
		{"demo help", []string{"demo", "-h"}, 0, "", "usage: egm demo"},
		{"run help names headless", []string{"run", "-h"}, 0, "", "egm run --headless"},
		{"headless help", []string{"run", "--headless", "-h"}, 0, "", "-autoplay"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := runProgram(tc.args, &out, &errOut)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("stdout lacks %q:\n%s", tc.wantOut, out.String())
			}
			if !strings.Contains(errOut.String(), tc.wantErrOut) {
				t.Errorf("stderr lacks %q:\n%s", tc.wantErrOut, errOut.String())
			}
		})
	}
}

func TestRNGStreamBytes(t *testing.T) {
	for _, n := range []int{1, 1000, 65536, 200001} {
		var out, errOut bytes.Buffer
		if code := runProgram([]string{"egm-lab", "rng-stream", "--bytes", itoa(n)}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if out.Len() != n {
			t.Fatalf("--bytes %d wrote %d bytes", n, out.Len())
		}
	}
	// A seeded stream is reproducible; the cabinet's is not.
	a, b := streamOf(t, "--seed", "9"), streamOf(t, "--seed", "9")
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave different streams")
	}
	if bytes.Equal(streamOf(t), streamOf(t)) {
		t.Fatal("two cabinet streams were equal")
	}
}

func streamOf(t *testing.T, extra ...string) []byte {
	var out, errOut bytes.Buffer
	if code := runProgram(append([]string{"egm-lab", "rng-stream", "--bytes", "4096"}, extra...), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	return out.Bytes()
}

func TestRNGBatteryJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"egm-lab", "rng", "--samples", "20000", "--seed", "4", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rep battery.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if !rep.Pass || len(rep.Tests) != battery.TestCount() || rep.Samples != 20000 {
		t.Fatalf("report %+v", rep)
	}
}

// TestRunBootsAndRecords runs plain `egm run` with the screen program: the
// power-on checks, the boot record, the platform on the state directory and the
// screen process showing metered play, captured once to a PNG.
func TestRunBootsAndRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	shot := filepath.Join(t.TempDir(), "run.png")
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"run", "--state", dir, "--screen", screenBin(t), "--scene", "play", "--screenshot", shot, "--frames", "20"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	for _, w := range []string{"DRBG known-answer test    PASS", "entropy health tests      PASS", "metered play on " + dir, "wrote " + shot, "power_down written"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	rec, err := os.ReadFile(filepath.Join(dir, "boot.log"))
	if err != nil || !strings.Contains(string(rec), "DRBG known-answer test=PASS") {
		t.Fatalf("boot record: %q, %v", rec, err)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	colours := map[[4]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, a := img.At(x, y).RGBA()
			colours[[4]uint32{r, g, bl, a}] = true
		}
	}
	if b.Dx() != 1920 || b.Dy() != 1080 || len(colours) < 100 {
		t.Fatalf("screenshot %dx%d with %d colours: want 1920x1080, not blank", b.Dx(), b.Dy(), len(colours))
	}
	// the machine was opened on the state directory and shut down
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if n := ro.Meters().Get(meters.PowerUps); n != 1 {
		t.Fatalf("power-ups after egm run: %d, want 1", n)
	}
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path, want string
	}{
		{"missing file", filepath.Join(dir, "nope.json"), "no such file"},
		{"not JSON", write("bad.json", "{state_dir"), "invalid character"},
		{"unknown key", write("typo.json", `{"state_dir":"x","rgn":{}}`), `unknown field "rgn"`},
		{"empty state dir", write("empty.json", `{"state_dir":""}`), "state_dir is empty"},
		{"seeded cabinet", write("seeded.json", `{"state_dir":"`+dir+`","rng":{"mode":"seeded"}}`), "refuses"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := runProgram([]string{"run", "--config", tc.path}, &out, &errOut)
			if code != 1 || !strings.Contains(out.String()+errOut.String(), tc.want) {
				t.Fatalf("exit %d, output %q %q; want 1 and %q", code, out.String(), errOut.String(), tc.want)
			}
		})
	}
	if _, err := loadConfig("", ""); err != nil {
		t.Fatalf("embedded default: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A program that is not the approved one (program_sha256) fails the power-on:
// exit 1, play stays disabled, the boot record says why; a malformed approved hash
// is a configuration error.
func TestRunRefusesAnotherProgram(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.json")
	state := filepath.Join(dir, "state")
	if err := os.WriteFile(cfg, []byte(`{"state_dir":"`+state+`","program_sha256":"`+strings.Repeat("ab", 32)+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"run", "--config", cfg}, &out, &errOut); code != 1 ||
		!strings.Contains(out.String(), "program authentication    FAIL") || !strings.Contains(out.String(), "play stays disabled") {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	if rec, err := os.ReadFile(filepath.Join(state, "boot.log")); err != nil || !strings.Contains(string(rec), "program authentication=FAIL") {
		t.Fatalf("boot record %q, %v", rec, err)
	}
	if _, err := os.Stat(filepath.Join(state, "critical-a.log")); err == nil {
		t.Error("the machine was opened after a failed power-on")
	}
	if err := os.WriteFile(cfg, []byte(`{"state_dir":"x","program_sha256":"abc"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code := runProgram([]string{"run", "--config", cfg}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "program_sha256") {
		t.Fatalf("malformed hash: exit %d %q", code, errOut.String())
	}
}

// Each program's help lists its own commands and none of the others': the
// cabinet's egm carries no lab and no floor.
func TestHelpOfEachProgram(t *testing.T) {
	tests := []struct {
		program    string
		has, lacks []string
	}{
		{"egm", []string{"run", "verify", "meters", "io", "wallet", "rules"}, []string{"lab", "sim", "par", "floor", "powerfail"}},
		{"egm-lab", []string{"rng", "rtp", "tables", "sim", "par", "all", "powerfail", "aft-powerfail", "wallet-faults", "jackpot-faults", "board-powerfail", "board-doors"}, []string{"meters", "wallet"}},
		{"egm-floor", []string{"run", "wallet"}, []string{"lab", "meters", "powerfail"}},
	}
	for _, tc := range tests {
		t.Run(tc.program, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := runProgram([]string{tc.program, "help"}, &out, &errOut); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			cmds := map[string]bool{}
			for _, l := range strings.Split(out.String(), "\n") {
				if f := strings.Fields(l); len(f) > 1 && strings.HasPrefix(l, "  ") {
					cmds[f[0]] = true
				}
			}
			if !strings.HasPrefix(out.String(), "usage: "+tc.program+" <command>") {
				t.Errorf("usage line: %q", out.String())
			}
			for _, c := range tc.has {
				if !cmds[c] {
					t.Errorf("%s help lacks %s:\n%s", tc.program, c, out.String())
				}
			}
			for _, c := range tc.lacks {
				if cmds[c] {
					t.Errorf("%s help lists %s", tc.program, c)
				}
			}
		})
	}
}
