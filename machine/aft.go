package machine

import (
	"encoding/json"
	"fmt"
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/meters"
	"egm/sas"
)

// AFT: the machine side of cashless transfers by SAS AFT (long polls 72/73/74).
// The machine implements sas.AFTMachine itself (AFTTransfer, AFTRegister,
// AFTLock); machine/saslink passes the floor link's requests on. Registration,
// the last transfer, the live one-time codes and the history live in critical
// memory (values "aft" and "aft_history/NNN"); the lock is kept in memory only
// (a power cut ends it, as its timeout would).

// aftRuntime is the machine's AFT state: the stored part and the lock.
type aftRuntime struct {
	s        aft.State
	hist     map[string]byte // transaction id → history position
	byPos    [sas.AFTHistorySize + 1]string
	lockedTo time.Time    // the lock holds until then (zero: not locked)
	pending  *sas.AFTLock // a lock asked for during a game
	pendTo   time.Time
	// declinedTo: the wallet's decline of a cash-in code is shown until then
	// (aft_declined.go; memory only).
	declinedTo time.Time
}

func (m *Machine) registered() bool { return m.aft.s.Registered() }

// aftBoot restores the AFT state after critical memory opened, and completes a
// transfer that was journaled but not committed when the power went.
func (m *Machine) aftBoot() {
	m.aft = aftRuntime{hist: map[string]byte{}}
	var raw json.RawMessage
	hist := map[byte]json.RawMessage{}
	m.st.View(func(v *meters.Snapshot) {
		raw, _ = v.Value(aft.Key)
		for p := 1; p <= sas.AFTHistorySize; p++ {
			if h, ok := v.Value(aft.HistKey(byte(p))); ok {
				hist[byte(p)] = h
			}
		}
	})
	if raw != nil {
		if err := json.Unmarshal(raw, &m.aft.s); err != nil {
			m.programError(fmt.Errorf("stored AFT state: %v", err))
			return
		}
	}
	for p, h := range hist {
		var r aft.Record
		if json.Unmarshal(h, &r) == nil {
			m.aft.hist[r.ID], m.aft.byPos[p] = p, r.ID
		}
	}
	if l := m.aft.s.Last; l != nil && l.Pending() && !l.Held {
		m.aftComplete("completed at power-up")
	}
}

// aftCommit commits fn with the AFT state s written in the same commit; s becomes
// the machine's once the commit is durable. d, when not nil, is the machine's own
// durable state changed in the same commit.
func (m *Machine) aftCommit(s aft.State, d *durable, fn func(tx *meters.Tx) error) error {
	body := func(tx *meters.Tx) error {
		if fn != nil {
			if err := fn(tx); err != nil {
				return err
			}
		}
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		return tx.SetValue(aft.Key, b)
	}
	var err error
	if d != nil {
		err = m.updateDurable(d, body)
	} else {
		err = m.update(body)
	}
	if err == nil {
		m.aft.s = s
	}
	return err
}

// aftCall runs fn as one input: under the machine's lock, then the new status and
// the outputs go to subscribers.
func (m *Machine) aftCall(fn func()) {
	m.mu.Lock()
	fn()
	st := m.status()
	m.emit(Output{Kind: OutState, Status: &st})
	outs := m.out
	m.out = nil
	m.mu.Unlock()
	m.subs.deliver(outs)
}

// aftUsable reports whether critical memory is there to answer AFT at all.
func (m *Machine) aftUsable() bool { return !m.closed && m.st != nil && m.memErr == nil }

// AFTRegister implements sas.AFTMachine (long poll 73).
func (m *Machine) AFTRegister(req sas.AFTRegistration) sas.AFTRegistration {
	var out sas.AFTRegistration
	m.aftCall(func() {
		if !m.aftUsable() {
			out = sas.AFTRegistration{Code: sas.AFTRegStatusNotRegistered, Asset: m.cfg.AssetNumber}
			return
		}
		m.aftRegister(req)
		out = m.regReply()
	})
	return out
}

func (m *Machine) regReply() sas.AFTRegistration {
	r := m.aft.s.Reg
	if r == nil {
		return sas.AFTRegistration{Code: sas.AFTRegStatusNotRegistered, Asset: m.cfg.AssetNumber}
	}
	return sas.AFTRegistration{Code: r.Status, Asset: m.cfg.AssetNumber, Key: r.Key, POSID: r.POSID}
}

func (m *Machine) aftRegister(req sas.AFTRegistration) {
	s := m.aft.s.Clone()
	var kind meters.EventKind
	var detail string
	switch req.Code {
	case sas.AFTRegRead:
		return
	case sas.AFTRegInit:
		s.Reg = &aft.Reg{Status: sas.AFTRegStatusReady, Asset: m.cfg.AssetNumber}
		kind, detail = aft.EvUnregister, "registration initialised"
	case sas.AFTRegRegister:
		if req.Asset != m.cfg.AssetNumber {
			m.aftRefusedEvent(fmt.Sprintf("registration for asset %d refused: this machine is asset %d (foreign)", req.Asset, m.cfg.AssetNumber))
			return
		}
		s.Reg = &aft.Reg{Status: sas.AFTRegStatusRegistered, Asset: req.Asset, Key: req.Key, POSID: req.POSID}
		kind, detail = aft.EvRegister, fmt.Sprintf("registered: asset %d POS %d", req.Asset, req.POSID)
	case sas.AFTRegRequestAck:
		r := aft.Reg{Asset: m.cfg.AssetNumber}
		if s.Reg != nil {
			r = *s.Reg
		}
		r.Status = sas.AFTRegStatusPending
		s.Reg = &r
		kind, detail = aft.EvRegisterAsk, "operator acknowledgement of the registration requested"
	case sas.AFTRegUnregister:
		s.Reg = nil
		kind, detail = aft.EvUnregister, "unregistered"
	default:
		return
	}
	_ = m.aftCommit(s, nil, func(tx *meters.Tx) error {
		m.event(tx, kind, detail)
		return nil
	})
}

func (m *Machine) aftRefusedEvent(detail string) {
	_ = m.update(func(tx *meters.Tx) error {
		m.event(tx, aft.EvRefused, detail)
		return nil
	})
}

// AFTLock implements sas.AFTMachine (long poll 74): lock the machine for a
// transfer (only when idle; during a game the lock is pending and takes hold, with
// exception 6F, when the game ends), cancel the lock, or report the status.
func (m *Machine) AFTLock(req sas.AFTLock) sas.AFTLockStatus {
	var out sas.AFTLockStatus
	m.aftCall(func() {
		now := m.clock.Now()
		if m.aftUsable() && m.registered() {
			timeout := time.Duration(req.Timeout) * 10 * time.Millisecond
			switch req.Code {
			case sas.AFTLockCodeLock:
				switch s, _ := m.state(); {
				case s == Idle:
					m.aft.lockedTo, m.aft.pending = now.Add(timeout), nil
				case s == GameInProgress || s == GambleOffered:
					r := req
					m.aft.pending, m.aft.pendTo = &r, now.Add(timeout)
				}
			case sas.AFTLockCodeCancel:
				m.aft.lockedTo, m.aft.pending = time.Time{}, nil
			}
		}
		out = m.lockStatus(now)
	})
	return out
}

// locked reports the lock in force at now (a lapsed lock is dropped).
func (m *Machine) locked(now time.Time) bool {
	if !m.aft.lockedTo.IsZero() && !now.Before(m.aft.lockedTo) {
		m.aft.lockedTo = time.Time{}
	}
	if m.aft.pending != nil && !now.Before(m.aft.pendTo) {
		m.aft.pending = nil
	}
	return !m.aft.lockedTo.IsZero()
}

func (m *Machine) lockStatus(now time.Time) sas.AFTLockStatus {
	st := sas.AFTLockStatus{Asset: m.cfg.AssetNumber, LockStatus: sas.AFTNotLocked, MaxIndex: sas.AFTHistorySize,
		Limit: uint64(m.cfg.AFT.TransferLimitCents)}
	if !m.aftUsable() {
		return st
	}
	switch {
	case m.locked(now):
		st.LockStatus = sas.AFTLocked
	case m.aft.pending != nil:
		st.LockStatus = sas.AFTLockPending
	}
	credits := m.credits()
	st.Cashable = uint64(credits)
	if m.registered() {
		st.Status = sas.AFTStRegistered | sas.AFTStInHouse | sas.AFTStEnabled
		st.HostCashout = sas.AFTFlagHostCashoutControl | sas.AFTFlagHostCashoutEnable
		busy := m.aft.s.Last != nil && m.aft.s.Last.Pending()
		if s, _ := m.state(); s == Idle && !busy {
			st.Available |= sas.AFTCondToMachine
			if credits > 0 {
				st.Available |= sas.AFTCondFromMachine
			}
		}
	}
	return st
}

// aftAfterInput runs after every input: a lock asked for during a game takes hold
// once the machine is idle again (event → exception 6F).
func (m *Machine) aftAfterInput() {
	if m.aft.pending == nil || !m.aftUsable() {
		return
	}
	now := m.clock.Now()
	if m.locked(now); m.aft.pending == nil {
		return
	}
	if s, _ := m.state(); s != Idle {
		return
	}
	left := m.aft.pendTo.Sub(now)
	m.aft.pending = nil
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, aft.EvLocked, fmt.Sprintf("game locked for a transfer (%s left)", left.Round(10*time.Millisecond)))
		return nil
	}); err == nil {
		m.aft.lockedTo = now.Add(left)
	}
}

// aftGate refuses the player's play and deposits while the machine is locked for
// a transfer, and while a cash-out code waits for the host (the balance is
// promised to it).
func (m *Machine) aftGate(k InputKind) error {
	switch k {
	case InSpin, InMaxBet, InDeposit, InTableDeal:
	default:
		return nil
	}
	if m.st == nil || m.memErr != nil {
		return nil
	}
	now := m.clock.Now()
	if m.locked(now) {
		return refusal.New(refusal.RefusedTransfer, "%s: the machine is locked for a cashless transfer", k)
	}
	if c := m.liveCode(aft.CodeCashOut, now); c != nil {
		return refusal.CodeWaits(c.Cents, "%s: cash-out of %d cents waits for the wallet (code expires %s)", k, c.Cents, c.Expiry.Format(time.TimeOnly))
	}
	return nil
}

// AFTRegistered reports whether an AFT host has registered the machine (AFT mode:
// cash-outs go to the host).
func (m *Machine) AFTRegistered() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.registered()
}

// aftStatus adds the AFT lock and the waiting cash-out code to a Status.
func (m *Machine) aftStatus(s *Status) {
	if m.st == nil || m.memErr != nil {
		return
	}
	now := m.clock.Now()
	s.AFTLocked = m.locked(now)
	if l := m.aft.s.Last; l != nil && l.Held {
		s.AFTHeldCents = l.Cents
	}
	if c := m.liveCode(aft.CodeCashOut, now); c != nil {
		cc := *c
		s.AFTCashout = &cc
	}
	s.WalletRefused = m.walletRefused(now)
}
