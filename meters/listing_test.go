package meters

import (
	"bytes"
	"strings"
	"testing"
)

// The listings tell a broken chain and an invariant that does not hold, and show
// the game in progress.
func TestListings(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	for i := uint64(1); i <= 9; i++ {
		if err := st.Update(func(tx *Tx) error { return crashCommit(tx, i) }); err != nil {
			t.Fatal(err)
		}
	}
	var ml MetersListing
	var rl RecallListing
	var el EventsListing
	st.View(func(v *Snapshot) { ml, rl, el = v.MetersListing(), v.RecallListing(), v.EventsListing() })
	var b bytes.Buffer
	ml.Print(&b)
	rl.Print(&b)
	el.Print(&b)
	for _, want := range []string{"credits invariant: holds", "game 9 in progress", "in progress: game 9", "2 games (newest first", "hash chain: holds"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("listing lacks %q:\n%s", want, b.String())
		}
	}
	if !el.ChainOK || len(el.Events) == 0 {
		t.Fatalf("events %+v", el)
	}
	el.Events[0].Detail = "forged"
	st.View(func(v *Snapshot) {}) // the store is untouched by a listing's copy
	bad := EventsListing{Anchor: el.Anchor, Events: el.Events}
	if err := VerifyChain(bad.Anchor, bad.Events); err == nil {
		t.Fatal("a forged event verifies")
	}
	ml.Meters[CurrentCredits]++
	b.Reset()
	ml.Print(&b)
	if !strings.Contains(b.String(), "credits invariant: BROKEN") {
		t.Errorf("a broken invariant printed as:\n%s", b.String())
	}
}
