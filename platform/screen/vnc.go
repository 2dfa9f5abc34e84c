package screen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The remote view: a VNC server (Debian's x11vnc) on the screen's display, bound
// to 127.0.0.1, so that a technician with only ssh sees the cabinet and presses
// its buttons through a tunnel (docs/cabinet.md: Seeing the screen over ssh). The
// screen program starts it beside itself (egm-screen --vnc PORT): it runs on the
// display the screen runs on (xvfb-run's, with its Xauthority) and dies with the
// screen's process group.

// ErrNoVNC is wrapped when the VNC server cannot be started or does not answer.
var ErrNoVNC = errors.New("screen: no VNC server")

// VNCArgs are x11vnc's arguments for display (":99") with its authority file (""
// for none) on 127.0.0.1:port: any number of viewers, one after another or at
// once, no password (the tunnel is the gate), no IPv6 socket.
func VNCArgs(display, xauth string, port int) []string {
	args := []string{"-display", display}
	if xauth != "" {
		args = append(args, "-auth", xauth)
	}
	return append(args, "-localhost", "-rfbport", strconv.Itoa(port), "-forever", "-shared", "-nopw", "-no6")
}

// TunnelHint is the console's words for a VNC server on 127.0.0.1:port of host.
func TunnelHint(host string, port int) string {
	if host == "" {
		host = "THIS-HOST"
	}
	return fmt.Sprintf("see and play the screen from your computer: ssh -L %d:127.0.0.1:%d %s, then a VNC viewer on localhost:%d (e.g. vncviewer localhost:%d)",
		port, port, host, port, port)
}

// VNC is a running VNC server.
type VNC struct {
	Addr string // 127.0.0.1:PORT
	cmd  *exec.Cmd
	out  *tail
	done chan struct{}
	err  error // after done
}

// StartVNC starts x11vnc on this process's display ($DISPLAY, $XAUTHORITY) on
// 127.0.0.1:port. It does not wait for it to answer (Wait does).
func StartVNC(port int) (*VNC, error) {
	if port <= 0 || port > 65535 {
		return nil, fmt.Errorf("%w: port %d, want 1..65535", ErrNoVNC, port)
	}
	display := os.Getenv("DISPLAY")
	if display == "" {
		return nil, fmt.Errorf("%w: no X display (DISPLAY is empty)", ErrNoVNC)
	}
	bin, err := exec.LookPath("x11vnc")
	if err != nil {
		return nil, fmt.Errorf("%w: x11vnc is not installed (`make deps` installs it; Debian: apt-get install x11vnc)", ErrNoVNC)
	}
	v := &VNC{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), out: &tail{}, done: make(chan struct{})}
	v.cmd = exec.Command(bin, VNCArgs(display, os.Getenv("XAUTHORITY"), port)...)
	v.cmd.Stdout, v.cmd.Stderr = v.out, v.out
	v.cmd.Env = vncEnv(os.Environ())
	if err := v.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: start x11vnc: %v", ErrNoVNC, err)
	}
	go func() {
		v.err = v.cmd.Wait()
		close(v.done)
	}()
	return v, nil
}

// vncEnv is the environment x11vnc runs in: without WAYLAND_DISPLAY, even empty
// (x11vnc then takes the session for Wayland's and exits), nor XDG_SESSION_TYPE.
func vncEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") && !strings.HasPrefix(kv, "XDG_SESSION_TYPE=") {
			out = append(out, kv)
		}
	}
	return out
}

// Wait waits until the server answers with its RFB greeting, it exits, or limit
// passes; the error names which, with the server's last words.
func (v *VNC) Wait(limit time.Duration) error {
	deadline := time.After(limit)
	for {
		select {
		case <-v.done:
			return fmt.Errorf("%w: x11vnc stopped (%v) before answering on %s: %s", ErrNoVNC, v.err, v.Addr, v.out.last())
		case <-deadline:
			return fmt.Errorf("%w: x11vnc did not answer on %s within %s: %s", ErrNoVNC, v.Addr, limit, v.out.last())
		case <-time.After(100 * time.Millisecond):
		}
		if _, err := RFBVersion(v.Addr, time.Second); err == nil {
			return nil
		}
	}
}

// Stop ends the server.
func (v *VNC) Stop() {
	_ = v.cmd.Process.Kill()
	<-v.done
}

// RFBVersion connects to a VNC server and reads its greeting, the protocol
// version "RFB 003.008" (RFC 6143, 7.1.1: twelve bytes "RFB xxx.yyy\n").
func RFBVersion(addr string, limit time.Duration) (string, error) {
	c, err := net.DialTimeout("tcp", addr, limit)
	if err != nil {
		return "", err
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(limit))
	var b [12]byte
	if _, err := io.ReadFull(c, b[:]); err != nil {
		return "", fmt.Errorf("platform: RFB greeting from %s: %w", addr, err)
	}
	s := string(b[:])
	if !strings.HasPrefix(s, "RFB ") || s[7] != '.' || s[11] != '\n' {
		return "", fmt.Errorf("platform: %s greets with %q, not an RFB version", addr, s)
	}
	return strings.TrimSuffix(s, "\n"), nil
}

// tail keeps the last few kilobytes a process wrote.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if n := len(t.b); n > 4096 {
		t.b = append(t.b[:0], t.b[n-4096:]...)
	}
	return len(p), nil
}

// last is the last non-empty line written ("no output" when none).
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var last string
	sc := bufio.NewScanner(bytes.NewReader(t.b))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			last = l
		}
	}
	if last == "" {
		return "no output"
	}
	return last
}
