package machine

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestRefusalReasons drives the refusals a player can meet and checks the reason,
// the player's sentence (euros, no requirement id, no cents) and that the
// engineers' detail keeps the precise figures.
func TestRefusalReasons(t *testing.T) {
	tests := []struct {
		name   string
		before []Input
		in     Input
		reason Reason
		state  State
		player string // in the player's sentence
		detail string // in Error(), for the logs
	}{
		{"bet over the balance", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 1}},
			Input{Kind: InMaxBet}, RefusedBalance, Idle, "Your credit of 0.01 EUR does not cover the bet of", "cents (R-CASH-5)"},
		{"spin with the door open", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5_000}, {Kind: InDoorOpen}},
			Input{Kind: InSpin}, RefusedState, DoorOpen, "door of the machine is open", "spin in state door_open"},
		{"cash-out with no credit", nil, Input{Kind: InCashout}, RefusedNoCredit, Idle, "no credit to cash out", "cash-out with no balance"},
		{"take win with no win", nil, Input{Kind: InTakeWin}, RefusedState, Idle, "no win to take", "take win in state idle"},
		{"another wallet", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 500}},
			Input{Kind: InDeposit, Wallet: "someone-else", Cents: 500}, RefusedWallet, Idle, "another wallet", "R-CASH-3"},
		{"deposit of nothing", nil, Input{Kind: InDeposit, Wallet: TestWallet, Cents: 0}, RefusedAmount, Idle, "from 0.01 EUR to", "deposit of 0 cents"},
		{"bet per line too big", nil, Input{Kind: InSetBet, Credits: 100_000}, RefusedBet, Idle, "The bet per line goes from", "100000 credits"},
		{"unknown title", nil, Input{Kind: InSelectTitle, Title: "no-such-game"}, RefusedTitle, Idle, "not offered on this machine", `"no-such-game"`},
		{"attendant key with nothing to clear", nil, Input{Kind: InAttendantKey}, RefusedNothingToClear, Idle, "nothing for the attendant key to clear", "nothing to clear"},
		{"RAM clear with good memory", nil, Input{Kind: InRAMClear}, RefusedOther, Idle, "not possible right now", "critical memory is good"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, DefaultConfig(), 31)
			for _, in := range tc.before {
				r.must(in)
			}
			err := r.do(tc.in)
			if !errors.Is(err, ErrRefused) {
				t.Fatalf("err %v, want a refusal", err)
			}
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("err %T is not a *Refusal", err)
			}
			if ref.Reason != tc.reason || (tc.reason == RefusedState && ref.State != tc.state) {
				t.Fatalf("reason %s state %s, want %s %s", ref.Reason, ref.State, tc.reason, tc.state)
			}
			text, ok := PlayerText(err)
			if !ok || !strings.Contains(text, tc.player) {
				t.Fatalf("player reads %q, want it to contain %q", text, tc.player)
			}
			if !strings.Contains(err.Error(), tc.detail) || !strings.HasPrefix(err.Error(), "machine: input refused: ") {
				t.Fatalf("detail %q, want it to contain %q", err.Error(), tc.detail)
			}
			checkPlayerWords(t, text)
		})
	}
}

// TestSampleRefusals checks every sentence a refusal can say to the player: one
// per reason with a fixed text, one per state, and the ones with amounts at the
// machine's largest amounts.
func TestSampleRefusals(t *testing.T) {
	seen := map[Reason]bool{}
	for _, r := range SampleRefusals() {
		seen[r.Reason] = true
		if r.Player == "" {
			t.Errorf("reason %s: no sentence for the player", r.Reason)
		}
		if !errors.Is(r, ErrRefused) {
			t.Errorf("reason %s: not ErrRefused", r.Reason)
		}
		checkPlayerWords(t, r.Player)
		if e := r.Error(); strings.TrimSpace(e) != e {
			t.Errorf("reason %s: the detail %q has a leading or trailing space", r.Reason, e)
		}
	}
	for r := Reason(0); r < reasons; r++ {
		if !seen[r] {
			t.Errorf("reason %s has no sample", r)
		}
	}
	if got, ok := PlayerText(errors.New("machine: other")); ok || got != "" {
		t.Errorf("PlayerText of a plain error = %q, %v", got, ok)
	}
}

var requirementID = regexp.MustCompile(`R-[A-Z]+-\d`)

func checkPlayerWords(t *testing.T, s string) {
	t.Helper()
	if requirementID.MatchString(s) || strings.Contains(strings.ToLower(s), "cent") || strings.Contains(s, "machine: ") {
		t.Errorf("player text %q has a requirement id, cents or an error prefix", s)
	}
}
