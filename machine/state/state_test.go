package state

import "testing"

// TestStateText: every state's name reads back as the state; an unknown name
// and a state out of range are not taken for a state.
func TestStateText(t *testing.T) {
	for s := Idle; s <= Reserved; s++ {
		b, _ := s.MarshalText()
		var got State
		if err := got.UnmarshalText(b); err != nil || got != s {
			t.Errorf("%s: read back %v, %v", b, got, err)
		}
	}
	var s State
	if s.UnmarshalText([]byte("dancing")) == nil {
		t.Error("an unknown state was read")
	}
	if got := (Reserved + 1).String(); got != "State(11)" {
		t.Errorf("out of range: %q", got)
	}
}
