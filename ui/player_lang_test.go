package ui

import (
	"errors"
	"testing"

	"egm/locale"
	"egm/machine"
	"egm/machine/refusal"
	"egm/ui/internal/kit"
)

// TestSnapshotFollowsTheLanguage: the status line, a refusal and a lockup's
// words of a MachineSession's snapshot are worded when the snapshot is taken, so
// a change of the player's language shows on the next frame, and changing back
// gives the first words again.
func TestSnapshotFollowsTheLanguage(t *testing.T) {
	defer kit.ResetPlayerLang()
	refused := &refusal.Refusal{Reason: refusal.RefusedBalance, Msg: "play.refused.balance",
		Values: refusal.Values{Amounts: map[string]int64{"Credit": 10, "Bet": 50}}, Detail: "d"}
	cases := []struct {
		name string
		s    *machineSession
		want func() string
	}{
		{"cash-out on its way", &machineSession{st: machine.Status{State: machine.CashoutPending, Cashout: &machine.Cashout{Cents: 12_345}}},
			func() string { return kit.Tr("play.status.cashout", "Amount", kit.PlayerMoney(12_345)) }},
		{"a refusal", &machineSession{st: machine.Status{State: machine.Idle, CreditsCents: 100, BetCents: 50}, msg: playerLine{seq: 1, err: refused}},
			func() string { return kit.RefusalText(refused) }},
		{"no credit", &machineSession{st: machine.Status{State: machine.Idle, BetCents: 50}},
			func() string { return kit.Tr("play.status.insert_credits") }},
	}
	for _, tc := range cases {
		seen := map[locale.Lang]string{}
		for _, lang := range []locale.Lang{locale.ET, locale.RU, locale.EN, locale.ET} {
			kit.SetPlayerLang(lang)
			got := tc.s.Snapshot().Message
			if want := tc.want(); got != want {
				t.Errorf("%s in %s: %q, want %q", tc.name, lang, got, want)
			}
			if prev, ok := seen[lang]; ok && prev != got {
				t.Errorf("%s in %s again: %q, first %q", tc.name, lang, got, prev)
			}
			seen[lang] = got
		}
		if seen[locale.ET] == seen[locale.RU] || seen[locale.RU] == seen[locale.EN] {
			t.Errorf("%s: the same words in two languages: %q", tc.name, seen)
		}
	}
	// a lockup
	s := &machineSession{st: machine.Status{State: machine.DoorOpen}}
	kit.SetPlayerLang(locale.RU)
	ru := s.Snapshot().Lockup
	kit.SetPlayerLang(locale.ET)
	if et := s.Snapshot().Lockup; et == ru || et != kit.Tr("play.lockup.door_open") {
		t.Errorf("lockup title %q after %q, want %q", et, ru, kit.Tr("play.lockup.door_open"))
	}
	if _, _, ok := refusal.PlayerMessage(errors.New("x")); ok {
		t.Error("a plain error has a player's message")
	}
}
