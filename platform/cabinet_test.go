package platform

import (
	"testing"
	"time"
)

// A cabinet key reaches the connected screen; with no screen it is dropped.
func TestCabinetKeyReachesTheScreen(t *testing.T) {
	r := newRig(t, nil)
	r.srv.CabinetKey("operator_key") // no screen yet: nothing to tell, nothing blocks
	c := r.dial(t)
	got := make(chan string, 4)
	c.OnCabinet(func(k string) { got <- k })
	r.srv.CabinetKey("operator_key")
	r.srv.CabinetKey("spin")
	for _, want := range []string{"operator_key", "spin"} {
		select {
		case k := <-got:
			if k != want {
				t.Fatalf("screen told %q, want %q", k, want)
			}
		case <-time.After(60 * time.Second): // only ends a hung test
			t.Fatalf("the screen never heard %q", want)
		}
	}
}

// A screen that disconnects is no longer the target of cabinet keys: the platform
// forgets it, and the screen that connects next hears the keys pressed after it.
func TestCabinetKeyForgetsAClosedScreen(t *testing.T) {
	r := newRig(t, nil)
	first := r.dial(t)
	first.Close()
	deadline := time.Now().Add(60 * time.Second) // only ends a hung test
	for r.srv.current() != nil {
		if time.Now().After(deadline) {
			t.Fatal("the platform still holds the closed screen as the one connected")
		}
		time.Sleep(time.Millisecond)
	}
	r.srv.CabinetKey("operator_key") // no screen: dropped
	second := r.dial(t)
	got := make(chan string, 4)
	second.OnCabinet(func(k string) { got <- k })
	r.srv.CabinetKey("spin")
	select {
	case k := <-got:
		if k != "spin" {
			t.Fatalf("the new screen heard %q, want spin (a key pressed with no screen is dropped)", k)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the new screen never heard spin")
	}
}

func (s *Server) current() *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}
