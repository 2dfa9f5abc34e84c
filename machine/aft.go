package machine

import (
	"encoding/json"
	"fmt"
	"time"

	"egm/meters"
	"egm/sas"
)

// AFT: the machine side of cashless transfers by SAS AFT (long polls 72/73/74).
// The machine implements sas.AFTMachine itself (AFTTransfer, AFTRegister,
// AFTLock); machine/saslink passes the floor link's requests on. Registration,
// the last transfer, the live one-time codes and the history live in critical
// memory (values "aft" and "aft_history/NNN"); the lock is kept in memory only
// (a power cut ends it, as its timeout would).

// AFTConfig is the machine's AFT configuration (key "aft").
type AFTConfig struct {
	// CodeExpirySeconds is how long a one-time code stays live.
	CodeExpirySeconds int `json:"code_expiry_seconds"`
	// MaxLiveCodes bounds the live codes kept in critical memory.
	MaxLiveCodes int `json:"max_live_codes"`
	// TransferLimitCents is the largest single transfer the machine accepts.
	TransferLimitCents int64 `json:"transfer_limit_cents"`
}

// DefaultAFTConfig is the shipped AFT configuration.
var DefaultAFTConfig = AFTConfig{CodeExpirySeconds: 300, MaxLiveCodes: 16, TransferLimitCents: 1_000_000}

func (c AFTConfig) validate() error {
	bad := func(key, format string, a ...any) error {
		return &ConfigError{Key: "aft." + key, Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case c.CodeExpirySeconds < 30 || c.CodeExpirySeconds > 3600:
		return bad("code_expiry_seconds", "%d, want 30..3600", c.CodeExpirySeconds)
	case c.MaxLiveCodes < 2 || c.MaxLiveCodes > 64:
		return bad("max_live_codes", "%d, want 2..64", c.MaxLiveCodes)
	case c.TransferLimitCents < 1 || c.TransferLimitCents > maxDepositCents:
		return bad("transfer_limit_cents", "%d, want 1..%d", c.TransferLimitCents, maxDepositCents)
	}
	return nil
}

// Event kinds of AFT (the floor link maps them to exceptions 69, 6A, 6C–6F).
const (
	EvAFTTransfer       meters.EventKind = "aft_transfer"         // a transfer committed (69)
	EvAFTHeld           meters.EventKind = "aft_held"             // a deposit held for AML approval (R-CASH-4)
	EvAFTRefused        meters.EventKind = "aft_refused"          // a transfer refused, and why
	EvAFTCancelled      meters.EventKind = "aft_cancelled"        // a held transfer cancelled or declined
	EvAFTCashoutRequest meters.EventKind = "aft_cashout_request"  // a cash-out code issued: host cash-out (6A)
	EvAFTRegister       meters.EventKind = "aft_register"         // registered (6D)
	EvAFTRegisterAsk    meters.EventKind = "aft_register_request" // operator acknowledgement asked (6C)
	EvAFTUnregister     meters.EventKind = "aft_unregister"       // unregistered (6E)
	EvAFTLocked         meters.EventKind = "aft_game_locked"      // a pending lock took hold (6F)
)

// AFT counters (meters.Tx.AddCounter), reported over SAS as meters A0/A1/B8/B9.
const (
	CounterAFTCashableIn   = "aft_in_house_cashable_in_cents"
	CounterAFTTransfersIn  = "aft_in_house_transfers_in"
	CounterAFTCashableOut  = "aft_in_house_cashable_out_cents"
	CounterAFTTransfersOut = "aft_in_house_transfers_out"
)

const (
	aftKey     = "aft"
	aftHistKey = "aft_history/"
)

// aftRecord is one transfer: the last one (aftState.Last) and the history entries.
type aftRecord struct {
	Position      byte      `json:"pos,omitempty"` // history position 1..127 once committed
	Status        byte      `json:"status"`
	Type          byte      `json:"type"`
	Cents         int64     `json:"cents"`                // cashable
	Restricted    int64     `json:"restricted,omitempty"` // (refused: the machine takes cashable only)
	NonRestricted int64     `json:"nonrestricted,omitempty"`
	Flags         byte      `json:"flags,omitempty"`
	Asset         uint32    `json:"asset"`
	ID            string    `json:"id"`
	Time          time.Time `json:"time,omitzero"`  // when it completed
	Held          bool      `json:"held,omitempty"` // waiting for AML approval
	Acked         bool      `json:"acked,omitempty"`
	Reason        string    `json:"reason,omitempty"`
	Lock          bool      `json:"lock_after,omitempty"`
	// Records stored by earlier versions may carry a "code" field; the state is
	// decoded with encoding/json's default (unknown fields ignored), so they load.
}

func (r *aftRecord) pending() bool { return sas.AFTStatus(r.Status).Pending() }

// same reports an identical resend of r.
func (r *aftRecord) same(req sas.AFTTransfer) bool {
	return r.ID == req.ID && r.Type == req.Type && uint64(r.Cents) == req.Cashable &&
		uint64(r.Restricted) == req.Restricted && uint64(r.NonRestricted) == req.NonRestricted && r.Asset == req.Asset
}

type aftReg struct {
	Status byte                `json:"status"`
	Asset  uint32              `json:"asset"`
	Key    [sas.AFTKeyLen]byte `json:"key"`
	POSID  uint32              `json:"pos_id"`
}

// aftState is the value "aft" in critical memory.
type aftState struct {
	Reg     *aftReg    `json:"reg,omitempty"`
	Last    *aftRecord `json:"last,omitempty"`
	NextPos byte       `json:"next_pos,omitempty"` // next history position (1..127)
	Count   int        `json:"count,omitempty"`    // history entries held (≤127)
	Codes   []Code     `json:"codes,omitempty"`    // live one-time codes
}

func (s aftState) clone() aftState {
	c := s
	if s.Reg != nil {
		r := *s.Reg
		c.Reg = &r
	}
	if s.Last != nil {
		l := *s.Last
		c.Last = &l
	}
	c.Codes = append([]Code(nil), s.Codes...)
	return c
}

// aftRuntime is the machine's AFT state: the stored part and the lock.
type aftRuntime struct {
	s        aftState
	hist     map[string]byte // transaction id → history position
	byPos    [sas.AFTHistorySize + 1]string
	lockedTo time.Time    // the lock holds until then (zero: not locked)
	pending  *sas.AFTLock // a lock asked for during a game
	pendTo   time.Time
	// declinedTo: the wallet's decline of a cash-in code is shown until then
	// (aft_declined.go; memory only).
	declinedTo time.Time
}

func (m *Machine) registered() bool {
	return m.aft.s.Reg != nil && m.aft.s.Reg.Status == sas.AFTRegStatusRegistered
}

// aftBoot restores the AFT state after critical memory opened, and completes a
// transfer that was journaled but not committed when the power went.
func (m *Machine) aftBoot() {
	m.aft = aftRuntime{hist: map[string]byte{}}
	var raw json.RawMessage
	hist := map[byte]json.RawMessage{}
	m.st.View(func(v *meters.Snapshot) {
		raw, _ = v.Value(aftKey)
		for p := 1; p <= sas.AFTHistorySize; p++ {
			if h, ok := v.Value(histKey(byte(p))); ok {
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
		var r aftRecord
		if json.Unmarshal(h, &r) == nil {
			m.aft.hist[r.ID], m.aft.byPos[p] = p, r.ID
		}
	}
	if l := m.aft.s.Last; l != nil && l.pending() && !l.Held {
		m.aftComplete("completed at power-up")
	}
}

func histKey(pos byte) string { return fmt.Sprintf("%s%03d", aftHistKey, pos) }

// aftCommit commits fn with the AFT state s written in the same commit; s becomes
// the machine's once the commit is durable. d, when not nil, is the machine's own
// durable state changed in the same commit.
func (m *Machine) aftCommit(s aftState, d *durable, fn func(tx *meters.Tx) error) error {
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
		return tx.SetValue(aftKey, b)
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
	s := m.aft.s.clone()
	var kind meters.EventKind
	var detail string
	switch req.Code {
	case sas.AFTRegRead:
		return
	case sas.AFTRegInit:
		s.Reg = &aftReg{Status: sas.AFTRegStatusReady, Asset: m.cfg.AssetNumber}
		kind, detail = EvAFTUnregister, "registration initialised"
	case sas.AFTRegRegister:
		if req.Asset != m.cfg.AssetNumber {
			m.aftRefusedEvent(fmt.Sprintf("registration for asset %d refused: this machine is asset %d (foreign)", req.Asset, m.cfg.AssetNumber))
			return
		}
		s.Reg = &aftReg{Status: sas.AFTRegStatusRegistered, Asset: req.Asset, Key: req.Key, POSID: req.POSID}
		kind, detail = EvAFTRegister, fmt.Sprintf("registered: asset %d POS %d", req.Asset, req.POSID)
	case sas.AFTRegRequestAck:
		r := aftReg{Asset: m.cfg.AssetNumber}
		if s.Reg != nil {
			r = *s.Reg
		}
		r.Status = sas.AFTRegStatusPending
		s.Reg = &r
		kind, detail = EvAFTRegisterAsk, "operator acknowledgement of the registration requested"
	case sas.AFTRegUnregister:
		s.Reg = nil
		kind, detail = EvAFTUnregister, "unregistered"
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
		m.event(tx, EvAFTRefused, detail)
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
		busy := m.aft.s.Last != nil && m.aft.s.Last.pending()
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
		m.event(tx, EvAFTLocked, fmt.Sprintf("game locked for a transfer (%s left)", left.Round(10*time.Millisecond)))
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
		return refusal(RefusedTransfer, "%s: the machine is locked for a cashless transfer", k)
	}
	if c := m.liveCode(CodeCashOut, now); c != nil {
		return refuseCodeWaits(c.Cents, "%s: cash-out of %d cents waits for the wallet (code expires %s)", k, c.Cents, c.Expiry.Format(time.TimeOnly))
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
	if c := m.liveCode(CodeCashOut, now); c != nil {
		cc := *c
		s.AFTCashout = &cc
	}
	s.WalletRefused = m.walletRefused(now)
}
