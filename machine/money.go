package machine

import (
	"fmt"

	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/machine/settings"
	"egm/meters"
)

// TestWallet is the built-in test wallet's id: the scripted player
// (machine/autoplay) and the F2 key deposit from it and confirm its cash-outs at
// once (the real wallet arrives with its own issue).
const TestWallet = "test-wallet-1"

// maxDepositCents bounds one deposit (a meter may grow by less than half its width).
const maxDepositCents = settings.MaxDepositCents

// deposit credits a wallet transfer in. Only the wallet that owns the balance may add
// to it (R-CASH-3); a deposit at or above the AML threshold is flagged (R-CASH-4).
func (m *Machine) deposit(wallet string, cents int64) error {
	if s, why := m.state(); s != Idle && (s != Reserved || !m.reservedFor(wallet)) {
		return refusal.InState("deposit", s, why) // the balance's own wallet ends a reservation (reserve.go)
	}
	switch {
	case wallet == "":
		return refusal.Other("deposit without a wallet id")
	case cents <= 0 || cents > maxDepositCents:
		return refusal.Amount(maxDepositCents, "deposit of %d cents outside 1..%d", cents, maxDepositCents)
	case m.credits() > 0 && m.d.Wallet != "" && m.d.Wallet != wallet:
		return refusal.New(refusal.RefusedWallet, "deposit from wallet %q while the balance belongs to wallet %q (R-CASH-3)", wallet, m.d.Wallet)
	}
	d := m.d
	d.Wallet = wallet
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.reserveEndTx(tx, &d, reserve.EndPlayer, "wallet "+wallet)
		tx.Add(meters.WalletIn, cents)
		tx.SetCredits(tx.Meter(meters.CurrentCredits) + cents)
		if cents >= m.cfg.AMLThresholdCents {
			m.event(tx, meters.EvAMLFlag, fmt.Sprintf("deposit of %d cents from wallet %s at or above %d (R-CASH-4): due diligence", cents, wallet, m.cfg.AMLThresholdCents))
		}
		return nil
	}); err != nil {
		return err
	}
	m.lastPlay = m.clock.Now()
	return nil
}

// cashout raises a request to return the whole balance to its wallet. The balance
// stays until the wallet confirms (InCashoutConfirmed).
func (m *Machine) cashout(reason string) error {
	if m.aftMode() {
		return m.aftCashout(reason) // cashless by AFT: codes.go
	}
	if s, why := m.state(); s != Idle {
		return refusal.InState("cash-out", s, why)
	}
	credits := m.credits()
	if credits <= 0 {
		return refusal.New(refusal.RefusedNoCredit, "cash-out with no balance")
	}
	if m.d.Wallet == "" {
		return refusal.New(refusal.RefusedNoWallet, "cash-out: no wallet is known for the balance")
	}
	d := m.d
	d.NextCashID++
	c := Cashout{ID: d.NextCashID, Wallet: d.Wallet, Cents: credits, Reason: reason}
	d.Cashout = &c
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.event(tx, EvCashoutRequest, fmt.Sprintf("cash-out %d (%s): %d cents to wallet %s", c.ID, reason, c.Cents, c.Wallet))
		return nil
	}); err != nil {
		return err
	}
	m.emit(Output{Kind: OutCashoutRequest, Cashout: &c})
	return nil
}

func (m *Machine) pendingCashout(id uint64) (*Cashout, error) {
	if m.d.Cashout == nil {
		return nil, refusal.Other("no cash-out is pending")
	}
	if m.d.Cashout.ID != id {
		return nil, refusal.Other("cash-out %d is not the pending one (%d)", id, m.d.Cashout.ID)
	}
	return m.d.Cashout, nil
}

// cashoutConfirmed: the wallet has the money; the balance goes down by it.
func (m *Machine) cashoutConfirmed(id uint64) error {
	c, err := m.pendingCashout(id)
	if err != nil {
		return err
	}
	d := m.d
	d.Cashout = nil
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		left := tx.Meter(meters.CurrentCredits) - c.Cents
		if left == 0 {
			d.Wallet = ""
		}
		tx.Add(meters.WalletOut, c.Cents)
		tx.SetCredits(left)
		m.event(tx, "cashout", fmt.Sprintf("cash-out %d confirmed: %d cents to wallet %s", c.ID, c.Cents, c.Wallet))
		return nil
	}); err != nil {
		return err
	}
	m.lastPlay = m.clock.Now()
	return nil
}

// cashoutFailed: the transfer did not happen; the balance stays on the machine.
func (m *Machine) cashoutFailed(id uint64) error {
	c, err := m.pendingCashout(id)
	if err != nil {
		return err
	}
	d := m.d
	d.Cashout = nil
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.event(tx, "cashout_failed", fmt.Sprintf("cash-out %d failed: %d cents stay on the machine", c.ID, c.Cents))
		return nil
	}); err != nil {
		return err
	}
	m.lastPlay = m.clock.Now()
	return nil
}

// tick raises the idle cash-out when the balance has waited IdleCashoutMinutes
// without play (R-CASH-6), or at once when a reservation of the machine ran out
// (reserve.go). A clock set backwards restarts the wait.
func (m *Machine) tick() error {
	now := m.clock.Now()
	if err := m.reserveTick(now); err != nil {
		return err
	}
	if now.Before(m.lastPlay) {
		m.lastPlay = now
		return nil
	}
	if s, _ := m.state(); s != Idle || m.credits() == 0 || now.Sub(m.lastPlay) < m.idleAfter() {
		return nil
	}
	return m.cashout("idle")
}
