package main

import (
	"strings"
	"testing"
)

// The headless screen takes the socket from the flags egm run gives a screen,
// and ignores the others.
func TestSocketArg(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		ok   bool
	}{
		{[]string{"--socket", "/var/lib/egm/screen.sock", "--scene", "attract", "--frames", "120", "--sound", "off"}, "/var/lib/egm/screen.sock", true},
		{[]string{"--scene", "attract", "--socket=/s.sock"}, "/s.sock", true},
		{[]string{"-socket", "/t.sock"}, "/t.sock", true},
		{[]string{"--scene", "attract"}, "", false},
		{[]string{"--socket"}, "", false},
		{[]string{"--socket="}, "", false},
	} {
		got, err := socketArg(c.args)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("%q: %q %v", c.args, got, err)
		}
	}
}

func TestUsage(t *testing.T) {
	var out, errOut strings.Builder
	if code := run(nil, &out, &errOut); code != 2 || errOut.String() == "" {
		t.Errorf("no subcommand: %d %q", code, errOut.String())
	}
	if code := run([]string{"dance"}, &out, &errOut); code != 2 {
		t.Errorf("an unknown subcommand: %d", code)
	}
}
