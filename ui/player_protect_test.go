package ui

import (
	"strings"
	"testing"

	"egm/machine"
)

// TestPlayerWalletRefusedShown: while the machine shows the wallet's refusal of a
// cash-in (player protection), the status line says it in the player's words —
// over the "scan to play" line of a machine with no credit — and never which
// restriction; when it is gone the usual line is back.
func TestPlayerWalletRefusedShown(t *testing.T) {
	var sentence string
	for _, r := range machine.SampleRefusals() {
		if r.Reason == machine.RefusedRestricted {
			sentence = r.Player
		}
	}
	if sentence == "" {
		t.Fatal("no sentence for the wallet's refusal")
	}
	for _, tc := range []struct {
		refused string
		want    string
	}{
		{sentence, "YOUR WALLET CANNOT PUT MONEY IN AT THE MOMENT: PLEASE ASK THE STAFF"},
		{"", "SCAN THE QR CODE TO PLAY"},
	} {
		st := machine.Status{State: machine.Idle, BetCents: 100, WalletRefused: tc.refused}
		s := &MachineSession{st: st, texts: textsOf(st), noCredit: "SCAN THE QR CODE TO PLAY"}
		got := s.Snapshot().Message
		if got != tc.want {
			t.Fatalf("refused %q: status line %q, want %q", tc.refused, got, tc.want)
		}
		for _, secret := range []string{"EXCLU", "COURT", "21", "RESTRICT"} {
			if strings.Contains(got, secret) {
				t.Fatalf("the status line tells the restriction: %q", got)
			}
		}
	}
}
