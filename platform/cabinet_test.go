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
