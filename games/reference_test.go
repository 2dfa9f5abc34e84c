package games

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReferencePAR runs the independent reference, reference/par_check.py (Python
// 3 with numpy), on the PAR sheets of every title as `egm-lab par --all --json` writes
// them: it recomputes every RTP component, the total, the feature triggers and the
// award odds from the JSON alone, to the exact fraction, and the cap's figures
// (its cost and P(award ≥ cap), or the largest award and its probability where
// the cap is never reached) within the PAR's bounds.
func TestReferencePAR(t *testing.T) {
	py, err := referencePython()
	if err != nil {
		t.Fatal(err)
	}
	titles, err := All()
	if err != nil {
		t.Fatal(err)
	}
	pars, err := PARs(titles, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(pars)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "par.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, filepath.Join("..", "reference", "par_check.py"), path).CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("reference/par_check.py: %v", err)
	}
	if want := "25 of 25 titles agree with the reference"; len(titles) == 25 && !strings.Contains(string(out), want) {
		t.Fatalf("reference/par_check.py: want %q", want)
	}
}

// referencePython is the first python3 that imports numpy: the one on PATH, then
// Debian's (make deps installs python3-numpy). The check does not skip without it.
func referencePython() (string, error) {
	var tried []string
	for _, name := range []string{"python3", "/usr/bin/python3"} {
		py, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
			tried = append(tried, py)
			continue
		}
		return py, nil
	}
	if len(tried) == 0 {
		return "", fmt.Errorf("python3 is needed for the reference check of the PAR sheets (reference/par_check.py)")
	}
	return "", fmt.Errorf("the reference check of the PAR sheets (reference/par_check.py) needs numpy: "+
		"none of %s imports it; install Debian's python3-numpy (make deps does)", strings.Join(tried, ", "))
}
