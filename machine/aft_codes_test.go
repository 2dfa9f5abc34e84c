package machine

import (
	"encoding/json"
	"testing"
	"time"

	"egm/machine/aft"
	"egm/machine/settings"
	"egm/meters"
	"egm/sas"
)

// TestTakeCodeFaults: takeCode names each refusal by its fault kind, the
// machine's history telling a replayed id (aft's tests: the idle cash-out).
func TestTakeCodeFaults(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	used := r.code(aft.CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, used.ID, 1_000); rep.Status != sas.AFTStatusFull {
		t.Fatalf("cash-in: %+v", rep)
	}
	c := r.code(aft.CodeCashIn)
	now := r.clock.Now()
	asset := r.cfg.AssetNumber
	for _, tc := range []struct {
		name  string
		id    string
		kind  aft.CodeKind
		asset uint32
		at    time.Time
		want  aft.Fault
	}{
		{"wrong kind", c.ID, aft.CodeCashOut, asset, now, aft.FaultWrongKind},
		{"foreign", c.ID, aft.CodeCashIn, asset + 1, now, aft.FaultForeign},
		{"expired", c.ID, aft.CodeCashIn, asset, c.Expiry, aft.FaultExpired},
		{"replayed", used.ID, aft.CodeCashIn, asset, now, aft.FaultReplayed},
		{"unknown", "ZZZZZZZZZZZZZZZZZZZZ", aft.CodeCashIn, asset, now, aft.FaultUnknown},
		{"taken", c.ID, aft.CodeCashIn, asset, now, aft.FaultNone},
	} {
		var fault aft.Fault
		var why string
		var left int
		r.m.aftCall(func() {
			s := r.m.aft.s.Clone()
			fault, why = r.m.takeCode(&s, tc.id, tc.kind, tc.asset, tc.at)
			left = len(s.Codes)
		})
		if fault != tc.want || (fault == aft.FaultNone) != (why == "") {
			t.Errorf("%s: fault %d (%q), want %d", tc.name, fault, why, tc.want)
		}
		if want := 1; fault == aft.FaultNone {
			if left != want-1 {
				t.Errorf("%s: %d codes left after taking one", tc.name, left)
			}
		} else if left != want {
			t.Errorf("%s: %d codes left after a refusal", tc.name, left)
		}
	}
}

// TestAFTOldRecordLoads: a last-transfer record stored with the "code" field of
// earlier versions still loads after a restart.
func TestAFTOldRecordLoads(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	c := r.code(aft.CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 2_500); rep.Status != sas.AFTStatusFull {
		t.Fatalf("cash-in: %+v", rep)
	}
	var err error
	r.m.aftCall(func() {
		err = r.m.update(func(tx *meters.Tx) error {
			raw, _ := tx.Value(aft.Key)
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
			return tx.SetValue(aft.Key, b)
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
