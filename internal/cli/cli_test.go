package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		ok   bool
		out  string
	}{
		{nil, 0, true, ""},
		{[]string{"-h"}, 0, false, "usage: egm-screen demo [--x]"},
		{[]string{"--nope"}, 2, false, "flag provided but not defined"},
		{[]string{"stray"}, 2, false, `egm-screen demo: unexpected argument "stray"`},
	} {
		var b bytes.Buffer
		fs := NewFlags("egm-screen", "demo", "demo [--x]", &b)
		fs.Bool("x", false, "x")
		code, ok := Parse("egm-screen", fs, c.args)
		if code != c.code || ok != c.ok || !strings.Contains(b.String(), c.out) {
			t.Errorf("%v: %d %v %q", c.args, code, ok, b.String())
		}
	}
	var b bytes.Buffer
	fs := NewFlags("egm", "run", "run", &b)
	if code := BadUsage("egm", fs, "--frames %d", -1); code != 2 || !strings.Contains(b.String(), "egm run: --frames -1") {
		t.Errorf("bad usage: %d %q", code, b.String())
	}
}

func TestFail(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{"platform: no screen", "egm-screen: platform: no screen\n"},
		{"egm run: --frames", "egm run: --frames\n"},
	} {
		var b bytes.Buffer
		if code := Fail("egm-screen", &b, errors.New(c.err)); code != 1 || b.String() != c.want {
			t.Errorf("%q: %d %q", c.err, code, b.String())
		}
	}
}
