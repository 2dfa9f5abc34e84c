package saslink

import (
	"sync"
	"testing"
)

// The floor host's 03 and 04 reach the callback the screen registers; nothing of
// them enters critical memory.
func TestSoundOffOn(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b)
	if err := p.SetSound(false); err != nil { // no callback yet: ACKed, nothing changes
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got []bool
	b.OnSound(func(on bool) { mu.Lock(); got = append(got, on); mu.Unlock() })
	seq := m.Seq()
	for _, on := range []bool{false, true} {
		if err := p.SetSound(on); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || got[0] || !got[1] {
		t.Errorf("callback got %v, want [false true]", got)
	}
	if s := m.Seq(); s != seq {
		t.Errorf("critical memory committed %d times for the sound", s-seq)
	}
}
