package buildinfo

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFileSHA256(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := FileSHA256(p)
	if err != nil {
		t.Fatal(err)
	}
	// FIPS 180-2 example: SHA-256("abc").
	if want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Fatalf("got %s", got)
	}
	if _, err := FileSHA256(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("missing file hashed")
	}
	if h, err := ProgramSHA256(); err != nil || len(h) != 64 {
		t.Fatalf("ProgramSHA256 = %q, %v", h, err)
	}
}
