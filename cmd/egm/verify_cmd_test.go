package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// boardRoot copies the rootfs overlay and a platform program into a fresh root.
func boardRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	src := "../../buildroot/board/egm/rootfs-overlay"
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Join(root, filepath.Dir(rel)), 0o755)
		return os.WriteFile(filepath.Join(root, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "usr/bin"), 0o755)
	if err := os.WriteFile(filepath.Join(root, "usr/bin/egm"), []byte("the platform"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestVerifyCommand(t *testing.T) {
	root := boardRoot(t)
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"verify", "--root", root, "--hmac-sha1", "1234", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rep verifyReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	m := hmac.New(sha1.New, []byte("1234"))
	last := ""
	for _, f := range rep.Files {
		if f.Path <= last {
			t.Fatalf("not in path order: %s after %s", f.Path, last)
		}
		last = f.Path
		b, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		m.Write(b)
	}
	if rep.Layout != "board" || len(rep.Files) != 10 || rep.Set.HMACSHA1 != hex.EncodeToString(m.Sum(nil)) {
		t.Fatalf("report %+v", rep)
	}

	out.Reset()
	if code := runProgram([]string{"verify", "--root", root}, &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "  /usr/bin/egm\n") || !strings.Contains(out.String(), "(the set)") {
		t.Fatalf("text listing (exit %d):\n%s", code, out.String())
	}

	os.Remove(filepath.Join(root, "etc/init.d/S21egm-sas"))
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"verify", "--root", root}, 1, "/etc/init.d/S21egm-sas of the program set is missing"},
		{[]string{"verify", "--root", t.TempDir()}, 1, "not a board's root"},
		{[]string{"verify", "--file", filepath.Join(root, "nothing")}, 1, "no such file"},
		{[]string{"verify", "--root", root, "--file", "x"}, 2, "two different sets"},
		{[]string{"verify", "--file", "x", "--hmac-sha1", "hex:0"}, 2, "not hex"},
	}
	for _, c := range cases {
		out.Reset()
		errOut.Reset()
		if code := runProgram(c.args, &out, &errOut); code != c.code || !strings.Contains(errOut.String(), c.msg) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, errOut.String(), c.code, c.msg)
		}
	}
}
