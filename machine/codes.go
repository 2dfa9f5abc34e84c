package machine

import (
	"fmt"
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/meters"
	"egm/sas"
	"egm/wallet"
)

// IssueCode issues a one-time code of kind, kept in critical memory until it is
// used or expires (settings.Config.AFT.CodeExpirySeconds). A cash-out code carries the
// whole balance and needs a balance; while it is live the machine takes no bet
// and no deposit. When MaxLiveCodes are live, the expired ones go first, then the
// oldest cash-in code.
func (m *Machine) IssueCode(kind aft.CodeKind) (aft.Code, error) {
	var c aft.Code
	var err error
	m.aftCall(func() {
		if !m.aftUsable() {
			err = refusal.Other("issue code: critical memory error")
			return
		}
		switch kind {
		case aft.CodeCashIn:
			c, err = m.issueCode(kind, 0, false, nil)
		case aft.CodeCashOut:
			err = m.aftCashout("wallet")
			if err == nil {
				if lc := m.liveCode(aft.CodeCashOut, m.clock.Now()); lc != nil {
					c = *lc
				}
			}
		default:
			err = refusal.Other("issue code: unknown kind %d", kind)
		}
	})
	return c, err
}

// issueCode adds a code to the live list in one commit (with ev, if any); idle
// marks the idle cash-out's code.
func (m *Machine) issueCode(kind aft.CodeKind, cents int64, idle bool, ev func(tx *meters.Tx, c aft.Code)) (aft.Code, error) {
	id, err := wallet.NewCodeID("")
	if err != nil {
		return aft.Code{}, fmt.Errorf("machine: code: %w", err)
	}
	now := m.clock.Now()
	c := aft.Code{ID: id, Kind: kind, Asset: m.cfg.AssetNumber, Cents: cents, Idle: idle,
		Expiry: now.Add(time.Duration(m.cfg.AFT.CodeExpirySeconds) * time.Second).UTC().Round(time.Second)}
	s := m.aft.s.Clone()
	s.Codes = aft.PruneCodes(s.Codes, now, m.cfg.AFT.MaxLiveCodes-1)
	s.Codes = append(s.Codes, c)
	if err := m.aftCommit(s, nil, func(tx *meters.Tx) error {
		if ev != nil {
			ev(tx, c)
		}
		return nil
	}); err != nil {
		return aft.Code{}, err
	}
	return c, nil
}

// LiveCodes returns the codes that are live now, oldest first.
func (m *Machine) LiveCodes() []aft.Code {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.aft.s.Live(m.clock.Now())
}

// liveCode is the newest live code of kind (nil if none).
func (m *Machine) liveCode(kind aft.CodeKind, now time.Time) *aft.Code {
	return m.aft.s.LiveCode(kind, now)
}

// aftMode: a machine registered with an AFT host cashes out through it; otherwise
// through the built-in test wallet (OutCashoutRequest, InCashoutConfirmed).
func (m *Machine) aftMode() bool { return m.registered() }

// aftCashout is the player's cash-out (or the idle cash-out, R-CASH-6) in AFT
// mode: a cash-out code for the whole balance, with an aft_cashout_request event
// (exception 6A: the host is asked to take the balance). The balance stays until
// the host's type 80 transfer with the code commits. A second request while the
// code is live changes nothing.
func (m *Machine) aftCashout(reason string) error {
	if s, why := m.state(); s != Idle {
		return refusal.InState("cash-out", s, why)
	}
	now := m.clock.Now()
	if m.liveCode(aft.CodeCashOut, now) != nil {
		return nil
	}
	if l := m.aft.s.Last; l != nil && l.Pending() {
		return refusal.New(refusal.RefusedTransfer, "cash-out: transfer %s is pending", l.ID)
	}
	credits := m.credits()
	if credits <= 0 {
		return refusal.New(refusal.RefusedNoCredit, "cash-out with no balance")
	}
	if !m.registered() {
		return refusal.New(refusal.RefusedNoCashout, "cash-out code: the machine is not registered with an AFT host")
	}
	_, err := m.issueCode(aft.CodeCashOut, credits, reason == "idle", func(tx *meters.Tx, c aft.Code) {
		m.event(tx, aft.EvCashoutRequest, fmt.Sprintf("cash-out (%s): %d cents to the host with code %s, expires %s",
			reason, c.Cents, c.ID, c.Expiry.Format(time.RFC3339)))
	})
	return err
}

// takeCode removes the live code with id from s (aft.State.TakeCode, the
// history telling a replayed id).
func (m *Machine) takeCode(s *aft.State, id string, kind aft.CodeKind, asset uint32, now time.Time) (aft.Fault, string) {
	_, used := m.aft.hist[id]
	return s.TakeCode(id, kind, asset, now, used)
}

var _ sas.AFTMachine = (*Machine)(nil)
