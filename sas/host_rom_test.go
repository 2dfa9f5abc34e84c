package sas

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

// TestHostROMSignature: the host asks for a signature that takes the machine 2 s
// and gets it at the first repeat after it is ready; asked for less time than
// that, it says the machine was late. In a synctest bubble, so the times are
// exact on any machine.
func TestHostROMSignature(t *testing.T) {
	for _, tc := range []struct {
		name   string
		within time.Duration
		late   bool
	}{
		{"answered", 10 * time.Second, false},
		{"late", time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				m := &slowROM{fakeMachine: fakeMachine{credits: 3}, delay: 2 * time.Second}
				h, _ := pair(t, &linkHandler{r: &Responder{M: m}, f: &m.fakeMachine}, nil)
				sig, took, err := h.ROMSignature(1, 0x1234, tc.within, 50*time.Millisecond)
				if tc.late {
					if !errors.Is(err, ErrROMSignatureLate) {
						t.Fatalf("err %v, want ErrROMSignatureLate", err)
					}
					time.Sleep(m.delay) // the machine's computation ends inside the bubble
					synctest.Wait()
					return
				}
				if err != nil || sig != 0x1234^0x5AA5 {
					t.Fatalf("signature %04X, %v", sig, err)
				}
				if took < 2*time.Second || took > 2*time.Second+200*time.Millisecond {
					t.Fatalf("answered after %v, want the machine's 2 s and at most one retry more", took)
				}
			})
		})
	}
}
