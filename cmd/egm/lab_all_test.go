package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"egm/lab/checklist"
)

// TestLabAll runs the whole checklist at a tiny scale end to end (the campaigns'
// children are this test binary as egm): every item decided and PASS, the
// summary naming each item's command, the report referencing every PNG written,
// the PAR sheets beside it; then --resume keeps what was decided.
func TestLabAll(t *testing.T) {
	if testing.Short() {
		t.Skip("lab checklist skipped in -short mode")
	}
	out := t.TempDir()
	sum, err := checklist.RunAll(checklist.AllOptions{Egm: testEgm, Out: out, Scale: checklist.TinyScale(), Seed: 1, Vectors: checklist.DefaultVectors(), Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	var disk checklist.AllSummary
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &disk); err != nil {
		t.Fatal(err)
	}
	items := checklist.Items()
	if len(disk.Items) != len(items) || len(items) != 18 {
		t.Fatalf("summary.json has %d items, the checklist %d (want 18)", len(disk.Items), len(items))
	}
	for i, it := range disk.Items {
		if it.ID != i+1 || it.Key != items[i].Key || it.Command == "" {
			t.Errorf("item %d: %+v", i+1, it)
		}
		if it.Verdict != checklist.Pass {
			r, _ := os.ReadFile(filepath.Join(out, "items", fmt.Sprintf("%02d.json", it.ID)))
			t.Errorf("item %d %s: %s: %s\n%s", it.ID, it.Key, it.Verdict, it.Summary, r)
		}
	}
	if !sum.Pass || !disk.Pass {
		t.Errorf("overall verdict %v", disk.Pass)
	}
	if disk.Program.SHA256 == "" || len(disk.Files) < 2 {
		t.Errorf("hashes: program %q, %d files", disk.Program.SHA256, len(disk.Files))
	}
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	pngs, _ := filepath.Glob(filepath.Join(out, "*.png"))
	if len(pngs) < 10 {
		t.Fatalf("%d plots written", len(pngs))
	}
	for _, p := range pngs {
		if !strings.Contains(string(html), `src="`+filepath.Base(p)+`"`) {
			t.Errorf("report.html does not show %s", filepath.Base(p))
		}
		if b, err := os.ReadFile(p); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
			t.Errorf("%s is not a PNG", p)
		}
	}
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"#]+)"`).FindAllStringSubmatch(string(html), -1) {
		if _, err := os.Stat(filepath.Join(out, m[1])); err != nil {
			t.Errorf("report.html refers to %s, which is missing", m[1])
		}
	}
	// --resume: the decided items are kept, not run again.
	sum2, err := checklist.RunAll(checklist.AllOptions{Egm: testEgm, Out: out, Scale: checklist.TinyScale(), Seed: 1, Resume: true, Only: []int{4, 6}, Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum2.Items) != 2 || sum2.Items[0].Seconds != disk.Items[3].Seconds || sum2.Items[1].Seconds != disk.Items[5].Seconds {
		t.Errorf("resume ran again: %+v", sum2.Items)
	}
}
