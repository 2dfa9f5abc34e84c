package ui

import (
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/refusal"
	"egm/ui/internal/kit"
)

// TestPlayerWalletRefusedShown: while the machine shows the wallet's refusal of a
// cash-in (player protection), the status line says it in the player's words —
// over the "scan to play" line of a machine with no credit — and never which
// restriction; when it is gone the usual line is back.
func TestPlayerWalletRefusedShown(t *testing.T) {
	var id string
	for _, r := range refusal.SampleRefusals() {
		if r.Reason == refusal.RefusedRestricted {
			id = r.Msg
		}
	}
	if id == "" {
		t.Fatal("no message for the wallet's refusal")
	}
	defer kit.ResetPlayerLang()
	for _, lang := range kit.PlayerLangs() {
		kit.SetPlayerLang(lang)
		scan := kit.Tr("play.status.scan_to_play")
		for _, tc := range []struct {
			refused string
			want    string
		}{
			{id, kit.StatusCase(kit.Tr(id))},
			{"", scan},
		} {
			st := machine.Status{State: machine.Idle, BetCents: 100, WalletRefused: tc.refused}
			s := &machineSession{st: st, noCredit: func() string { return scan }}
			got := s.Snapshot().Message
			if got != tc.want || strings.HasPrefix(got, "‹") {
				t.Fatalf("%s: refused %q: status line %q, want %q", lang, tc.refused, got, tc.want)
			}
			for _, secret := range []string{"EXCLU", "COURT", "21", "RESTRICT", "ИСКЛЮЧ", "СУД", "KOHUS", "ОГРАНИЧ"} {
				if strings.Contains(got, secret) {
					t.Fatalf("%s: the status line tells the restriction: %q", lang, got)
				}
			}
		}
	}
}
