package progress

import (
	"bytes"
	"os"
	"testing"
)

// Off a terminal the bar writes nothing; a nil bar is safe to use.
func TestNoBarOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, 10, "steps")
	b.Set(5)
	b.Int(10)
	b.Done()
	if buf.Len() != 0 || b.bar != nil {
		t.Fatalf("wrote %q to a buffer", buf.String())
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if New(f, 10, "steps").bar != nil {
		t.Fatal("a bar on a regular file")
	}
	var nb *Bar
	nb.Set(1)
	nb.Done()
}
