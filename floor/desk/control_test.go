package desk

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
)

func TestControlNetwork(t *testing.T) {
	for _, tc := range []struct {
		spec, network, addr string
		ok                  bool
	}{
		{"127.0.0.1:7710", "tcp", "127.0.0.1:7710", true},
		{"[::1]:7710", "tcp", "[::1]:7710", true},
		{"localhost:0", "tcp", "localhost:0", true},
		{"unix:/run/floor.sock", "unix", "/run/floor.sock", true},
		{"unix:", "", "", false},
		{"0.0.0.0:7710", "", "", false},
		{"10.1.2.3:7710", "", "", false},
		{"floor.example:7710", "", "", false},
		{"7710", "", "", false},
	} {
		n, a, err := floor.ControlNetwork(tc.spec)
		if tc.ok != (err == nil) || n != tc.network || a != tc.addr {
			t.Errorf("%q: %q %q %v", tc.spec, n, a, err)
		}
		if err != nil && !errors.Is(err, floor.ErrControlAddr) {
			t.Errorf("%q: %v is not ErrControlAddr", tc.spec, err)
		}
	}
}

// TestControlUnixSocket: the control endpoint on a unix socket (mode 0600): an
// account opened and funded, the balances read, a malformed scan and an unknown
// field refused with their reasons; a second floor on the same live socket is
// refused, and a client of a socket nobody serves says so.
func TestControlUnixSocket(t *testing.T) {
	st, err := floor.OpenStore(filepath.Join(t.TempDir(), "floor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var lines []string
	wl, err := NewWalletLoop(st, time.Minute, func(s string) { lines = append(lines, s) })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sock := filepath.Join(t.TempDir(), "floor.sock")
	addr, err := ServeControl(ctx, "unix:"+sock, wl)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket %v %v", fi, err)
	}
	fc, err := NewControlClient(addr)
	if err != nil {
		t.Fatal(err)
	}
	var a Account
	if err := fc.Call("/v1/account", ControlAccount{Player: "erin", Fund: 1234}, &a); err != nil || a.Player != "erin" || a.Cents != 12_34 {
		t.Fatalf("account %+v %v", a, err)
	}
	var b Balances
	if err := fc.Call("/v1/balances", nil, &b); err != nil || len(b.Accounts) != 1 || b.Accounts[0].Cents != 12_34 || b.Machines == nil {
		t.Fatalf("balances %+v %v", b, err)
	}
	var rep ControlScanReply
	if err := fc.Call("/v1/scan", ControlScan{Payload: "EGM1.nonsense", Player: "erin", Cents: 100}, &rep); err == nil || !strings.HasPrefix(err.Error(), "floor: wallet:") {
		t.Fatalf("malformed scan: %v", err)
	}
	if len(lines) != 1 || !strings.Contains(lines[0], `scan by "erin"`) || strings.Contains(lines[0], "nonsense") {
		t.Fatalf("the wallet's log %q (a refusal said, never the payload)", lines)
	}
	if err := fc.Call("/v1/account", map[string]any{"player": "x", "extra": 1}, new(Account)); err == nil || !strings.Contains(err.Error(), "bad request") {
		t.Fatalf("unknown field: %v", err)
	}
	if err := fc.Call("/v1/account", ControlAccount{Player: "x", Fund: -1}, new(Account)); err == nil || !strings.Contains(err.Error(), "must not be negative") {
		t.Fatalf("negative funding: %v", err)
	}
	if _, err := ServeControl(ctx, "unix:"+sock, wl); !errors.Is(err, ErrControlBusy) {
		t.Fatalf("second floor on the socket: %v", err)
	}
	none, _ := NewControlClient("unix:" + filepath.Join(t.TempDir(), "none.sock"))
	if err := none.Call("/v1/balances", nil, &b); !errors.Is(err, ErrControlUnreachable) {
		t.Fatalf("no floor: %v", err)
	}
}
