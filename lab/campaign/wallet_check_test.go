package campaign

import (
	"strings"
	"testing"

	"egm/floor/desk"
)

// TestCheckWalletBooks: balanced books pass; each way the money can go wrong after
// a fault is reported.
func TestCheckWalletBooks(t *testing.T) {
	good := desk.Reconciliation{Funded: 200_000, Wallets: 150_000, OnMachines: 50_000, Credits: 50_000, OK: true}
	if vs := checkWalletBooks(good); len(vs) != 0 {
		t.Fatalf("good books: %v", vs)
	}
	for _, tc := range []struct {
		name string
		bad  func(r *desk.Reconciliation)
		want string
	}{
		{"the floor's own checks failed", func(r *desk.Reconciliation) { r.OK, r.Problems = false, []string{"asset 1: meters say in 10"} }, "not reconciled: [asset 1: meters say in 10]"},
		{"a transfer left pending", func(r *desk.Reconciliation) { r.Pending = 1 }, "1 transfers pending after recovery"},
		{"a cent made", func(r *desk.Reconciliation) { r.Credits++ }, "wallets 150000 + machine 50001 != funded 200000"},
		{"a cent lost", func(r *desk.Reconciliation) { r.Wallets-- }, "wallets 149999 + machine 50000 != funded 200000"},
	} {
		r := good
		tc.bad(&r)
		if got := strings.Join(checkWalletBooks(r), "\n"); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestTallyJournal(t *testing.T) {
	j := []desk.Transfer{
		{State: desk.StateCommitted, Dir: desk.DirIn}, {State: desk.StateCommitted, Dir: desk.DirIn},
		{State: desk.StateCommitted, Dir: desk.DirOut}, {State: desk.StateRefused, Dir: desk.DirIn},
		{State: desk.StatePending, Dir: desk.DirOut},
	}
	if in, out, refused := tallyJournal(j); in != 2 || out != 1 || refused != 1 {
		t.Fatalf("%d in, %d out, %d refused", in, out, refused)
	}
}

func TestParseAFTDone(t *testing.T) {
	for _, tc := range []struct {
		line  string
		id    string
		typ   byte
		cents uint64
		ok    bool
	}{
		{"done ABC123 00 1500", "ABC123", 0x00, 1500, true},
		{"done H1 80 7", "H1", 0x80, 7, true},
		{"done ABC 00", "", 0, 0, false},
		{"done ABC ZZ 1", "", 0, 0, false},
		{"done ABC 00 -1", "", 0, 0, false},
		{"panic: boom", "", 0, 0, false},
	} {
		id, typ, cents, err := parseAFTDone(tc.line)
		if (err == nil) != tc.ok || id != tc.id || typ != tc.typ || cents != tc.cents {
			t.Errorf("%q: %q %02X %d %v", tc.line, id, typ, cents, err)
		}
	}
}
