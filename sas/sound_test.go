package sas

import "testing"

type soundEGM struct {
	fakeEGM
	calls []bool
}

func (s *soundEGM) SetSound(on bool) { s.calls = append(s.calls, on) }

// 03 turns the sound off and 04 on, each ACKed; a machine without a sound switch
// ACKs both and changes nothing.
func TestSoundPolls(t *testing.T) {
	m := &soundEGM{}
	r := &Responder{M: m}
	for _, c := range []struct {
		cmd  byte
		want bool
	}{{0x03, false}, {0x04, true}, {0x03, false}} {
		out, resp := r.LongPoll(Poll{Addr: 1, Cmd: c.cmd}, nil)
		if resp != ACK || len(out) != 0 {
			t.Errorf("%02X: %v % X, want a bare ACK", c.cmd, resp, out)
		}
		if got := m.calls[len(m.calls)-1]; got != c.want {
			t.Errorf("%02X: sound %v, want %v", c.cmd, got, c.want)
		}
	}
	if len(m.calls) != 3 {
		t.Errorf("%d calls", len(m.calls))
	}
	if _, resp := (&Responder{M: &fakeEGM{}}).LongPoll(Poll{Addr: 1, Cmd: 0x03}, nil); resp != ACK {
		t.Errorf("without a sound switch: %v, want ACK", resp)
	}
	if sh, ok := pollShapes[0x03]; !ok || sh.kind != 'S' || sh.n != 0 {
		t.Errorf("03 is not a type S poll without data: %+v", sh)
	}
}
