package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// overlay is the rootfs overlay image/ and buildroot/ both install.
const overlay = "../../buildroot/board/egm/rootfs-overlay"

// fakeBoard makes a board's root as image/build.sh does: the overlay, the
// platform, the test image's lab files and kernel modules, plus extra files.
func fakeBoard(t *testing.T, extra map[string]string) string {
	t.Helper()
	root := t.TempDir()
	err := filepath.WalkDir(overlay, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(overlay, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return write(root, rel, string(b))
	})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"usr/bin/egm":                     "platform program",
		"etc/egm/lab":                     "",
		"etc/egm/lab.json":                `{"state_dir": "/var/lib/egm"}`,
		"lib/modules/egm/load":            "ext4\n",
		"lib/modules/egm/ext4.ko":         "module",
		"etc/init.d/S01syslogd":           "not the cabinet's", // Buildroot's own: not in the set
		"var/lib/egm/critical.mem":        "state, not software",
		"usr/bin/unrelated-tool":          "not the cabinet's",
		"etc/udev/rules.d/10-other.rules": "not the cabinet's",
	}
	for k, v := range extra {
		files[k] = v
	}
	for rel, body := range files {
		if err := write(root, rel, body); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func write(root, rel, body string) error {
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(body), 0o644)
}

func paths(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Path)
	}
	return out
}

func TestBoardSet(t *testing.T) {
	cases := []struct {
		name  string
		extra map[string]string
		want  []string // beyond the overlay's files and /usr/bin/egm
	}{
		{"test image", nil, []string{"/etc/egm/lab", "/etc/egm/lab.json", "/lib/modules/egm/ext4.ko", "/lib/modules/egm/load"}},
		{"buildroot with screen and wiring", map[string]string{
			"usr/bin/egm-screen":                "screen program",
			"etc/udev/rules.d/99-egm-sas.rules": "rule",
			"etc/egm/wiring.json":               "{}",
		}, []string{"/etc/egm/lab", "/etc/egm/lab.json", "/etc/egm/wiring.json", "/etc/udev/rules.d/99-egm-sas.rules",
			"/lib/modules/egm/ext4.ko", "/lib/modules/egm/load", "/usr/bin/egm-screen"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := fakeBoard(t, c.extra)
			es, err := Board(root)
			if err != nil {
				t.Fatal(err)
			}
			want := append([]string{"/usr/bin/egm"}, c.want...)
			filepath.WalkDir(overlay, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(overlay, p)
					want = append(want, "/"+filepath.ToSlash(rel))
				}
				return nil
			})
			slices.Sort(want)
			if got := paths(es); !slices.Equal(got, want) {
				t.Fatalf("set:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// Every file the overlay installs is a required file of the set, and back.
func TestBoardRequiredIsTheOverlay(t *testing.T) {
	var files []string
	filepath.WalkDir(overlay, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(overlay, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	files = append(files, "usr/bin/egm")
	slices.Sort(files)
	if !slices.Equal(files, boardRequired) {
		t.Fatalf("boardRequired %q\n != the overlay's files and usr/bin/egm %q", boardRequired, files)
	}
}

func TestBoardErrors(t *testing.T) {
	if _, err := Board(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a board's root") {
		t.Fatalf("empty root: %v", err)
	}
	root := fakeBoard(t, nil)
	os.Remove(filepath.Join(root, "usr/bin/egm"))
	os.Remove(filepath.Join(root, "etc/inittab"))
	_, err := Board(root)
	if err == nil || !strings.Contains(err.Error(), "/usr/bin/egm of the program set is missing") ||
		!strings.Contains(err.Error(), "/etc/inittab of the program set is missing") {
		t.Fatalf("missing files: %v", err)
	}
}

func TestComputeErrors(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	os.WriteFile(ok, []byte("x"), 0o644)
	locked := filepath.Join(dir, "locked")
	os.WriteFile(locked, []byte("x"), 0o000)
	es := Files([]string{ok, filepath.Join(dir, "gone"), dir})
	if os.Geteuid() != 0 { // root reads a mode-000 file
		es = append(es, Entry{Path: locked, Disk: locked})
	}
	_, err := Compute(es, nil)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{"gone: no such file", dir + " is not a regular file", "could not be read"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if os.Geteuid() != 0 && !strings.Contains(msg, "locked: permission denied") {
		t.Errorf("error %q lacks the unreadable file", msg)
	}
	if _, err := Compute(nil, nil); err == nil {
		t.Fatal("an empty set verified")
	}
}

// The listing against an independent computation: Go's SHA-256 of the
// concatenation, and, where installed, openssl and sha256sum, per file and over
// the set (cat of the files in the listed order).
func TestComputeAgainstOpenSSL(t *testing.T) {
	root := fakeBoard(t, map[string]string{"usr/bin/egm-screen": strings.Repeat("screen ", 10000)})
	es, err := Board(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, seedText := range []string{"1234", "a lab's seed", "hex:00ff10"} {
		seed, err := ParseSeed(seedText)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Compute(es, seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Files) != len(es) {
			t.Fatalf("%d files listed of %d", len(rep.Files), len(es))
		}
		var all []byte
		var disks []string
		for i, f := range rep.Files {
			b, _ := os.ReadFile(es[i].Disk)
			all = append(all, b...)
			disks = append(disks, es[i].Disk)
			if f.Path != es[i].Path || f.Bytes != int64(len(b)) || f.HMACSHA1 != HMACSHA1(seed, b) {
				t.Fatalf("file %d: %+v", i, f)
			}
			if s := sha256.Sum256(b); f.SHA256 != hex.EncodeToString(s[:]) {
				t.Fatalf("%s: sha256 %s", f.Path, f.SHA256)
			}
		}
		if s := sha256.Sum256(all); rep.Set.SHA256 != hex.EncodeToString(s[:]) || rep.Set.Bytes != int64(len(all)) {
			t.Fatalf("set sha256 %+v", rep.Set)
		}
		if rep.Set.HMACSHA1 != HMACSHA1(seed, all) {
			t.Fatalf("set hmac %s", rep.Set.HMACSHA1)
		}
		if _, err := exec.LookPath("openssl"); err != nil {
			t.Log("openssl not installed: the independent check is skipped")
			continue
		}
		key := []string{"-hmac", seedText}
		if h, ok := strings.CutPrefix(seedText, "hex:"); ok {
			key = []string{"-mac", "HMAC", "-macopt", "hexkey:" + h}
		}
		for i, d := range disks {
			if got := openssl(t, nil, append(append([]string{"dgst", "-sha1"}, key...), d)...); got != rep.Files[i].HMACSHA1 {
				t.Fatalf("%s: openssl %s, egm verify %s", d, got, rep.Files[i].HMACSHA1)
			}
		}
		if got := openssl(t, all, append([]string{"dgst", "-sha1"}, key...)...); got != rep.Set.HMACSHA1 {
			t.Fatalf("set: openssl %s, egm verify %s", got, rep.Set.HMACSHA1)
		}
		if _, err := exec.LookPath("sha256sum"); err == nil {
			out, err := exec.Command("sha256sum", disks...).Output()
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				if f := strings.Fields(line); f[0] != rep.Files[i].SHA256 {
					t.Fatalf("sha256sum %s, egm verify %s", line, rep.Files[i].SHA256)
				}
			}
		}
	}
}

// openssl runs openssl with stdin and returns the digest, the output's last field.
func openssl(t *testing.T, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("openssl", args...)
	cmd.Stdin = bytes.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("openssl %q: %v", args, err)
	}
	f := strings.Fields(string(out))
	return f[len(f)-1]
}

func TestBeside(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "egm")
	os.WriteFile(exe, []byte("p"), 0o755)
	if _, err := Beside(exe); err == nil || !strings.Contains(err.Error(), "screen program is not beside") {
		t.Fatalf("no screen: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "egm-screen"), []byte("s"), 0o755)
	es, err := Beside(exe)
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(es); !slices.Equal(got, []string{exe, filepath.Join(dir, "egm-screen")}) {
		t.Fatalf("set %q", got)
	}
}
