package screen

import (
	"net"
	"strings"
	"testing"
	"time"
)

// RFBVersion takes a VNC server's twelve-byte greeting and refuses anything else.
func TestRFBVersion(t *testing.T) {
	for _, c := range []struct {
		greet, want, err string
	}{
		{"RFB 003.008\n", "RFB 003.008", ""},
		{"RFB 003.003\n", "RFB 003.003", ""},
		{"SSH-2.0-Open", "", "not an RFB version"},
		{"RFB 003.008", "", "EOF"},
	} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			c2, err := ln.Accept()
			if err == nil {
				c2.Write([]byte(c.greet))
				c2.Close()
			}
		}()
		got, err := RFBVersion(ln.Addr().String(), 10*time.Second)
		ln.Close()
		if c.err == "" && (err != nil || got != c.want) {
			t.Errorf("%q: %q, %v; want %q", c.greet, got, err, c.want)
		}
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q: error %v, want one with %q", c.greet, err, c.err)
		}
	}
}

// x11vnc is bound to 127.0.0.1 (-localhost) on the given port, for the display
// and its authority file.
func TestVNCArgs(t *testing.T) {
	got := strings.Join(VNCArgs(":99", "/tmp/x/Xauthority", 5900), " ")
	for _, want := range []string{"-display :99", "-auth /tmp/x/Xauthority", "-localhost", "-rfbport 5900"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if strings.Contains(strings.Join(VNCArgs(":1", "", 5901), " "), "-auth") {
		t.Error("-auth with no authority file")
	}
	if _, err := StartVNC(0); err == nil {
		t.Error("port 0 accepted")
	}
}

// x11vnc takes an empty WAYLAND_DISPLAY for a Wayland session and exits: it runs
// without one.
func TestVNCEnv(t *testing.T) {
	got := vncEnv([]string{"DISPLAY=:99", "WAYLAND_DISPLAY=", "XDG_SESSION_TYPE=wayland", "XAUTHORITY=/tmp/a"})
	if strings.Join(got, " ") != "DISPLAY=:99 XAUTHORITY=/tmp/a" {
		t.Errorf("%q", got)
	}
}
