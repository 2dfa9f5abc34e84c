package desk

import (
	"context"
	"testing"

	"egm/floor"
	"egm/sas"
)

// TestNilWalletLoopIsNoWallet: a loop given a nil *WalletLoop (no --wallet) sends
// no wallet polls: its Note and Cycle do nothing (the machine has no link here,
// so any poll would fail).
func TestNilWalletLoopIsNoWallet(t *testing.T) {
	var wl *WalletLoop
	var h floor.WalletHook = wl
	m := &floor.Machine{Addr: 1, Num: 1}
	h.Note(m, []floor.Exception{{Machine: 1, Code: sas.ExAFTHostCashOut}})
	h.Cycle(context.Background(), m)
}
