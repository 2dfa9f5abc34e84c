package machine

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"egm/machine/aft"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/sas"
	"egm/wallet"
)

var aftTestKey = [sas.AFTKeyLen]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}

func (r *rig) register() {
	r.t.Helper()
	rep := r.m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: r.cfg.AssetNumber, Key: aftTestKey, POSID: 42})
	if rep.Code != sas.AFTRegStatusRegistered {
		r.t.Fatalf("registration status %02X", rep.Code)
	}
}

func (r *rig) code(kind aft.CodeKind) aft.Code {
	r.t.Helper()
	c, err := r.m.IssueCode(kind)
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

func (r *rig) xfer(typ byte, id string, cents uint64) sas.AFTTransferReply {
	r.t.Helper()
	rep := r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTFullOnly, Type: typ, Cashable: cents, Asset: r.cfg.AssetNumber, Key: aftTestKey, ID: id})
	r.checkInvariant()
	return rep
}

func (r *rig) interrogate(code, index byte) sas.AFTTransferReply {
	return r.m.AFTTransfer(sas.AFTTransfer{Code: code, Index: index})
}

func (r *rig) lastEvent(kind meters.EventKind) string {
	ev := r.events()
	for i := len(ev) - 1; i >= 0; i-- {
		if ev[i].Kind == kind {
			return ev[i].Detail
		}
	}
	return ""
}

func (r *rig) counter(name string) int64 {
	var v int64
	r.m.View(func(s *meters.Snapshot) { v = s.Counters()[name] })
	return v
}

func TestAFTCashIn(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	c := r.code(aft.CodeCashIn)
	if len(c.ID) != aft.CodeLen || c.Kind != aft.CodeCashIn || c.Asset != r.cfg.AssetNumber ||
		c.Expiry != r.clock.Now().Add(5*time.Minute) {
		t.Fatalf("code %+v", c)
	}
	if live := r.m.LiveCodes(); len(live) != 1 || live[0] != c {
		t.Fatalf("live codes %+v", live)
	}
	rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 10_000)
	if rep.Status != sas.AFTStatusFull || rep.Position != 1 || rep.Cashable != 10_000 || rep.CumCashable != 10_000 || rep.Time.IsZero() {
		t.Fatalf("reply %+v", rep)
	}
	if s := r.m.Status(); s.CreditsCents != 10_000 {
		t.Fatalf("credits %d", s.CreditsCents)
	}
	if r.meters().Get(meters.WalletIn) != 10_000 || r.counter(aft.CounterCashableIn) != 10_000 || r.counter(aft.CounterTransfersIn) != 1 {
		t.Fatal("meters not moved by the transfer")
	}
	if len(r.m.LiveCodes()) != 0 {
		t.Fatal("the code was not consumed")
	}
	if !strings.Contains(r.lastEvent(aft.EvTransfer), c.ID) {
		t.Fatal("no aft_transfer event")
	}
	// The identical resend: its status, no second credit.
	if again := r.xfer(sas.AFTInHouseToMachine, c.ID, 10_000); again.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 10_000 {
		t.Fatalf("resend %+v, credits %d", again, r.m.Status().CreditsCents)
	}
	// A new transfer before the host acknowledged the last: C0.
	c2 := r.code(aft.CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, c2.ID, 500); rep.Status != sas.AFTStatusNotCompatible {
		t.Fatalf("before the acknowledgement: %v", rep.Status)
	}
	// FE reports without acknowledging; FF acknowledges.
	if q := r.interrogate(sas.AFTInterrogateStatusOnly, 0); q.Status != sas.AFTStatusFull || q.ID != c.ID {
		t.Fatalf("FE %+v", q)
	}
	if rep := r.xfer(sas.AFTInHouseToMachine, c2.ID, 500); rep.Status != sas.AFTStatusNotCompatible {
		t.Fatalf("after FE: %v", rep.Status)
	}
	r.interrogate(sas.AFTInterrogate, 0)
	// The same id with another amount: 81.
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 700); rep.Status != sas.AFTStatusIDNotUnique {
		t.Fatalf("reused id: %v", rep.Status)
	}
	if rep := r.xfer(sas.AFTInHouseToMachine, c2.ID, 500); rep.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 10_500 {
		t.Fatalf("second transfer %+v", rep)
	}
	r.interrogate(sas.AFTInterrogate, 0)
	// The first transfer resent, now in the history only: answered from there,
	// nothing moves; its code with another amount: replayed.
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 10_000); rep.Status != sas.AFTStatusFull || rep.Position != 1 ||
		r.m.Status().CreditsCents != 10_500 {
		t.Fatalf("resent transfer: %+v", rep)
	}
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 9_000); rep.Status != sas.AFTStatusBadID ||
		!strings.Contains(r.lastEvent(aft.EvRefused), "replayed") {
		t.Fatalf("replayed code: %v %q", rep.Status, r.lastEvent(aft.EvRefused))
	}
	// History: absolute 1 and 2, relative FF (newest) and FE.
	for _, tc := range []struct {
		idx byte
		id  string
	}{{1, c.ID}, {2, c2.ID}, {0xFF, c2.ID}, {0xFE, c.ID}} {
		if h := r.interrogate(sas.AFTInterrogateStatusOnly, tc.idx); h.ID != tc.id || h.Status != sas.AFTStatusFull {
			t.Errorf("history %02X: %+v", tc.idx, h)
		}
	}
	if h := r.interrogate(sas.AFTInterrogateStatusOnly, 0xFD); h.Status != sas.AFTStatusNoInfo {
		t.Errorf("history FD: %+v", h)
	}
	// Everything survives a power cut.
	r.restart()
	if q := r.interrogate(sas.AFTInterrogateStatusOnly, 0); q.ID != c.ID || q.Status != sas.AFTStatusBadID {
		t.Fatalf("after restart the last is %+v", q)
	}
	if h := r.interrogate(sas.AFTInterrogateStatusOnly, 0xFF); h.ID != c2.ID {
		t.Fatalf("after restart history FF %+v", h)
	}
	if s := r.m.Status(); s.CreditsCents != 10_500 {
		t.Fatalf("after restart credits %d", s.CreditsCents)
	}
}

func TestAFTRefusals(t *testing.T) {
	other := aftTestKey
	other[0] = 99
	tests := []struct {
		name  string
		setup func(r *rig) sas.AFTTransfer
		want  sas.AFTStatus
		why   string
	}{
		{"not registered", func(r *rig) sas.AFTTransfer {
			r.m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegUnregister})
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: aftTestKey, ID: "X1"}
		}, sas.AFTStatusNotRegistered, "not registered"},
		{"wrong key", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: other, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusWrongKey, "key"},
		{"foreign asset", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 77, Key: aftTestKey, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusAssetMismatch, "foreign"},
		{"unknown code", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: aftTestKey, ID: "NOSUCHCODE0000000000"}
		}, sas.AFTStatusBadID, "unknown"},
		{"expired code", func(r *rig) sas.AFTTransfer {
			id := r.code(aft.CodeCashIn).ID
			r.clock.Add(5*time.Minute + time.Second)
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: aftTestKey, ID: id}
		}, sas.AFTStatusBadID, "expired"},
		{"cash-out code for a deposit", func(r *rig) sas.AFTTransfer {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 300})
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashOut).ID}
		}, sas.AFTStatusUnableNow, "cash-out waits"},
		{"bonus type", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: sas.AFTBonusCoinOut, Cashable: 100, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusBadFunction, "not supported"},
		{"restricted credits", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: 0, Restricted: 100, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusBadAmount, "restricted"},
		{"over the limit", func(r *rig) sas.AFTTransfer {
			return sas.AFTTransfer{Type: 0, Cashable: 1_000_001, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusOverLimit, "limit"},
		{"door open", func(r *rig) sas.AFTTransfer {
			id := r.code(aft.CodeCashIn).ID
			r.must(Input{Kind: InDoorOpen})
			return sas.AFTTransfer{Type: 0, Cashable: 100, Asset: 1, Key: aftTestKey, ID: id}
		}, sas.AFTStatusUnableNow, "door_open"},
		{"cash-out of less than the balance", func(r *rig) sas.AFTTransfer {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 300})
			return sas.AFTTransfer{Type: sas.AFTInHouseToHost, Cashable: 100, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashOut).ID}
		}, sas.AFTStatusBadAmount, "whole balance"},
		{"cash-out without its code", func(r *rig) sas.AFTTransfer {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 300})
			return sas.AFTTransfer{Type: sas.AFTInHouseToHost, Cashable: 300, Asset: 1, Key: aftTestKey, ID: r.code(aft.CodeCashIn).ID}
		}, sas.AFTStatusBadID, "wrong kind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 1)
			r.register()
			req := tc.setup(r)
			before := r.m.Status().CreditsCents
			rep := r.m.AFTTransfer(req)
			if rep.Status != tc.want {
				t.Fatalf("status %v, want %v", rep.Status, tc.want)
			}
			if ev := r.lastEvent(aft.EvRefused); !strings.Contains(ev, tc.why) {
				t.Fatalf("aft_refused event %q does not say %q", ev, tc.why)
			}
			if r.m.Status().CreditsCents != before {
				t.Fatal("credits moved")
			}
			// The refusal is what interrogation reports, and an identical resend too.
			if q := r.interrogate(sas.AFTInterrogate, 0); q.Status != tc.want || q.ID != req.ID {
				t.Fatalf("interrogation %+v", q)
			}
			if again := r.m.AFTTransfer(req); again.Status != tc.want {
				t.Fatalf("resend %v", again.Status)
			}
		})
	}
}

func TestAFTAMLHold(t *testing.T) {
	for _, approve := range []bool{true, false} {
		r := newRig(t, settings.DefaultConfig(), 1)
		r.register()
		c := r.code(aft.CodeCashIn)
		rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 200_000)
		if rep.Status != sas.AFTStatusPending || r.m.Status().CreditsCents != 0 || !r.hasEvent(aft.EvHeld) {
			t.Fatalf("held deposit: %+v credits %d", rep, r.m.Status().CreditsCents)
		}
		if q := r.interrogate(sas.AFTInterrogate, 0); q.Status != sas.AFTStatusPending {
			t.Fatalf("interrogation of a held deposit %v", q.Status)
		}
		if rep := r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 100); rep.Status != sas.AFTStatusNotCompatible {
			t.Fatalf("a transfer during the hold: %v", rep.Status)
		}
		r.restart() // the hold survives a power cut, and is not completed by it
		if id, cents, ok := r.m.AFTHeld(); !ok || id != c.ID || cents != 200_000 {
			t.Fatalf("after restart held %q %d %v", id, cents, ok)
		}
		if err := r.m.AFTApprove(c.ID, approve, ""); !errors.Is(err, ErrRefused) {
			t.Fatal("an approval without a name was taken")
		}
		if s := r.m.Status(); s.AFTHeldCents != 200_000 {
			t.Fatalf("status of a held deposit %+v", s)
		}
		if err := r.m.AFTApprove(c.ID, approve, "attendant 3"); err != nil {
			t.Fatal(err)
		}
		q := r.interrogate(sas.AFTInterrogate, 0)
		if approve {
			if q.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 200_000 || !strings.Contains(r.lastEvent(meters.EvAMLFlag), "attendant 3") {
				t.Fatalf("approved: %+v credits %d", q, r.m.Status().CreditsCents)
			}
		} else if q.Status != sas.AFTStatusUnableNow || r.m.Status().CreditsCents != 0 || !r.hasEvent(aft.EvCancelled) {
			t.Fatalf("declined: %+v credits %d", q, r.m.Status().CreditsCents)
		}
		r.checkInvariant()
	}
	// The attendant key approves a held deposit too.
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 250_000)
	r.must(Input{Kind: InAttendantKey})
	if s := r.m.Status(); s.CreditsCents != 250_000 || s.AFTHeldCents != 0 || !strings.Contains(r.lastEvent(meters.EvAMLFlag), "attendant key") {
		t.Fatalf("after the attendant key: %+v", s)
	}
}

func TestAFTCashout(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 5_000)
	r.interrogate(sas.AFTInterrogate, 0)
	r.must(Input{Kind: InCashout})
	var co *aft.Code
	for _, c := range r.m.LiveCodes() {
		if c.Kind == aft.CodeCashOut {
			co = &c
		}
	}
	if co == nil || co.Cents != 5_000 || !strings.Contains(r.lastEvent(aft.EvCashoutRequest), co.ID) {
		t.Fatalf("cash-out code %+v", co)
	}
	if s := r.m.Status(); s.AFTCashout == nil || s.AFTCashout.ID != co.ID || s.State != Idle {
		t.Fatalf("status while the cash-out waits: %+v", s)
	}
	r.must(Input{Kind: InCashout}) // again: nothing new
	if n := len(r.m.LiveCodes()); n != 1 {
		t.Fatalf("%d live codes after a second cash-out", n)
	}
	if err := r.do(Input{Kind: InSpin}); !errors.Is(err, ErrRefused) {
		t.Fatal("a spin was accepted while the cash-out waits")
	}
	if s := r.m.Status(); s.CreditsCents != 5_000 {
		t.Fatal("credits went down before the transfer")
	}
	rep := r.xfer(sas.AFTInHouseToHost, co.ID, 5_000)
	if rep.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 0 || r.m.Status().AFTCashout != nil || r.meters().Get(meters.WalletOut) != 5_000 ||
		r.counter(aft.CounterCashableOut) != 5_000 || rep.CumCashable != 5_000 {
		t.Fatalf("cash-out %+v credits %d", rep, r.m.Status().CreditsCents)
	}
	if r.m.Status().Wallet != "" {
		t.Fatal("the balance's owner stayed after the cash-out")
	}
	// Idle cash-out (R-CASH-6) in AFT mode issues a code too.
	r.interrogate(sas.AFTInterrogate, 0)
	r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 700)
	r.interrogate(sas.AFTInterrogate, 0)
	r.clock.Add(16 * time.Minute)
	r.must(Input{Kind: InTick})
	if !strings.Contains(r.lastEvent(aft.EvCashoutRequest), "idle") {
		t.Fatal("no idle cash-out code")
	}
}

func TestAFTLock(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
	st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeLock, Condition: sas.AFTCondToMachine, Timeout: 1000})
	if st.LockStatus != sas.AFTLocked || st.Cashable != 10_000 || st.Available&sas.AFTCondFromMachine == 0 ||
		st.Status&sas.AFTStRegistered == 0 || st.Asset != 1 || st.MaxIndex != 127 {
		t.Fatalf("lock status %+v", st)
	}
	if err := r.do(Input{Kind: InSpin}); !errors.Is(err, ErrRefused) || !r.m.Status().AFTLocked {
		t.Fatal("a spin was accepted while locked")
	}
	r.clock.Add(10 * time.Second)
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.LockStatus != sas.AFTNotLocked {
		t.Fatalf("after the timeout: %02X", st.LockStatus)
	}
	// A lock that lapsed unseen does not stand in the way of the next.
	r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeLock, Timeout: 100})
	r.clock.Add(2 * time.Second)
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeLock, Timeout: 100}); st.LockStatus != sas.AFTLocked {
		t.Fatalf("a new lock after one lapsed: %02X", st.LockStatus)
	}
	r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeCancel})
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.LockStatus != sas.AFTNotLocked {
		t.Fatal("cancel left the lock")
	}
	r.must(Input{Kind: InSpin})
	// A lock asked for during a game is pending; it takes hold when the game ends.
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeLock, Timeout: 3000}); st.LockStatus != sas.AFTLockPending {
		t.Fatalf("during a game: %02X", st.LockStatus)
	}
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		r.must(Input{Kind: InTakeWin})
	}
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.LockStatus != sas.AFTLocked || !r.hasEvent(aft.EvLocked) {
		t.Fatalf("after the game: %02X", st.LockStatus)
	}
	// A completed transfer releases the lock.
	r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 100)
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.LockStatus != sas.AFTNotLocked {
		t.Fatal("the lock stayed after the transfer")
	}
}

// TestAFTJournal: a transfer journaled (pending) but not committed when the power
// went is completed at the next boot, once.
func TestAFTJournal(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	c := r.code(aft.CodeCashIn)
	// Stop right after the journal commit: the record as the first commit leaves it.
	s := r.m.aft.s.Clone()
	s.Codes = nil
	s.Last = &aft.Record{Status: byte(sas.AFTStatusPending), Type: 0, Cents: 2_500, Asset: 1, ID: c.ID}
	r.m.mu.Lock()
	if err := r.m.aftCommit(s, nil, nil); err != nil {
		t.Fatal(err)
	}
	r.m.mu.Unlock()
	r.restart()
	if q := r.interrogate(sas.AFTInterrogate, 0); q.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 2_500 {
		t.Fatalf("after the boot: %+v credits %d", q, r.m.Status().CreditsCents)
	}
	r.restart()
	if r.m.Status().CreditsCents != 2_500 {
		t.Fatal("completed twice")
	}
}

func TestAFTHistoryWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("130 transfers")
	}
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	var ids []string
	for range 130 {
		c := r.code(aft.CodeCashIn)
		if rep := r.xfer(0, c.ID, 1); rep.Status != sas.AFTStatusFull {
			t.Fatal(rep.Status)
		}
		r.interrogate(sas.AFTInterrogate, 0)
		ids = append(ids, c.ID)
	}
	// 130 transfers: positions 1..127 then 1, 2, 3 again.
	for _, tc := range []struct {
		idx byte
		id  string
	}{{3, ids[129]}, {4, ids[3]}, {0xFF, ids[129]}, {0x81, ids[3]}, {127, ids[126]}} {
		if h := r.interrogate(sas.AFTInterrogateStatusOnly, tc.idx); h.ID != tc.id {
			t.Errorf("index %02X: %q, want %q", tc.idx, h.ID, tc.id)
		}
	}
	if r.m.Status().CreditsCents != 130 || r.counter(aft.CounterTransfersIn) != 130 {
		t.Fatal("credits or counter")
	}
}

func TestCodesBounded(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	seen := map[string]bool{}
	for range 40 {
		c := r.code(aft.CodeCashIn)
		if seen[c.ID] || strings.Trim(c.ID, wallet.CodeAlphabet) != "" {
			t.Fatalf("code %q repeated or outside the alphabet", c.ID)
		}
		seen[c.ID] = true
	}
	if n := len(r.m.LiveCodes()); n != settings.DefaultAFTConfig.MaxLiveCodes {
		t.Fatalf("%d live codes", n)
	}
	r.restart()
	if n := len(r.m.LiveCodes()); n != settings.DefaultAFTConfig.MaxLiveCodes {
		t.Fatalf("%d live codes after restart", n)
	}
}

// TestAFTFullDisk: a disk that fills before the journal commit refuses the transfer
// and loses the code to nothing; one that fills between the journal and the money
// commit leaves the transfer pending, and the attendant key's reopen completes it —
// once.
func TestAFTFullDisk(t *testing.T) {
	for _, between := range []bool{false, true} {
		full := new(atomic.Bool)
		r := newRig(t, settings.DefaultConfig(), 21)
		r.opts.Store.FS = machinetest.FullFS{Full: full}
		if between {
			r.opts.AfterAFTJournal = func() { full.Store(true) }
		}
		r.restart()
		r.register()
		c := r.code(aft.CodeCashIn)
		if !between {
			full.Store(true)
		}
		rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 3_000)
		if rep.Status.OK() || r.m.Status().State != Tilt {
			t.Fatalf("between %v: %+v, state %s", between, rep, r.m.Status().State)
		}
		if q := r.interrogate(sas.AFTInterrogate, 0); q.Status.OK() {
			t.Fatalf("between %v: interrogation in the tilt %+v", between, q)
		}
		full.Store(false)
		r.must(Input{Kind: InAttendantKey})
		if between {
			if q := r.interrogate(sas.AFTInterrogate, 0); q.Status != sas.AFTStatusFull || q.ID != c.ID {
				t.Fatalf("after the reopen: %+v", q)
			}
		} else if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 3_000); rep.Status != sas.AFTStatusFull {
			t.Fatalf("the code after the reopen: %+v", rep)
		}
		if c := r.m.Status().CreditsCents; c != 3_000 {
			t.Fatalf("between %v: credits %d", between, c)
		}
	}
}
