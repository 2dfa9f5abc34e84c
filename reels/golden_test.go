package reels

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PAR files in testdata/")

const goldenHeader = "# Golden PAR of a test fixture, written by `go test ./reels -run TestGoldenPAR -update`. DO NOT EDIT.\n"

// TestGoldenPAR pins the exact analysis of the test games: any change to the
// evaluation rules or the enumeration shows up as a diff of exact fractions.
func TestGoldenPAR(t *testing.T) {
	cfgs := []Config{testConfig(), typicalConfig(5, 4, 40, 20, 3)}
	for _, cfg := range cfgs {
		g := mustGame(t, cfg)
		a := g.Analyze(g.Base)
		body, err := json.MarshalIndent(a, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got := append([]byte(goldenHeader), body...)
		got = append(got, '\n')
		path := filepath.Join("testdata", goldenName(cfg.Title)+".par.golden")
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the PAR differs from %s (run with -update if the change is intended)\n%s", cfg.Title, path, firstDiff(got, want))
		}
	}
}

func goldenName(title string) string {
	out := []byte{}
	for _, c := range []byte(title) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			out = append(out, c)
		case c >= 'A' && c <= 'Z':
			out = append(out, c+'a'-'A')
		default:
			if len(out) > 0 && out[len(out)-1] != '_' {
				out = append(out, '_')
			}
		}
	}
	return string(out)
}

func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(la), len(lb)) {
		if !bytes.Equal(la[i], lb[i]) {
			return "line " + itoa(i+1) + ":\n got " + string(la[i]) + "\nwant " + string(lb[i])
		}
	}
	return "lengths differ"
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
