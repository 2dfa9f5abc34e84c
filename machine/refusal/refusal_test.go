package refusal

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestSampleRefusals checks every message a refusal can give the player: one
// per reason with a fixed text, one per state, and the ones with amounts at the
// machine's largest amounts.
func TestSampleRefusals(t *testing.T) {
	seen := map[Reason]bool{}
	for _, r := range SampleRefusals() {
		seen[r.Reason] = true
		if r.Msg == "" {
			t.Errorf("reason %s: no message for the player", r.Reason)
		}
		if !errors.Is(r, ErrRefused) {
			t.Errorf("reason %s: not ErrRefused", r.Reason)
		}
		checkMsg(t, r.Msg, r.Values)
		if e := r.Error(); strings.TrimSpace(e) != e {
			t.Errorf("reason %s: the detail %q has a leading or trailing space", r.Reason, e)
		}
	}
	for r := Reason(0); r < reasons; r++ {
		if !seen[r] {
			t.Errorf("reason %s has no sample", r)
		}
	}
	if got, _, ok := PlayerMessage(errors.New("machine: other")); ok || got != "" {
		t.Errorf("PlayerMessage of a plain error = %q, %v", got, ok)
	}
}

// msgID is the shape of a player's message id of the screen's catalogue.
var msgID = regexp.MustCompile(`^play\.refused(\.[a-z_]+)+$`)

// checkMsg: a player's message is an id of the screen's catalogue (the words are
// there, tested by package locale and the screen), with numbers only.
func checkMsg(t *testing.T, id string, v Values) {
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
