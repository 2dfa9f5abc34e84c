package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/lab/checklist"
)

// TestLabSeededItemsReproduce runs every checklist item that checklist.Varies does not
// name twice with one seed, at the tiny scale, and wants the same evidence to the
// digit: the summary, every check's detail and every table's rows but for its rate
// columns (a head ending in "/s": the machine's speed). A figure that
// changes between the two runs is either a defect of the seeding or belongs in
// checklist.Varies with its reason.
func TestLabSeededItemsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("lab checklist skipped in -short mode")
	}
	var only []int
	for _, it := range checklist.Items() {
		if checklist.Varies[it.ID] == "" {
			only = append(only, it.ID)
		}
	}
	runOnce := func() map[int]string {
		out := t.TempDir()
		sum, err := checklist.RunAll(checklist.AllOptions{Egm: testEgm, Out: out, Scale: checklist.TinyScale(), Seed: 7, Only: only, Vectors: checklist.DefaultVectors(), Command: "test"})
		if err != nil {
			t.Fatal(err)
		}
		ev := map[int]string{}
		for _, it := range sum.Items {
			b, err := os.ReadFile(filepath.Join(out, "items", fmt.Sprintf("%02d.json", it.ID)))
			if err != nil {
				t.Fatal(err)
			}
			var r checklist.ItemResult
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatal(err)
			}
			if r.Verdict != checklist.Pass {
				t.Errorf("item %d %s: %s: %s", r.ID, r.Key, r.Verdict, r.Summary)
			}
			for _, tb := range r.Tables {
				for c, h := range tb.Head {
					if strings.HasSuffix(h, "/s") {
						for _, row := range tb.Rows {
							if c < len(row) {
								row[c] = "(rate)"
							}
						}
					}
				}
			}
			e, _ := json.MarshalIndent(struct {
				Summary string
				Checks  []checklist.Check
				Tables  []checklist.Table
			}{r.Summary, r.Checks, r.Tables}, "", " ")
			ev[r.ID] = string(e)
		}
		return ev
	}
	a, b := runOnce(), runOnce()
	if len(a) != len(only) {
		t.Fatalf("%d items decided, want %d", len(a), len(only))
	}
	for _, id := range only {
		if a[id] != b[id] {
			t.Errorf("item %d differs between two runs with seed 7:\n%s\n---\n%s", id, a[id], b[id])
		}
	}
}
