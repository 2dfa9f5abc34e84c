package sound

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every cue is listed once; with a directory each is written as a WAV file
// named on its line.
func TestList(t *testing.T) {
	var out bytes.Buffer
	if err := List(&out, ""); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(All()) || strings.Contains(out.String(), ".wav") {
		t.Fatalf("%d lines for %d cues:\n%s", len(lines), len(All()), out.String())
	}
	dir := filepath.Join(t.TempDir(), "wav")
	out.Reset()
	if err := List(&out, dir); err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		f := l[strings.LastIndex(l, " ")+1:]
		b, err := os.ReadFile(f)
		if err != nil || !bytes.HasPrefix(b, []byte("RIFF")) || filepath.Dir(f) != dir {
			t.Fatalf("cue %d: %q: %v", i, l, err)
		}
	}
}
