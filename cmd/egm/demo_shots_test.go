package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// egmDemo runs `egm demo args…` with the screen program on PATH; it returns the
// exit status, stdout and stderr.
func egmDemo(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	bin := screenBin(t)
	c := testChild(append([]string{"demo"}, args...))
	c.Env = append(c.Env, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	if err != nil && c.ProcessState == nil {
		t.Fatal(err)
	}
	return c.ProcessState.ExitCode(), out.String(), errb.String()
}

// `egm demo --screenshots DIR` writes each picture as it is taken (--only picks
// them by name, keeping the set's numbers): when the second picture cannot be
// written (a directory stands where its file goes), the run ends naming it, and
// the first picture is on disk, whole. (One run: the set's rigs take a while.)
func TestDemoScreenshotsKeepEach(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "02-lobby.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := egmDemo(t, "--screenshots", dir, "--only", "^(attract|lobby)$")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
	}
	if !strings.Contains(errs, "picture 2 of 2 (02-lobby)") || !strings.Contains(errs, "1 pictures written") {
		t.Errorf("the error does not name the picture or what was kept:\n%s", errs)
	}
	f := filepath.Join(dir, "01-attract.png")
	if !strings.Contains(out, f) {
		t.Errorf("stdout does not name %s:\n%s", f, out)
	}
	r, err := os.Open(f)
	if err != nil {
		t.Fatalf("the first picture was not kept: %v", err)
	}
	defer r.Close()
	if cfg, err := png.DecodeConfig(r); err != nil || cfg.Width != 1920 || cfg.Height != 1080 {
		t.Errorf("%s: %dx%d, %v; want a 1920x1080 PNG", f, cfg.Width, cfg.Height, err)
	}
}
