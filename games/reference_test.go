package games

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReferencePAR runs the independent reference, reference/par_check.py (Python
// 3, standard library only), on the PAR sheets of every title as `egm par --all
// --json` writes them: it recomputes every RTP component, the total, the feature
// triggers and the award odds from the JSON alone, to the exact fraction.
func TestReferencePAR(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed for the reference check of the PAR sheets: %v", err)
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
	if want := "25 of 25 titles agree exactly"; len(titles) == 25 && !strings.Contains(string(out), want) {
		t.Fatalf("reference/par_check.py: want %q", want)
	}
}
