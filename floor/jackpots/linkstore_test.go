package jackpots

import (
	"path/filepath"
	"testing"

	"egm/floor"
	"egm/floor/pgtest"
)

// backends are the floor database's backends, each as the --db value of a new,
// empty database of the test's own.
var backends = []struct {
	name string
	spec func(t *testing.T) string
}{
	{"bbolt", func(t *testing.T) string { return "bbolt:" + filepath.Join(t.TempDir(), "floor.db") }},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
}

func openStore(t *testing.T, spec string) *floor.Store {
	t.Helper()
	st, err := floor.OpenDB(spec, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestBonusJournal(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { testBonusJournal(t, b.spec(t)) })
	}
}

func testBonusJournal(t *testing.T, spec string) {
	st := openStore(t, spec)
	defer st.Close()
	if ps, err := BonusPayments(st, true); err != nil || len(ps) != 0 {
		t.Fatalf("empty journal: %v %v", ps, err)
	}
	ps := []BonusPayment{{Seq: 3, Machine: 1, Cents: 900_000, State: BonusDue}, {Seq: 7, Machine: 2, Cents: 1_100_000, State: BonusDue}}
	for _, want := range []int{2, 0} { // journaling twice adds nothing
		if n, err := JournalAwards(st, ps); err != nil || n != want {
			t.Fatalf("journaled %d (%v), want %d", n, err, want)
		}
	}
	p := ps[0]
	p.State, p.MeterBefore = BonusSending, 42
	if err := PutBonus(st, p); err != nil {
		t.Fatal(err)
	}
	if got, _ := BonusPayments(st, true); len(got) != 2 || got[0] != p {
		t.Fatalf("pending %+v", got)
	}
	p.State = BonusPaid
	if err := PutBonus(st, p); err != nil {
		t.Fatal(err)
	}
	if got, _ := BonusPayments(st, true); len(got) != 1 || got[0].Seq != 7 {
		t.Fatalf("pending after one paid %+v", got)
	}
	if got, _ := BonusPayments(st, false); len(got) != 2 || got[0].State != BonusPaid {
		t.Fatalf("journal %+v", got)
	}
	// A paid payment journaled again stays paid.
	if n, _ := JournalAwards(st, ps[:1]); n != 0 {
		t.Fatal("a paid award journaled again")
	}
	for i, want := range []uint64{500, 500} { // the baseline is kept from the first time
		if v, err := Baseline(st, 1, 500+uint64(i)*99); err != nil || v != want {
			t.Fatalf("baseline %d %v", v, err)
		}
	}
	if v, ok, err := BaselineOf(st, 1); !ok || err != nil || v != 500 {
		t.Fatalf("BaselineOf %d %v %v", v, ok, err)
	}
	if _, ok, _ := BaselineOf(st, 9); ok {
		t.Fatal("a machine never linked has a baseline")
	}
}

// TestNilLinkedIsNoJackpots: a loop given a nil *Linked (no --jackpot) runs no
// jackpots' polls and fails nothing.
func TestNilLinkedIsNoJackpots(t *testing.T) {
	var l *Linked
	var j floor.Jackpots = l
	if err := j.Cycle(&floor.Poller{Addr: 1}, floor.Meters{CoinIn: 100}); err != nil {
		t.Fatal(err)
	}
}
