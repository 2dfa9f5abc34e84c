package campaign

import (
	"fmt"

	"egm/machine"
	"egm/machine/aft"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// The AFT power-fail campaign's two halves, shared by the kill test and
// `egm-lab aft-powerfail`: aftHostLoop is the lab's AFT host moving money through
// a machine until the machine is killed; AFTLedger is the host's record of what it
// saw complete, checked against the machine's critical memory (read through
// machine.View) after each restart.

// aftHostKey is the registration key of the campaign's host.
var aftHostKey = [sas.AFTKeyLen]byte{'E', 'G', 'M', '-', 'A', 'F', 'T', '-', 'L', 'A', 'B'}

// aftHostLoop registers m with aftHostKey and then, until a transfer fails, moves
// money: a cash-in of a random amount with a fresh code when the balance is 0,
// otherwise the whole balance out with the cash-out code, each acknowledged. done
// is told of every transfer the host saw complete.
func aftHostLoop(m *machine.Machine, seed uint64, done func(id string, typ byte, cents uint64)) error {
	asset := m.Config().AssetNumber
	if r := m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: asset, Key: aftHostKey, POSID: 1}); r.Code != sas.AFTRegStatusRegistered {
		return fmt.Errorf("campaign: AFT host: registration status %02X", r.Code)
	}
	amounts := rng.NewSeeded(seed) // the lab host's amounts: seeded, so a run can be repeated
	for {
		m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogate})
		req := sas.AFTTransfer{Code: sas.AFTFullOnly, Asset: asset, Key: aftHostKey}
		kind := aft.CodeCashIn
		if m.Status().CreditsCents > 0 {
			kind = aft.CodeCashOut
		}
		c, err := m.IssueCode(kind)
		if err != nil {
			return err
		}
		req.ID = c.ID
		if kind == aft.CodeCashIn {
			req.Type, req.Cashable = sas.AFTInHouseToMachine, 1+rng.Uint64n(amounts, 199_999)
		} else {
			req.Type, req.Cashable = sas.AFTInHouseToHost, uint64(c.Cents)
		}
		rep := m.AFTTransfer(req)
		if rep.Status != sas.AFTStatusFull {
			return fmt.Errorf("campaign: AFT host: transfer %s: %v", req.ID, rep.Status)
		}
		done(rep.ID, rep.Type, rep.Cashable)
	}
}

// AFTLedger is the host's record of the transfers it saw complete.
type AFTLedger struct {
	ids              map[string]int64 // id → signed cents
	In, Out          int64            // cents
	Seen, Unreported int              // transfers noted; found at a restart before being reported
}

// Note records a completed transfer (once per id).
func (l *AFTLedger) Note(id string, typ byte, cents uint64) {
	if l.ids == nil {
		l.ids = map[string]int64{}
	}
	if _, ok := l.ids[id]; ok {
		return
	}
	v := int64(cents)
	if typ == sas.AFTInHouseToHost {
		l.Out += v
		v = -v
	} else {
		l.In += v
	}
	l.ids[id] = v
	l.Seen++
}

// Check reads the restarted machine: its last transfer must be final (one
// journaled before the cut is completed at boot) and is noted if it completed;
// credits, wallet_in/out and the AFT counters must equal the ledger to the cent;
// every history entry must be a transfer the ledger has, with its amount.
func (l *AFTLedger) Check(m *machine.Machine) error {
	last := m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogateStatusOnly})
	if last.Status.Pending() {
		return fmt.Errorf("campaign: AFT host: the last transfer %s is still pending after the boot", last.ID)
	}
	if last.Status == sas.AFTStatusFull {
		if _, ok := l.ids[last.ID]; !ok {
			l.Unreported++
		}
		l.Note(last.ID, last.Type, last.Cashable)
	}
	var credits, win, wout, cin, cout int64
	var inv error
	if err := m.View(func(v *meters.Snapshot) {
		ms := v.Meters()
		credits, win, wout = ms.Get(meters.CurrentCredits), ms.Get(meters.WalletIn), ms.Get(meters.WalletOut)
		cin, cout = v.Counter(aft.CounterCashableIn), v.Counter(aft.CounterCashableOut)
		inv = ms.Invariant()
	}); err != nil {
		return fmt.Errorf("campaign: AFT host: %w", err)
	}
	if inv != nil || credits != l.In-l.Out || cin != l.In || cout != l.Out || win != l.In || wout != l.Out {
		return fmt.Errorf("campaign: AFT host: machine credits %d, AFT in %d out %d, wallet in %d out %d; the host saw in %d out %d (%v)",
			credits, cin, cout, win, wout, l.In, l.Out, inv)
	}
	for idx := 0xFF; idx > 0xFF-min(len(l.ids), sas.AFTHistorySize); idx-- {
		h := m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogateStatusOnly, Index: byte(idx)})
		want, ok := l.ids[h.ID]
		if !ok || h.Status != sas.AFTStatusFull || (want != int64(h.Cashable) && want != -int64(h.Cashable)) {
			return fmt.Errorf("campaign: AFT host: history %02X holds %s %v %d cents; the host's ledger %d (%v)", idx, h.ID, h.Status, h.Cashable, want, ok)
		}
	}
	return nil
}
