package aft

import (
	"encoding/json"
	"testing"
	"time"

	"egm/sas"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// TestTakeCode: each refusal is named by its fault and leaves the codes as they
// were; a taken code is gone.
func TestTakeCode(t *testing.T) {
	live := Code{ID: "LIVE", Kind: CodeCashIn, Asset: 7, Expiry: t0.Add(time.Minute)}
	for _, tc := range []struct {
		name  string
		id    string
		kind  CodeKind
		asset uint32
		at    time.Time
		used  bool
		want  Fault
	}{
		{"wrong kind", "LIVE", CodeCashOut, 7, t0, false, FaultWrongKind},
		{"foreign", "LIVE", CodeCashIn, 8, t0, false, FaultForeign},
		{"expired", "LIVE", CodeCashIn, 7, live.Expiry, false, FaultExpired},
		{"replayed", "OLD", CodeCashIn, 7, t0, true, FaultReplayed},
		{"unknown", "NONE", CodeCashIn, 7, t0, false, FaultUnknown},
		{"taken", "LIVE", CodeCashIn, 7, t0, false, FaultNone},
	} {
		s := State{Codes: []Code{live}}
		f, why := s.TakeCode(tc.id, tc.kind, tc.asset, tc.at, tc.used)
		if f != tc.want || (f == FaultNone) != (why == "") {
			t.Errorf("%s: fault %d (%q), want %d", tc.name, f, why, tc.want)
		}
		if left, want := len(s.Codes), map[bool]int{true: 0, false: 1}[f == FaultNone]; left != want {
			t.Errorf("%s: %d codes left, want %d", tc.name, left, want)
		}
	}
}

// TestHostIdleCashout: only an unknown id lets the host take an idle cash-out
// with an id of its own, and only the machine's idle code is consumed.
func TestHostIdleCashout(t *testing.T) {
	idle := State{Codes: []Code{{ID: "IDLE", Kind: CodeCashOut, Idle: true, Expiry: t0.Add(time.Minute)}}}
	for _, f := range []Fault{FaultWrongKind, FaultForeign, FaultExpired, FaultReplayed, FaultUnknown} {
		s := idle.Clone()
		if got := s.HostIdleCashout(f, t0); got != (f == FaultUnknown) || len(s.Codes) != map[bool]int{true: 0, false: 1}[got] {
			t.Errorf("HostIdleCashout(fault %d) = %v with %d codes left", f, got, len(s.Codes))
		}
	}
	player := State{Codes: []Code{{ID: "PLAYER", Kind: CodeCashOut, Expiry: t0.Add(time.Minute)}}}
	if player.HostIdleCashout(FaultUnknown, t0) || len(player.Codes) != 1 {
		t.Error("the host took a player's cash-out with an id of its own")
	}
}

// TestPruneCodes: expired codes go first, then the oldest cash-in codes; a live
// cash-out code stays even over the bound.
func TestPruneCodes(t *testing.T) {
	exp := func(id string, k CodeKind, d time.Duration) Code { return Code{ID: id, Kind: k, Expiry: t0.Add(d)} }
	codes := []Code{exp("gone", CodeCashIn, -time.Second), exp("out", CodeCashOut, time.Minute),
		exp("in1", CodeCashIn, time.Minute), exp("in2", CodeCashIn, time.Minute)}
	ids := func(cs []Code) (s string) {
		for _, c := range cs {
			s += c.ID + " "
		}
		return s
	}
	for _, tc := range []struct {
		keep int
		want string
	}{{4, "out in1 in2 "}, {2, "out in2 "}, {0, "out "}} {
		if got := ids(PruneCodes(append([]Code(nil), codes...), t0, tc.keep)); got != tc.want {
			t.Errorf("keep %d: %q, want %q", tc.keep, got, tc.want)
		}
	}
}

// TestCodeKindText: the kinds' names round-trip and an unknown name is refused.
func TestCodeKindText(t *testing.T) {
	b, err := json.Marshal(Code{ID: "X", Kind: CodeCashOut})
	if err != nil {
		t.Fatal(err)
	}
	var c Code
	if err := json.Unmarshal(b, &c); err != nil || c.Kind != CodeCashOut {
		t.Fatalf("%s: %+v, %v", b, c, err)
	}
	var k CodeKind
	if k.UnmarshalText([]byte("cash_sideways")) == nil {
		t.Fatal("an unknown kind was read")
	}
}

// TestHistoryPos: indexes 01–7F name positions, 81–FF count back from the
// newest, within the entries held.
func TestHistoryPos(t *testing.T) {
	s := State{NextPos: 3, Count: 5} // five entries held, the newest at position 2
	for _, tc := range []struct {
		idx byte
		pos byte
		ok  bool
	}{{0, 0, false}, {0x80, 0, false}, {0x05, 5, true}, {0x7F, 127, true},
		{0xFF, 2, true}, {0xFE, 1, true}, {0xFD, 127, true}, {0xFB, 125, true}, {0xFA, 0, false}} {
		if pos, ok := s.HistoryPos(tc.idx); pos != tc.pos || ok != tc.ok {
			t.Errorf("index %02X: %d %v, want %d %v", tc.idx, pos, ok, tc.pos, tc.ok)
		}
	}
}

// TestCheckTerms: the terms refused before the machine looks at its own state,
// in the order the host's faults are reported.
func TestCheckTerms(t *testing.T) {
	key := [sas.AFTKeyLen]byte{1}
	reg := State{Reg: &Reg{Status: sas.AFTRegStatusRegistered, Asset: 7, Key: key}}
	ok := sas.AFTTransfer{Type: sas.AFTInHouseToMachine, Cashable: 500, Asset: 7, Key: key, ID: "A"}
	for _, tc := range []struct {
		name string
		s    State
		edit func(*sas.AFTTransfer)
		used bool
		want sas.AFTStatus
	}{
		{"accepted", reg, func(*sas.AFTTransfer) {}, false, sas.AFTStatusPending},
		{"not registered", State{}, func(*sas.AFTTransfer) {}, false, sas.AFTStatusNotRegistered},
		{"wrong key", reg, func(r *sas.AFTTransfer) { r.Key[0] = 2 }, false, sas.AFTStatusWrongKey},
		{"foreign", reg, func(r *sas.AFTTransfer) { r.Asset = 8 }, false, sas.AFTStatusAssetMismatch},
		{"type", reg, func(r *sas.AFTTransfer) { r.Type = 0x10 }, false, sas.AFTStatusBadFunction},
		{"restricted", reg, func(r *sas.AFTTransfer) { r.Restricted = 1 }, false, sas.AFTStatusBadAmount},
		{"replayed", reg, func(*sas.AFTTransfer) {}, true, sas.AFTStatusBadID},
		{"zero", reg, func(r *sas.AFTTransfer) { r.Cashable = 0 }, false, sas.AFTStatusBadAmount},
		{"over the limit", reg, func(r *sas.AFTTransfer) { r.Cashable = 1_001 }, false, sas.AFTStatusOverLimit},
	} {
		req := ok
		tc.edit(&req)
		if st, why := tc.s.CheckTerms(req, 7, 1_000, tc.used); st != tc.want || (st == sas.AFTStatusPending) != (why == "") {
			t.Errorf("%s: %v (%q), want %v", tc.name, st, why, tc.want)
		}
	}
}
