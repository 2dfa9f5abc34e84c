package main

import (
	"fmt"
	"image"
	"image/png"
	"net"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"egm/meters"
	"egm/platform"
	"egm/platform/screen"
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
// answers, a viewer sees the screen and plays a game (playOverVNC), and the
// server stops with the cabinet.
func TestRunServesVNC(t *testing.T) {
	for _, prog := range []string{"x11vnc", "xvfb-run"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s is not installed (`make deps` installs it): the VNC server is not tested", prog)
		}
	}
	bin := screenBin(t)
	port := freePort(t)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	dir := t.TempDir()
	p := startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY="}, "--state", dir, "--screen", bin, "--sound", "off", "--dev", "--vnc", strconv.Itoa(port))
	p.waitFor(regexp.MustCompile(regexp.QuoteMeta(fmt.Sprintf("ssh -L %d:127.0.0.1:%d ", port, port))), 1)
	if m := p.waitFor(regexp.MustCompile(`egm-screen: (VNC server on `+regexp.QuoteMeta(addr)+` \(display :\d+\)|.*no VNC server.*)`), 1); strings.Contains(m[1], "no VNC server") {
		t.Fatalf("%s\n%s", m[1], p.output())
	}
	p.waitFor(reScreenConnected, 1)
	v, err := screen.RFBVersion(addr, 10*time.Second)
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
	playOverVNC(t, addr, dir)
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-p.done; err != nil {
		t.Fatalf("exit: %v\n%s", err, p.output())
	}
	if _, err := screen.RFBVersion(addr, 2*time.Second); err == nil {
		t.Errorf("the VNC server on %s outlived the cabinet", addr)
	}
}

// playOverVNC is the technician at a VNC viewer: sees the cabinet (a whole
// 1920×1080 frame that is not blank), puts in test credits with F2 and plays a game
// with SPIN (Space, pressed and released at once, as xdotool does) through the
// attract mode and the lobby, until the meters count it. EGM_VNC_SHOT=FILE keeps
// the viewer's last frame as a PNG.
func playOverVNC(t *testing.T, addr, dir string) {
	t.Helper()
	vc, err := dialRFB(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer vc.Close()
	colours := func(img *image.RGBA) int {
		seen := map[[3]uint8]bool{}
		for i := 0; i+3 < len(img.Pix); i += 4 * 13 {
			seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
		}
		return len(seen)
	}
	var img *image.RGBA
	for limit := time.Now().Add(3 * time.Minute); ; time.Sleep(500 * time.Millisecond) { // the screen's first frames come
		var err error
		if img, err = vc.frame(); err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
			t.Fatalf("the viewer sees %v, want 1920x1080", b)
		}
		if colours(img) >= 50 {
			break
		}
		if time.Now().After(limit) {
			t.Fatalf("the viewer sees %d colours after 3 minutes: a blank screen", colours(img))
		}
	}
	meter := func(k meters.Meter) int64 {
		ro, err := platform.OpenState(dir) // through the running platform
		if err != nil {
			t.Fatal(err)
		}
		defer ro.Close()
		var v int64
		if err := ro.View(func(s *meters.Snapshot) { v = s.Meters()[k] }); err != nil {
			t.Fatal(err)
		}
		return v
	}
	// until does act, then waits for done, acting again after each 10 s without
	// it (a press the screen missed); the limit only ends a test that hangs.
	until := func(what string, act func() error, done func() bool) {
		t.Helper()
		limit := time.Now().Add(3 * time.Minute)
		for time.Now().Before(limit) {
			if err := act(); err != nil {
				t.Fatal(err)
			}
			for try := time.Now().Add(10 * time.Second); time.Now().Before(try); time.Sleep(200 * time.Millisecond) {
				if done() {
					return
				}
			}
		}
		t.Fatalf("%s: not done within 3 minutes", what)
	}
	const keyF2, keySpace = 0xffbf, 0x20
	until("F2 test credits", func() error { return vc.key(keyF2, 300*time.Millisecond) },
		func() bool { return meter(meters.CurrentCredits) >= testDepositCents })
	until("a game with SPIN", func() error { return vc.key(keySpace, 0) },
		func() bool { return meter(meters.GamesPlayed) >= 1 })
	if f := os.Getenv("EGM_VNC_SHOT"); f != "" {
		var err error
		if img, err = vc.frame(); err == nil {
			var w *os.File
			if w, err = os.Create(f); err == nil {
				err = png.Encode(w, img)
				w.Close()
			}
		}
		if err != nil {
			t.Errorf("EGM_VNC_SHOT: %v", err)
		}
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
