package machine

import (
	"encoding/json"
	"fmt"
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/meters"
	"egm/sas"
)

// AFTWallet is the owner the machine records for a balance that came in by AFT:
// the wallet backend, not the machine, knows the player (R-CASH-3).
const AFTWallet = "aft"

// AFTTransfer implements sas.AFTMachine (long poll 72): a transfer, a cancel or
// an interrogation. See docs/machine.md, "Cashless (AFT)".
func (m *Machine) AFTTransfer(req sas.AFTTransfer) sas.AFTTransferReply {
	var out sas.AFTTransferReply
	m.aftCall(func() { out = m.aftTransfer(req) })
	return out
}

func (m *Machine) aftTransfer(req sas.AFTTransfer) sas.AFTTransferReply {
	if !m.aftUsable() {
		if req.IsQuery() || req.Code == sas.AFTCancel {
			return sas.AFTTransferReply{Position: req.Index, Status: sas.AFTStatusNoInfo}
		}
		return aft.Echo(req, sas.AFTStatusUnableNow)
	}
	switch {
	case req.IsQuery():
		return m.aftInterrogate(req)
	case req.Code == sas.AFTCancel:
		return m.aftCancel(req)
	}
	last := m.aft.s.Last
	switch {
	case last != nil && last.Same(req):
		return m.replyOf(last) // an identical resend: its status, nothing done again
	case last != nil && (last.Pending() || sas.AFTStatus(last.Status).OK() && !last.Acked):
		return aft.Echo(req, sas.AFTStatusNotCompatible)
	case last != nil && last.ID == req.ID:
		return aft.Echo(req, sas.AFTStatusIDNotUnique)
	}
	if h := m.aftHistory(req.ID); h != nil {
		if h.Same(req) {
			return m.replyOf(h) // an older transfer resent: its status from the history
		}
		// A used id with other terms: refused below as a replay (95).
	}
	now := m.clock.Now()
	if rep, ok := m.aftDeclined(req, now); ok {
		return rep
	}
	s := m.aft.s.Clone()
	rec := aft.Record{Status: byte(sas.AFTStatusPending), Type: req.Type, Cents: int64(req.Cashable),
		Restricted: int64(req.Restricted), NonRestricted: int64(req.NonRestricted), Flags: req.Flags, Asset: req.Asset, ID: req.ID, Lock: req.Flags&sas.AFTFlagLockAfter != 0}
	if st, why := m.aftCheck(&s, req, now); st != sas.AFTStatusPending {
		rec.Status, rec.Reason = byte(st), why
		s.Last = &rec
		if err := m.aftCommit(s, nil, func(tx *meters.Tx) error {
			m.event(tx, aft.EvRefused, fmt.Sprintf("transfer %s type %02X of %d cents refused: %s (status %v)", req.ID, req.Type, req.Cashable, why, st))
			return nil
		}); err != nil {
			return aft.Echo(req, st)
		}
		return m.replyOf(m.aft.s.Last)
	}
	// Journal the accepted request (the code consumed with it) before any money
	// moves: a power cut after this commit completes it at the next boot.
	rec.Held = req.Type == sas.AFTInHouseToMachine && rec.Cents >= m.cfg.AMLThresholdCents
	s.Last = &rec
	var d *durable // the player's scan of the cash-in code on a machine reserved for them ends the reservation
	if m.d.Reserve != nil && req.Type == sas.AFTInHouseToMachine {
		dd := m.d
		d = &dd
	}
	if err := m.aftCommit(s, d, func(tx *meters.Tx) error {
		if d != nil {
			m.reserveEndTx(tx, d, reserve.EndPlayer, "the wallet's scan, transfer "+req.ID)
		}
		if rec.Held {
			m.event(tx, aft.EvHeld, fmt.Sprintf("deposit %s of %d cents at or above %d held for due diligence (R-CASH-4): approve or decline at the machine",
				rec.ID, rec.Cents, m.cfg.AMLThresholdCents))
		}
		return nil
	}); err != nil {
		return aft.Echo(req, sas.AFTStatusUnexpected)
	}
	if m.opts.AfterAFTJournal != nil {
		m.opts.AfterAFTJournal()
	}
	if !rec.Held {
		m.aftComplete("")
	}
	return m.replyOf(m.aft.s.Last)
}

// aftHistory is the history entry of the transfer with id (nil if none).
func (m *Machine) aftHistory(id string) *aft.Record {
	pos, ok := m.aft.hist[id]
	if !ok {
		return nil
	}
	var raw json.RawMessage
	m.st.View(func(v *meters.Snapshot) { raw, _ = v.Value(aft.HistKey(pos)) })
	var r aft.Record
	if raw == nil || json.Unmarshal(raw, &r) != nil || r.ID != id {
		return nil
	}
	return &r
}

// aftCheck decides whether a transfer request may go ahead (status pending) or
// is refused (the status and why). It consumes the one-time code from s.
func (m *Machine) aftCheck(s *aft.State, req sas.AFTTransfer, now time.Time) (sas.AFTStatus, string) {
	_, used := m.aft.hist[req.ID]
	if st, why := s.CheckTerms(req, m.cfg.AssetNumber, m.cfg.AFT.TransferLimitCents, used); st != sas.AFTStatusPending {
		return st, why
	}
	if st, why := m.state(); st != Idle && (st != Reserved || req.Type != sas.AFTInHouseToMachine) {
		return sas.AFTStatusUnableNow, fmt.Sprintf("machine %s %s", st, why) // reserved: the player's scan ends it (reserve.go)
	}
	credits := m.credits()
	cents := int64(req.Cashable)
	if req.Type == sas.AFTInHouseToMachine {
		if m.liveCode(aft.CodeCashOut, now) != nil {
			return sas.AFTStatusUnableNow, "a cash-out waits for the wallet"
		}
		if credits+cents > maxDepositCents {
			return sas.AFTStatusOverLimit, fmt.Sprintf("the balance would pass %d cents", maxDepositCents)
		}
		if fault, why := m.takeCode(s, req.ID, aft.CodeCashIn, req.Asset, now); fault != aft.FaultNone {
			return sas.AFTStatusBadID, why
		}
		return sas.AFTStatusPending, ""
	}
	if cents != credits {
		return sas.AFTStatusBadAmount, fmt.Sprintf("cash-out of %d cents is not the whole balance %d", cents, credits)
	}
	if fault, why := m.takeCode(s, req.ID, aft.CodeCashOut, req.Asset, now); fault != aft.FaultNone && !s.HostIdleCashout(fault, now) {
		return sas.AFTStatusBadID, why
	}
	return sas.AFTStatusPending, ""
}

// aftComplete commits the pending transfer: credits, wallet_in or wallet_out, the
// AFT counters, the history entry and the last-transaction record in one commit,
// with an aft_transfer event (exception 69). amlBy names who approved a held
// deposit.
func (m *Machine) aftComplete(amlBy string) {
	s := m.aft.s.Clone()
	rec := *s.Last
	now := m.clock.Now()
	credits := m.credits()
	if rec.Type == sas.AFTInHouseToHost && credits < rec.Cents {
		// Cannot happen while the transfer blocks play; refuse rather than go below zero.
		rec.Status, rec.Held, rec.Reason = byte(sas.AFTStatusUnableNow), false, fmt.Sprintf("balance %d below %d", credits, rec.Cents)
		s.Last = &rec
		_ = m.aftCommit(s, nil, func(tx *meters.Tx) error {
			m.event(tx, aft.EvRefused, fmt.Sprintf("transfer %s refused at completion: %s", rec.ID, rec.Reason))
			return nil
		})
		return
	}
	pos := s.NextPos
	if pos < 1 || pos > sas.AFTHistorySize {
		pos = 1
	}
	rec.Status, rec.Held, rec.Acked, rec.Position = byte(sas.AFTStatusFull), false, false, pos
	rec.Time = now.UTC().Round(time.Second)
	s.Last = &rec
	s.NextPos = pos%sas.AFTHistorySize + 1
	s.Count = min(s.Count+1, sas.AFTHistorySize)
	d := m.d
	err := m.aftCommit(s, &d, func(tx *meters.Tx) error {
		if rec.Type == sas.AFTInHouseToMachine {
			tx.Add(meters.WalletIn, rec.Cents)
			tx.SetCredits(credits + rec.Cents)
			tx.AddCounter(aft.CounterCashableIn, rec.Cents)
			tx.AddCounter(aft.CounterTransfersIn, 1)
			if d.Wallet == "" {
				d.Wallet = AFTWallet
			}
			if amlBy != "" {
				m.event(tx, meters.EvAMLFlag, fmt.Sprintf("deposit %s of %d cents at or above %d approved by %s (R-CASH-4)", rec.ID, rec.Cents, m.cfg.AMLThresholdCents, amlBy))
			}
		} else {
			tx.Add(meters.WalletOut, rec.Cents)
			tx.SetCredits(credits - rec.Cents)
			tx.AddCounter(aft.CounterCashableOut, rec.Cents)
			tx.AddCounter(aft.CounterTransfersOut, 1)
			if credits == rec.Cents {
				d.Wallet = ""
			}
		}
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		if err := tx.SetValue(aft.HistKey(pos), b); err != nil {
			return err
		}
		dir := "in"
		if rec.Type == sas.AFTInHouseToHost {
			dir = "out"
		}
		m.event(tx, aft.EvTransfer, fmt.Sprintf("AFT %s %s: %d cents (type %02X, history %d)", dir, rec.ID, rec.Cents, rec.Type, pos))
		return nil
	})
	if err != nil {
		return // stays pending in critical memory; the next boot completes it
	}
	if old := m.aft.byPos[pos]; old != "" {
		delete(m.aft.hist, old)
	}
	m.aft.hist[rec.ID], m.aft.byPos[pos] = pos, rec.ID
	m.lastPlay = now
	if !rec.Lock {
		m.aft.lockedTo = time.Time{}
	}
}

// replyOf is the 72 reply for a record.
func (m *Machine) replyOf(r *aft.Record) sas.AFTTransferReply {
	var cum int64
	m.st.View(func(v *meters.Snapshot) { cum = v.Counter(r.CumCounter()) })
	return r.Reply(m.clock.Now().Location(), uint64(cum))
}

// aftInterrogate answers FE/FF: index 00 the last transfer (FF acknowledges a
// completed one, so that the next may start), 01–7F a history position, 81–FF
// the newest (FF), the one before (FE)….
func (m *Machine) aftInterrogate(req sas.AFTTransfer) sas.AFTTransferReply {
	none := sas.AFTTransferReply{Position: req.Index, Status: sas.AFTStatusNoInfo}
	idx := req.Index
	if idx == 0 {
		last := m.aft.s.Last
		if last == nil {
			return none
		}
		if req.Code == sas.AFTInterrogate && sas.AFTStatus(last.Status).OK() && !last.Acked {
			s := m.aft.s.Clone()
			s.Last.Acked = true
			_ = m.aftCommit(s, nil, nil) // if it fails the host asks again
		}
		return m.replyOf(m.aft.s.Last)
	}
	pos, ok := m.aft.s.HistoryPos(idx)
	if !ok {
		return none
	}
	var raw json.RawMessage
	m.st.View(func(v *meters.Snapshot) { raw, _ = v.Value(aft.HistKey(pos)) })
	var r aft.Record
	if raw == nil || json.Unmarshal(raw, &r) != nil {
		return none
	}
	out := m.replyOf(&r)
	if idx > 0x80 {
		out.Position = idx
	}
	return out
}

// aftCancel cancels a deposit held for approval (status 80); anything else has
// nothing to cancel.
func (m *Machine) aftCancel(req sas.AFTTransfer) sas.AFTTransferReply {
	last := m.aft.s.Last
	if last == nil || !last.Held {
		return sas.AFTTransferReply{Position: req.Index, Status: sas.AFTStatusNoInfo}
	}
	m.aftDecline(byte(sas.AFTStatusCancelled), "cancelled by the host")
	return m.replyOf(m.aft.s.Last)
}

func (m *Machine) aftDecline(status byte, why string) error {
	s := m.aft.s.Clone()
	s.Last.Status, s.Last.Held, s.Last.Reason = status, false, why
	id, cents := s.Last.ID, s.Last.Cents
	return m.aftCommit(s, nil, func(tx *meters.Tx) error {
		m.event(tx, aft.EvCancelled, fmt.Sprintf("deposit %s of %d cents not credited: %s", id, cents, why))
		return nil
	})
}

// AFTApprove is the attendant's decision on a deposit held for due diligence
// (R-CASH-4): approve credits it (with an aml_flag event naming who), decline
// refuses it (status 87, nothing credited; the host returns the money to the
// wallet). The attendant key (InAttendantKey) approves a held deposit when there
// is no handpay, bonus or tilt to clear first.
func (m *Machine) AFTApprove(id string, approve bool, who string) error {
	var err error
	m.aftCall(func() { err = m.aftApprove(id, approve, who) })
	return err
}

func (m *Machine) aftApprove(id string, approve bool, who string) error {
	last := m.aft.s.Last
	switch {
	case !m.aftUsable():
		return refusal.Other("AFT approval: critical memory error")
	case who == "":
		return refusal.Other("AFT approval: who approves must be named")
	case last == nil || !last.Held || last.ID != id:
		return refusal.Other("AFT approval: no deposit %s waits for approval", id)
	case !approve:
		return m.aftDecline(byte(sas.AFTStatusUnableNow), "declined by "+who+" (R-CASH-4)")
	}
	m.aftComplete(who)
	if l := m.aft.s.Last; l.Status != byte(sas.AFTStatusFull) {
		return fmt.Errorf("machine: AFT approval of %s: not committed (status %02X)", id, l.Status)
	}
	return nil
}

// AFTHeld returns the deposit waiting for approval, if any: its transaction id
// and amount.
func (m *Machine) AFTHeld() (id string, cents int64, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if l := m.aft.s.Last; l != nil && l.Held {
		return l.ID, l.Cents, true
	}
	return "", 0, false
}
