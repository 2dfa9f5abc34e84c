package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/machine"
	"egm/sas"
	"egm/wallet"
)

// syncBuffer is a bytes.Buffer safe for the SAS goroutines' writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// e2eMachine is `egm run --headless --sas SPEC --qr-png DIR` in this process: the
// same startSAS and startQRFiles on a machine of its own state directory.
type e2eMachine struct {
	m    *machine.Machine
	cfg  config
	spec string // the floor's --connect
	qr   string
}

func startE2EMachine(t *testing.T, transport string) *e2eMachine {
	return startE2EMachineB(t, transport)
}

func startE2EMachineB(t testing.TB, transport string, opts ...func(*config)) *e2eMachine {
	t.Helper()
	return startE2EMachineOn(t, transport, nil, opts...)
}

// startE2EMachineOn is startE2EMachineB with the machine on clock (nil: the
// system's).
func startE2EMachineOn(t testing.TB, transport string, clock machine.Clock, opts ...func(*config)) *e2eMachine {
	t.Helper()
	dir := t.TempDir()
	cfg, err := loadConfig("", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		o(&cfg)
	}
	cfg.StateDir = filepath.Join(dir, "state")
	ctx, cancel := context.WithCancel(context.Background())
	m, _, err := openMachine(ctx, cfg, 11, clock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); m.Close() })
	out := &syncBuffer{}
	spec := "tcp:127.0.0.1:0"
	if transport == "pty" {
		spec = "pty:" + filepath.Join(dir, "sas0")
	}
	if _, err := startSAS(ctx, m, cfg.MachineID, spec, e2eSASAddr, out); err != nil {
		t.Fatal(err)
	}
	if transport == "tcp" {
		re := regexp.MustCompile(`listening on tcp:(\S+)`)
		sub := re.FindStringSubmatch(out.String())
		if sub == nil {
			t.Fatalf("no listening address in %q", out.String())
		}
		spec = "tcp:" + sub[1]
	}
	e := &e2eMachine{m: m, cfg: cfg, spec: spec, qr: filepath.Join(dir, "qr")}
	if err := startQRFiles(ctx, cfg, m, e.qr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	return e
}

// e2eSASAddr is the SAS address startE2EMachine puts the next machine at.
var e2eSASAddr = 1

// waitFile waits for path to exist (the machine's QR writer runs on its own).
func waitFile(t *testing.T, path string) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no %s", path)
}

// playGames plays n games at the smallest bet, presenting every step and taking
// every win, as a player at the cabinet would.
func playGames(t *testing.T, m *machine.Machine, n int) {
	t.Helper()
	for range n {
		if err := m.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
			t.Fatalf("spin: %v", err)
		}
		for guard := 0; ; guard++ {
			st := m.Status()
			in := machine.Input{}
			switch {
			case guard > 500:
				t.Fatalf("game stuck in %s", st.State)
			case st.State == machine.GambleOffered:
				in.Kind = machine.InTakeWin
			case st.State == machine.HandpayLockup:
				in.Kind = machine.InAttendantKey
			case st.Game != 0:
				in = machine.Input{Kind: machine.InStepShown, Step: st.Step}
			}
			if in.Kind == 0 {
				break
			}
			if err := m.Handle(in); err != nil {
				t.Fatalf("%s: %v", in.Kind, err)
			}
		}
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runEGM(t, args...)
	if code != 0 {
		t.Fatalf("egm %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errs)
	}
	return out
}

func reconcileJSON(t *testing.T, db, spec string) desk.Reconciliation {
	t.Helper()
	return reconciled(t, "egm-floor", "wallet", "reconcile", "--db", db, "--connect", spec, "--asset", "1", "--json")
}

// reconciled runs an `egm-floor wallet reconcile … --json` and fails the test unless the
// books reconcile.
func reconciled(t *testing.T, args ...string) desk.Reconciliation {
	t.Helper()
	out, errs, code := runEGM(t, args...)
	var r desk.Reconciliation
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("reconcile (exit %d): %v\n%s%s", code, err, out, errs)
	}
	if code != 0 || !r.OK {
		t.Fatalf("not reconciled: %+v", r)
	}
	return r
}

// TestWalletEndToEnd: the machine on its SAS link (TCP, then a pty) and the floor's
// wallet commands: register, fund, cash-in 100 EUR by scanning the machine's QR
// PNG, 30 games, CASH OUT, a foreign wallet's scan refused, the owner's scan paid;
// the wallet and the machine's meters reconcile to the cent after each step. Then
// the same transfers again — a duplicate 72 and the first transfer after the
// second (out of order) — move nothing.
func TestWalletEndToEnd(t *testing.T) {
	for _, transport := range []string{"tcp", "pty"} {
		t.Run(transport, func(t *testing.T) {
			e := startE2EMachine(t, transport)
			db := filepath.Join(t.TempDir(), "floor.db")
			mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
				"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
			mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", "alice", "--fund", "50000")
			mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", "bob", "--fund", "50000")

			in := filepath.Join(e.qr, wallet.QRCashInFile)
			waitFile(t, in)
			firstIn, _ := os.ReadFile(in)
			out := mustRun(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", in, "--player", "alice", "--cents", "10000")
			if !strings.Contains(out, "committed") || e.m.Status().CreditsCents != 100_00 {
				t.Fatalf("cash-in: %q, credits %d", out, e.m.Status().CreditsCents)
			}
			r := reconcileJSON(t, db, e.spec)
			if r.Wallets != 900_00 || r.Credits != 100_00 || r.Funded != 1000_00 {
				t.Fatalf("after cash-in %+v", r)
			}
			// The same picture again: the floor refuses the replay.
			old := filepath.Join(t.TempDir(), "old.png")
			os.WriteFile(old, firstIn, 0o644)
			if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", old, "--player", "alice", "--cents", "10000"); code != 1 || !strings.Contains(errs, "already used") {
				t.Fatalf("replayed picture: %d %q", code, errs)
			}

			playGames(t, e.m, 30)
			r = reconcileJSON(t, db, e.spec)
			left := e.m.Status().CreditsCents
			if r.Credits != left || r.Played != 100_00-left {
				t.Fatalf("after play %+v, credits %d", r, left)
			}

			if err := e.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
				t.Fatal(err)
			}
			outPNG := filepath.Join(e.qr, wallet.QRCashOutFile)
			waitFile(t, outPNG)
			if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", outPNG, "--player", "bob"); code != 1 || !strings.Contains(errs, "R-CASH-3") {
				t.Fatalf("bob's scan of alice's cash-out: %d %q", code, errs)
			}
			mustRun(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", outPNG, "--player", "alice")
			r = reconcileJSON(t, db, e.spec)
			if e.m.Status().CreditsCents != 0 || r.Wallets != 900_00+left || r.Credits != 0 || r.Played != 100_00-left {
				t.Fatalf("after cash-out %+v (left %d)", r, left)
			}

			// Duplicate and out-of-order AFT requests from the floor: the machine
			// answers from its history, and no money moves.
			st, w, err := desk.OpenWalletAt(db, nil)
			if err != nil {
				t.Fatal(err)
			}
			j, _ := w.Journal()
			a, closeLink, err := desk.LinkWallet(e.spec, 1, w, 1)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			for _, tr := range []desk.Transfer{j[1], j[0], j[1]} { // the cash-out, the cash-in before it, the cash-out again
				typ := sas.AFTInHouseToMachine
				if tr.Dir == desk.DirOut {
					typ = sas.AFTInHouseToHost
				}
				rep, err := a.Transfer(ctx, floor.AFTRequest{Type: typ, Cents: tr.Cents, ID: tr.Code})
				if err != nil {
					t.Fatalf("resend of %s: %v", tr.Code, err)
				}
				t.Logf("resend of transfer %d (%s): %v", tr.Seq, tr.Dir, rep.Status)
				if c := e.m.Status().CreditsCents; c != 0 {
					t.Fatalf("a resent transfer moved money: credits %d", c)
				}
			}
			cancel()
			closeLink()
			st.Close()
			if r2 := reconcileJSON(t, db, e.spec); r2.Wallets != r.Wallets || r2.Credits != r.Credits || r2.Funded != r.Funded || r2.OnMachines != r.OnMachines {
				t.Fatalf("resends changed the books: %+v → %+v", r, r2)
			}
		})
	}
}

// TestWalletAMLHold: a cash-in at or above the AML threshold (R-CASH-4) is held by
// the machine until the attendant approves it; the floor keeps it in flight
// (pending, the wallet debited) meanwhile, and recovery commits it after the
// approval. The books balance at every step, and offline from the machine's state
// directory once it is stopped.
func TestWalletAMLHold(t *testing.T) {
	e := startE2EMachine(t, "tcp")
	db := filepath.Join(t.TempDir(), "floor.db")
	mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
	mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", "carol", "--fund", "500000")
	in := filepath.Join(e.qr, wallet.QRCashInFile)
	waitFile(t, in)
	_, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", in, "--player", "carol",
		"--cents", strconv.FormatInt(e.cfg.AMLThresholdCents, 10), "--timeout", "1s")
	if code != 1 || !strings.Contains(errs, "outcome unknown") {
		t.Fatalf("held cash-in: %d %q", code, errs)
	}
	r := reconcileJSON(t, db, e.spec)
	if r.Pending != 1 || r.InFlight != e.cfg.AMLThresholdCents || r.Credits != 0 {
		t.Fatalf("while held: %+v", r)
	}
	if _, errs, code := runEGM(t, "egm-floor", "wallet", "recover", "--db", db, "--connect", e.spec, "--asset", "1", "--timeout", "500ms"); code != 1 || !strings.Contains(errs, "pending") {
		t.Fatalf("recover while held: %d %q", code, errs)
	}
	id, cents, ok := e.m.AFTHeld()
	if !ok || cents != e.cfg.AMLThresholdCents {
		t.Fatalf("held %q %d %v", id, cents, ok)
	}
	if err := e.m.AFTApprove(id, true, "attendant 7"); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "egm-floor", "wallet", "recover", "--db", db, "--connect", e.spec, "--asset", "1")
	r = reconcileJSON(t, db, e.spec)
	if r.Pending != 0 || r.Credits != e.cfg.AMLThresholdCents || r.Wallets != 500_000-e.cfg.AMLThresholdCents {
		t.Fatalf("after approval: %+v", r)
	}
	out, _, _ := runEGM(t, "egm-floor", "wallet", "events", "--db", db)
	if !strings.Contains(out, "due diligence (R-CASH-4)") {
		t.Fatalf("no AML entry in the wallet's log:\n%s", out)
	}
	// Offline, from the stopped machine's critical memory.
	e.m.Close()
	out = mustRun(t, "egm-floor", "wallet", "reconcile", "--db", db, "--state", e.cfg.StateDir, "--asset", "1")
	if !strings.Contains(out, "reconciled to the cent") {
		t.Fatalf("offline reconcile: %s", out)
	}
}

// TestWalletIdleCashoutOverSAS: the floor's side of the idle cash-out over the link:
// given the machine's live cash-out code, the balance goes back to the wallet of
// the last cash-in, without a scan.
func TestWalletIdleCashoutOverSAS(t *testing.T) {
	e := startE2EMachine(t, "tcp")
	db := filepath.Join(t.TempDir(), "floor.db")
	mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
	mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", "dave", "--fund", "20000")
	in := filepath.Join(e.qr, wallet.QRCashInFile)
	waitFile(t, in)
	mustRun(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", in, "--player", "dave", "--cents", "7500")
	playGames(t, e.m, 5)
	if err := e.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
		t.Fatal(err)
	}
	c := e.m.Status().AFTCashout
	if c == nil {
		t.Fatal("no cash-out code")
	}
	out := mustRun(t, "egm-floor", "wallet", "idle-cashout", "--db", db, "--connect", e.spec, "--asset", "1", "--code", c.ID, "--cents", strconv.FormatInt(c.Cents, 10))
	if !strings.Contains(out, "committed; dave now has") || e.m.Status().CreditsCents != 0 {
		t.Fatalf("idle cash-out: %q, credits %d", out, e.m.Status().CreditsCents)
	}
	r := reconcileJSON(t, db, e.spec)
	if r.Wallets != 125_00+c.Cents {
		t.Fatalf("after the idle cash-out %+v", r)
	}
}
