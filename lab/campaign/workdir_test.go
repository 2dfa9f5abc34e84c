package campaign

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWorkdir(t *testing.T) {
	var out bytes.Buffer
	d, err := NewWorkdir("", "test")
	if err != nil {
		t.Fatal(err)
	}
	if !d.Finish(&out, true) || out.Len() != 0 {
		t.Fatalf("clean run said %q", out.String())
	}
	if _, err := os.Stat(d.Dir); !os.IsNotExist(err) {
		t.Fatalf("temporary directory left after a clean run: %v", err)
	}
	d, err = NewWorkdir("", "test")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(d.Dir)
	if d.Finish(&out, false) || !strings.Contains(out.String(), "kept for inspection: "+d.Dir) {
		t.Fatalf("failed run said %q", out.String())
	}
	if _, err := os.Stat(d.Dir); err != nil {
		t.Fatalf("directory of a failed run removed: %v", err)
	}
	given := t.TempDir()
	d, _ = NewWorkdir(given, "test")
	d.Finish(&out, true)
	if _, err := os.Stat(given); err != nil || d.Dir != given {
		t.Fatalf("a given directory removed: %v", err)
	}
	missing := filepath.Join(t.TempDir(), "a", "b")
	if d, err = NewWorkdir(missing, "test"); err != nil || d.Dir != missing {
		t.Fatalf("a missing directory given: %v", err)
	}
	if st, err := os.Stat(missing); err != nil || !st.IsDir() {
		t.Fatalf("the given directory was not made: %v", err)
	}
}
