package floorcli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/floor"
	"egm/floor/pgtest"
)

// The wallet commands take PostgreSQL's password from --db-password-file, as
// egm-floor run does: a file others may read is refused before anything opens,
// a wrong password fails, the right one works with no password in the
// environment.
func TestWalletPasswordFile(t *testing.T) {
	u := pgtest.URL(t)
	right := os.Getenv("PGPASSWORD")
	t.Setenv("PGPASSWORD", "")
	t.Setenv(floor.PasswordEnv, "")
	dir := t.TempDir()
	file := func(name, pw string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(pw+"\n"), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
		return p
	}
	for _, c := range []struct {
		name, file string
		code       int
		says       string
	}{
		{"readable by others", file("open", right, 0o644), 2, "others may read it"},
		{"wrong password", file("wrong", right+"x", 0o600), 1, "password"},
		{"right password", file("right", right, 0o600), 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run([]string{"wallet", "account", "--db", u, "--db-password-file", c.file, "--player", "ada", "--fund", "100"}, &out, &errb)
			if code != c.code || !strings.Contains(errb.String(), c.says) {
				t.Fatalf("exit %d, want %d\n%s%s", code, c.code, out.String(), errb.String())
			}
		})
	}
}
