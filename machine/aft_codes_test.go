package machine

import (
	"encoding/json"
	"testing"
	"time"

	"egm/meters"
	"egm/sas"
)

// TestTakeCodeFaults: takeCode names each refusal by its fault kind, and only an
// unknown id lets the host take an idle cash-out with an id of its own.
func TestTakeCodeFaults(t *testing.T) {
	r := newRig(t, DefaultConfig(), 1)
	r.register()
	used := r.code(CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, used.ID, 1_000); rep.Status != sas.AFTStatusFull {
		t.Fatalf("cash-in: %+v", rep)
	}
	c := r.code(CodeCashIn)
	now := r.clock.Now()
	asset := r.cfg.AssetNumber
	for _, tc := range []struct {
		name  string
		id    string
		kind  CodeKind
		asset uint32
		at    time.Time
		want  codeFault
	}{
		{"wrong kind", c.ID, CodeCashOut, asset, now, codeWrongKind},
		{"foreign", c.ID, CodeCashIn, asset + 1, now, codeForeign},
		{"expired", c.ID, CodeCashIn, asset, c.Expiry, codeExpired},
		{"replayed", used.ID, CodeCashIn, asset, now, codeReplayed},
		{"unknown", "ZZZZZZZZZZZZZZZZZZZZ", CodeCashIn, asset, now, codeUnknown},
		{"taken", c.ID, CodeCashIn, asset, now, codeOK},
	} {
		var fault codeFault
		var why string
		var left int
		r.m.aftCall(func() {
			s := r.m.aft.s.clone()
			fault, why = r.m.takeCode(&s, tc.id, tc.kind, tc.asset, tc.at)
			left = len(s.Codes)
		})
		if fault != tc.want || (fault == codeOK) != (why == "") {
			t.Errorf("%s: fault %d (%q), want %d", tc.name, fault, why, tc.want)
		}
		if want := 1; fault == codeOK {
			if left != want-1 {
				t.Errorf("%s: %d codes left after taking one", tc.name, left)
			}
		} else if left != want {
			t.Errorf("%s: %d codes left after a refusal", tc.name, left)
		}
	}

	idle := aftState{Codes: []Code{{ID: "IDLE", Kind: CodeCashOut, Idle: true, Expiry: now.Add(time.Minute)}}}
	for _, f := range []codeFault{codeWrongKind, codeForeign, codeExpired, codeReplayed, codeUnknown} {
		s := idle.clone()
		if got := r.m.hostIdleCashout(&s, f, now); got != (f == codeUnknown) || len(s.Codes) != map[bool]int{true: 0, false: 1}[got] {
			t.Errorf("hostIdleCashout(fault %d) = %v with %d codes left", f, got, len(s.Codes))
		}
	}
}

// TestAFTOldRecordLoads: a last-transfer record stored with the "code" field of
// earlier versions still loads after a restart.
func TestAFTOldRecordLoads(t *testing.T) {
	r := newRig(t, DefaultConfig(), 1)
	r.register()
	c := r.code(CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 2_500); rep.Status != sas.AFTStatusFull {
		t.Fatalf("cash-in: %+v", rep)
	}
	var err error
	r.m.aftCall(func() {
		err = r.m.update(func(tx *meters.Tx) error {
			raw, _ := tx.Value(aftKey)
			var v map[string]json.RawMessage
			if err := json.Unmarshal(raw, &v); err != nil {
				return err
			}
			var last map[string]json.RawMessage
			if err := json.Unmarshal(v["last"], &last); err != nil {
				return err
			}
			last["code"], _ = json.Marshal(c)
			v["last"], _ = json.Marshal(last)
			b, _ := json.Marshal(v)
			return tx.SetValue(aftKey, b)
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	r.restart()
	if !r.m.AFTRegistered() {
		t.Fatal("registration lost after loading an old record")
	}
	if rep := r.interrogate(sas.AFTInterrogate, 0); rep.Status != sas.AFTStatusFull || rep.ID != c.ID || rep.Cashable != 2_500 {
		t.Fatalf("last transfer after restart: %+v", rep)
	}
	r.xfer(sas.AFTInHouseToMachine, c.ID, 2_500) // a resend: answered from the history
	if s := r.m.Status(); s.CreditsCents != 2_500 {
		t.Fatalf("credits %d after restart, want 2500 (the resend moved nothing)", s.CreditsCents)
	}
}
