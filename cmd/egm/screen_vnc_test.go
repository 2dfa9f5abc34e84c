package main

import (
	"fmt"
	"net"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"egm/platform"
)

// freePort is a TCP port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// With no display, `egm run --vnc PORT` runs the screen on a virtual display and
// serves it over VNC on 127.0.0.1:PORT only: the console gives the ssh tunnel's
// command, the server greets with an RFB version, no other address of the host
// answers, and the server stops with the cabinet.
func TestRunServesVNC(t *testing.T) {
	for _, prog := range []string{"x11vnc", "xvfb-run"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s is not installed (`make deps` installs it): the VNC server is not tested", prog)
		}
	}
	bin := screenBin(t)
	port := freePort(t)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	p := startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY="}, "--state", t.TempDir(), "--screen", bin, "--sound", "off", "--vnc", strconv.Itoa(port))
	p.waitFor(regexp.MustCompile(regexp.QuoteMeta(fmt.Sprintf("ssh -L %d:127.0.0.1:%d ", port, port))), 1)
	if m := p.waitFor(regexp.MustCompile(`egm-screen: (VNC server on `+regexp.QuoteMeta(addr)+` \(display :\d+\)|.*no VNC server.*)`), 1); strings.Contains(m[1], "no VNC server") {
		t.Fatalf("%s\n%s", m[1], p.output())
	}
	p.waitFor(reScreenConnected, 1)
	v, err := platform.RFBVersion(addr, 10*time.Second)
	if err != nil {
		t.Fatalf("%v\n%s", err, p.output())
	}
	if !regexp.MustCompile(`^RFB 003\.00\d$`).MatchString(v) {
		t.Errorf("greeting %q, want RFB 003.00x", v)
	}
	if as, err := net.InterfaceAddrs(); err == nil {
		for _, a := range as {
			ip, ok := a.(*net.IPNet)
			if !ok || ip.IP.IsLoopback() || ip.IP.To4() == nil {
				continue
			}
			other := net.JoinHostPort(ip.IP.String(), strconv.Itoa(port))
			if c, err := net.DialTimeout("tcp", other, 2*time.Second); err == nil {
				c.Close()
				t.Errorf("the VNC server answers on %s: it must be bound to 127.0.0.1 only", other)
			}
		}
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-p.done; err != nil {
		t.Fatalf("exit: %v\n%s", err, p.output())
	}
	if _, err := platform.RFBVersion(addr, 2*time.Second); err == nil {
		t.Errorf("the VNC server on %s outlived the cabinet", addr)
	}
}

// With no display and no --vnc, the console says how to serve the screen over VNC.
func TestRunVirtualDisplayHint(t *testing.T) {
	if _, err := exec.LookPath("xvfb-run"); err != nil {
		t.Skip("xvfb-run is not installed (`make deps` installs it)")
	}
	p := startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY="}, "--state", t.TempDir(), "--screen", screenBin(t), "--sound", "off")
	p.waitFor(regexp.MustCompile("No display: .*`egm run --vnc 5900`"), 1)
	p.waitFor(reScreenConnected, 1)
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-p.done; err != nil {
		t.Fatalf("exit: %v\n%s", err, p.output())
	}
	if strings.Contains(p.output(), "VNC server on") {
		t.Errorf("a VNC server without --vnc:\n%s", p.output())
	}
}
