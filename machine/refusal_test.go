package machine

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"egm/machine/refusal"
	"egm/machine/settings"
)

// TestRefusalReasons drives the refusals a player can meet and checks the reason,
// the player's message (its id and its numbers, which the screen words and
// formats) and that the engineers' detail keeps the precise figures.
func TestRefusalReasons(t *testing.T) {
	tests := []struct {
		name   string
		before []Input
		in     Input
		reason refusal.Reason
		state  State
		msg    string         // the player's message id
		values refusal.Values // its numbers (nil maps: none checked)
		detail string         // in Error(), for the logs
	}{
		{"bet over the balance", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 1}},
			Input{Kind: InMaxBet}, refusal.RefusedBalance, Idle, "play.refused.balance", refusal.Values{Amounts: map[string]int64{"Credit": 1}}, "cents (R-CASH-5)"},
		{"spin with the door open", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5_000}, {Kind: InDoorOpen}},
			Input{Kind: InSpin}, refusal.RefusedState, DoorOpen, "play.refused.state.door_open", refusal.Values{}, "spin in state door_open"},
		{"cash-out with no credit", nil, Input{Kind: InCashout}, refusal.RefusedNoCredit, Idle, "play.refused.no_credit", refusal.Values{}, "cash-out with no balance"},
		{"take win with no win", nil, Input{Kind: InTakeWin}, refusal.RefusedState, Idle, "play.refused.state.idle", refusal.Values{}, "take win in state idle"},
		{"another wallet", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 500}},
			Input{Kind: InDeposit, Wallet: "someone-else", Cents: 500}, refusal.RefusedWallet, Idle, "play.refused.wallet", refusal.Values{}, "R-CASH-3"},
		{"deposit of nothing", nil, Input{Kind: InDeposit, Wallet: TestWallet, Cents: 0}, refusal.RefusedAmount, Idle, "play.refused.amount", refusal.Values{Amounts: map[string]int64{"Min": 1, "Max": maxDepositCents}}, "deposit of 0 cents"},
		{"bet per line too big", nil, Input{Kind: InSetBet, Credits: 100_000}, refusal.RefusedBet, Idle, "play.refused.bet", refusal.Values{}, "100000 credits"},
		{"unknown title", nil, Input{Kind: InSelectTitle, Title: "no-such-game"}, refusal.RefusedTitle, Idle, "play.refused.title", refusal.Values{}, `"no-such-game"`},
		{"attendant key with nothing to clear", nil, Input{Kind: InAttendantKey}, refusal.RefusedNothingToClear, Idle, "play.refused.nothing_to_clear", refusal.Values{}, "nothing to clear"},
		{"RAM clear with good memory", nil, Input{Kind: InRAMClear}, refusal.RefusedOther, Idle, "play.refused.other", refusal.Values{}, "critical memory is good"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 31)
			for _, in := range tc.before {
				r.must(in)
			}
			err := r.do(tc.in)
			if !errors.Is(err, ErrRefused) {
				t.Fatalf("err %v, want a refusal", err)
			}
			var ref *refusal.Refusal
			if !errors.As(err, &ref) {
				t.Fatalf("err %T is not a *refusal.Refusal", err)
			}
			if ref.Reason != tc.reason || (tc.reason == refusal.RefusedState && ref.State != tc.state) {
				t.Fatalf("reason %s state %s, want %s %s", ref.Reason, ref.State, tc.reason, tc.state)
			}
			msg, v, ok := refusal.PlayerMessage(err)
			if !ok || msg != tc.msg {
				t.Fatalf("player's message %q, want %q", msg, tc.msg)
			}
			for k, want := range tc.values.Amounts {
				if got, ok := v.Amounts[k]; !ok || got != want {
					t.Errorf("amount %s = %d (%v), want %d", k, got, ok, want)
				}
			}
			if !strings.Contains(err.Error(), tc.detail) || !strings.HasPrefix(err.Error(), "machine: input refused: ") {
				t.Fatalf("detail %q, want it to contain %q", err.Error(), tc.detail)
			}
			checkMsg(t, msg, v)
		})
	}
}

// msgID is the shape of a player's message id of the screen's catalogue.
var msgID = regexp.MustCompile(`^play\.refused(\.[a-z_]+)+$`)

// checkMsg: a player's message is an id of the screen's catalogue (the words are
// there, tested by package locale and the screen), with numbers only.
func checkMsg(t *testing.T, id string, v refusal.Values) {
	t.Helper()
	if !msgID.MatchString(id) {
		t.Errorf("player's message %q is no id of the play catalogue's refusals", id)
	}
	for k := range v.Counts {
		if _, dup := v.Amounts[k]; dup {
			t.Errorf("%s: value %s is both an amount and a count", id, k)
		}
	}
}
