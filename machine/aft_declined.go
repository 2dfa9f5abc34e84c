package machine

import (
	"fmt"
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/meters"
	"egm/sas"
)

// Player protection (R-PLAYER-1, R-PLAYER-2) is decided where the player is known:
// the floor's wallet, which keeps the self-exclusion register, the court and staff
// restrictions and the account's date of birth. When it refuses a player's scan of
// this machine's cash-in code it tells the machine before any money moves, by
// declining the code: a 72 transfer request of type 00 whose amounts are all zero
// and whose transaction id is the live cash-in code, with the registration key.
// The machine spends the code, records the request as cancelled by the host
// (status 80, nothing moved, no history entry), logs an aft_declined event (aft.EvDeclined), and
// the screen tells the player in plain words for DeclineShown (Status.WalletRefused).
// The player's kind of restriction is confidential: neither the machine nor its
// screen learns it. A zero-amount request that names no live cash-in code is
// refused as before (83). A balance already on the machine is not touched: its
// cash-out goes on as always.

// DeclineShown is how long the screen shows the wallet's refusal.
const DeclineShown = 30 * time.Second

// aftDeclined handles a host's decline of a live cash-in code (see above); false
// when req is no such decline.
func (m *Machine) aftDeclined(req sas.AFTTransfer, now time.Time) (sas.AFTTransferReply, bool) {
	if !m.aft.s.IsDecline(req, m.cfg.AssetNumber) {
		return sas.AFTTransferReply{}, false
	}
	s := m.aft.s.Clone()
	if fault, _ := m.takeCode(&s, req.ID, aft.CodeCashIn, req.Asset, now); fault != aft.FaultNone {
		return sas.AFTTransferReply{}, false
	}
	rec := aft.Record{Status: byte(sas.AFTStatusCancelled), Type: req.Type, Flags: req.Flags, Asset: req.Asset, ID: req.ID,
		Reason: "declined by the wallet: the player may not play (player protection)"}
	s.Last = &rec
	if err := m.aftCommit(s, nil, func(tx *meters.Tx) error {
		m.event(tx, aft.EvDeclined, fmt.Sprintf("cash-in code %s declined by the wallet: the player may not play now (R-PLAYER); nothing moved", req.ID))
		return nil
	}); err != nil {
		return aft.Echo(req, sas.AFTStatusUnexpected), true
	}
	m.aft.declinedTo = now.Add(DeclineShown)
	return m.replyOf(m.aft.s.Last), true
}

// walletRefused is the player's message id while the wallet's last decline is
// shown ("" otherwise).
func (m *Machine) walletRefused(now time.Time) string {
	if m.aft.declinedTo.IsZero() || !now.Before(m.aft.declinedTo) {
		return ""
	}
	return refusal.Msg(refusal.RefusedRestricted)
}
