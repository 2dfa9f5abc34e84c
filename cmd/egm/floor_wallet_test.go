package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"egm/floor/desk"
	"egm/floor/pgtest"
	"egm/internal/floorcli"
	"egm/machine"
	"egm/money"
	"egm/wallet"
)

// offsetClock is the machine's clock moved forward by the test.
type offsetClock struct {
	mu  sync.Mutex
	off time.Duration
}

func (c *offsetClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.off) }
func (c *offsetClock) Add(d time.Duration) {
	c.mu.Lock()
	c.off += d
	c.mu.Unlock()
}

// startFloor runs `egm-floor run … --wallet --control 127.0.0.1:0` in this process
// and returns the control address; the floor stops (exit 0) at the test's end.
func startFloor(t testing.TB, args ...string) (string, *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errb := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- floorcli.RunContext(ctx, append([]string{"run", "--wallet", "--control", "127.0.0.1:0", "--interval", "20ms", "--quiet"}, args...), out, errb)
	}()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the floor's output:\n%s%s", out.String(), errb.String())
		}
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("egm-floor run exit %d: %s", code, errb.String())
		}
	})
	re := regexp.MustCompile(`wallet control on (\S+)`)
	for i := 0; ; i++ {
		if sub := re.FindStringSubmatch(out.String()); sub != nil {
			return sub[1], out
		}
		if i > 500 {
			t.Fatalf("no control address: %s%s", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitLinked waits for the floor's wallet to say it linked machines n machines
// (its readiness: scans through it reach them from then on).
func waitLinked(t *testing.T, out *syncBuffer, machines int) {
	t.Helper()
	eventually(t, fmt.Sprintf("the floor's wallet linking %d machine(s)", machines), func() bool {
		return strings.Count(out.String(), "linked as asset") >= machines
	})
}

// eventually polls cond every 10 ms for up to 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// newPNG waits for the machine's QR writer to replace path's picture (old).
func newPNG(t *testing.T, path string, old []byte) []byte {
	t.Helper()
	var b []byte
	eventually(t, "a new "+filepath.Base(path), func() bool {
		var err error
		b, err = os.ReadFile(path)
		return err == nil && !bytes.Equal(b, old)
	})
	return b
}

func floorReconcile(t *testing.T, ctl string) desk.Reconciliation {
	t.Helper()
	return reconciled(t, "egm-floor", "wallet", "reconcile", "--floor", ctl, "--json")
}

// TestFloorRunsWallet: `egm-floor run --wallet --control` holds the wallet while it
// polls the machine over TCP. A transfer left pending by the direct mode (a cash-in
// held for due diligence, approved at the machine) is resolved by the floor's
// recovery at start; the player cashes in by `egm-floor wallet scan --floor` of the
// machine's QR PNG, plays, presses CASH OUT (the floor's idle return is refused by
// the machine: the balance waits for the scan) and scans the cash-out QR; then
// cashes in again, plays and walks away: after the idle minutes (the machine's
// clock moved on) the floor returns the balance to the wallet by itself. The books
// reconcile through the floor to the cent at each step. On a bbolt floor file and
// on PostgreSQL (--db postgres://…, skipped without EGM_TEST_POSTGRES).
func TestFloorRunsWallet(t *testing.T) {
	for _, b := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"bbolt", func(t *testing.T) string { return filepath.Join(t.TempDir(), "floor.db") }},
		{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
	} {
		t.Run(b.name, func(t *testing.T) { testFloorRunsWallet(t, b.db(t)) })
	}
}

func testFloorRunsWallet(t *testing.T, db string) {
	clock := &offsetClock{}
	e := startE2EMachineOn(t, "tcp", clock, func(c *config) { c.IdleCashoutMinutes = 1 })
	mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
	mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", "alice", "--fund", "500000")

	// A cash-in left pending by the direct mode, approved at the machine while no
	// floor runs.
	inPNG := filepath.Join(e.qr, wallet.QRCashInFile)
	waitFile(t, inPNG)
	pic, _ := os.ReadFile(inPNG)
	aml := e.cfg.AMLThresholdCents
	if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", e.spec, "--png", inPNG, "--player", "alice",
		"--cents", strconv.FormatInt(aml, 10), "--timeout", "300ms"); code != 1 || !strings.Contains(errs, "outcome unknown") {
		t.Fatalf("held cash-in: %d %q", code, errs)
	}
	id, _, ok := e.m.AFTHeld()
	if !ok {
		t.Fatal("no held deposit")
	}
	if err := e.m.AFTApprove(id, true, "attendant 3"); err != nil {
		t.Fatal(err)
	}

	ctl, out := startFloor(t, "--connect", e.spec, "--db", db)
	waitLinked(t, out, 1)
	var r desk.Reconciliation
	eventually(t, "the floor's recovery at start", func() bool {
		o, _, code := runEGM(t, "egm-floor", "wallet", "reconcile", "--floor", ctl, "--json")
		return code == 0 && json.Unmarshal([]byte(o), &r) == nil && r.Pending == 0 && r.Credits == aml
	})
	if r.Wallets != 5000_00-aml || r.OnMachines != aml {
		t.Fatalf("after recovery: %+v", r)
	}

	// Cash-in through the floor, play, CASH OUT, the cash-out scan.
	if o := mustRun(t, "egm-floor", "wallet", "account", "--floor", ctl, "--player", "bob", "--fund", "10000"); !strings.Contains(o, "bob  100.00 EUR") {
		t.Fatalf("account through the floor: %q", o)
	}
	pic = newPNG(t, inPNG, pic)
	used := filepath.Join(t.TempDir(), "used.png") // this picture, kept to be scanned again
	os.WriteFile(used, pic, 0o644)
	o := mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", used, "--player", "alice", "--cents", "10000")
	if !strings.Contains(o, "cash-in of 100.00 EUR on asset 1: committed") || e.m.Status().CreditsCents != aml+100_00 {
		t.Fatalf("cash-in through the floor: %q, credits %d", o, e.m.Status().CreditsCents)
	}
	if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", used, "--player", "alice", "--cents", "100"); code != 1 || !strings.Contains(errs, "already used") {
		t.Fatalf("replayed scan through the floor: %d %q", code, errs)
	}
	playGames(t, e.m, 5)
	if err := e.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the floor's answer to the player's cash-out", func() bool { return strings.Contains(out.String(), "waits for the player's scan") })
	if c := e.m.Status().CreditsCents; c == 0 {
		t.Fatal("a player's cash-out was taken without the scan")
	}
	left := e.m.Status().CreditsCents
	outPNG := filepath.Join(e.qr, wallet.QRCashOutFile)
	waitFile(t, outPNG)
	if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", outPNG, "--player", "bob"); code != 1 || !strings.Contains(errs, "R-CASH-3") {
		t.Fatalf("bob's scan of alice's cash-out: %d %q", code, errs)
	}
	o = mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", outPNG, "--player", "alice")
	if !strings.Contains(o, "cash-out of "+money.EUR.Plain(left)) || e.m.Status().CreditsCents != 0 {
		t.Fatalf("cash-out scan: %q, credits %d", o, e.m.Status().CreditsCents)
	}
	r = floorReconcile(t, ctl)
	afterOut := 5000_00 - aml - 100_00 + left
	if r.Wallets != afterOut+100_00 || r.Credits != 0 || r.Played != aml+100_00-left {
		t.Fatalf("after the cash-out: %+v (left %d)", r, left)
	}

	// Cash-in, play, walk away: the idle cash-out comes back by itself.
	second := filepath.Join(t.TempDir(), "second.png")
	os.WriteFile(second, newPNG(t, inPNG, pic), 0o644)
	mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", second, "--player", "alice", "--cents", "5000")
	playGames(t, e.m, 3)
	idle := e.m.Status().CreditsCents
	if idle == 0 { // three games at the smallest bet cannot take the whole 50.00
		t.Fatalf("the three games took the whole deposit: %+v", e.m.Status())
	}
	clock.Add(2 * time.Minute)
	if err := e.m.Handle(machine.Input{Kind: machine.InTick}); err != nil {
		t.Fatal(err)
	}
	if c := e.m.Status().AFTCashout; c == nil || !c.Idle {
		t.Fatalf("no idle cash-out: %+v", c)
	}
	eventually(t, "the idle cash-out returned by the floor", func() bool { return e.m.Status().CreditsCents == 0 })
	eventually(t, "the floor's line", func() bool { return strings.Contains(out.String(), "idle cash-out of "+money.EUR.Plain(idle)) })
	r = floorReconcile(t, ctl)
	if r.Wallets != afterOut-5000+idle+100_00 || r.Credits != 0 || r.Pending != 0 {
		t.Fatalf("after the idle cash-out: %+v (idle %d)", r, idle)
	}
	o = mustRun(t, "egm-floor", "wallet", "balances", "--floor", ctl)
	if !strings.Contains(o, money.EUR.Plain(afterOut-5000+idle)) {
		t.Fatalf("balances through the floor:\n%s", o)
	}
	ev := mustRun(t, "egm-floor", "wallet", "events", "--floor", ctl)
	if !strings.Contains(ev, "(idle cash-out, R-CASH-6)") {
		t.Fatalf("no idle cash-out in the wallet's log:\n%s", ev)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, "EGM1.") {
			t.Fatalf("the floor logged a payload: %q", line)
		}
	}
}

// TestFloorControlRefusals: the control endpoint listens on loopback or a unix
// socket only, --control needs --wallet, and a wallet command through a floor that
// is not there says so.
func TestFloorControlRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"egm-floor", "run", "--connect", "tcp:127.0.0.1:1", "--wallet", "--control", "0.0.0.0:7710"}, 2, "only a loopback address"},
		{[]string{"egm-floor", "run", "--connect", "tcp:127.0.0.1:1", "--control", "127.0.0.1:7710"}, 2, "--control needs --wallet"},
		{[]string{"egm-floor", "run", "--connect", "tcp:127.0.0.1:1", "--wallet", "--once"}, 2, "not --once"},
		{[]string{"egm-floor", "wallet", "balances", "--floor", "unix:" + filepath.Join(t.TempDir(), "none.sock")}, 1, "is `egm-floor run --wallet --control …` running?"},
		{[]string{"egm-floor", "wallet", "scan", "--floor", "127.0.0.1:1", "--connect", "tcp:x:1", "--text", "x", "--player", "a"}, 2, "exclude each other"},
		{[]string{"egm-floor", "wallet", "reconcile", "--floor", "127.0.0.1:1", "--asset", "1"}, 2, "no --state, --connect or --asset"},
	} {
		_, errs, code := runEGM(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d %q", tc.args, code, errs)
		}
	}
}

// TestFloorRecoversPeriodically: a cash-in through the floor held by the machine
// for due diligence (R-CASH-4) outlives the scan's --timeout and stays pending,
// the wallet debited; once the attendant approves it, the floor's periodic
// recovery commits it without any command.
func TestFloorRecoversPeriodically(t *testing.T) {
	e := startE2EMachineB(t, "tcp")
	db := filepath.Join(t.TempDir(), "floor.db")
	mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
	ctl, out := startFloor(t, "--connect", e.spec, "--db", db, "--recover-every", "100ms")
	waitLinked(t, out, 1)
	mustRun(t, "egm-floor", "wallet", "account", "--floor", ctl, "--player", "carol", "--fund", "500000")
	inPNG := filepath.Join(e.qr, wallet.QRCashInFile)
	waitFile(t, inPNG)
	aml := e.cfg.AMLThresholdCents
	if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", inPNG, "--player", "carol",
		"--cents", strconv.FormatInt(aml, 10), "--timeout", "300ms"); code != 1 || !strings.Contains(errs, "outcome unknown") {
		t.Fatalf("held cash-in: %d %q", code, errs)
	}
	r := floorReconcile(t, ctl)
	if r.Pending != 1 || r.InFlight != aml || r.Wallets != 500_000-aml {
		t.Fatalf("while held: %+v", r)
	}
	// The deposit reached the machine within the scan's time or reaches it with the
	// floor's recovery, which sends it again with the same transaction id.
	var id string
	eventually(t, "the deposit held at the machine", func() bool {
		var ok bool
		id, _, ok = e.m.AFTHeld()
		return ok
	})
	if err := e.m.AFTApprove(id, true, "attendant 9"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the periodic recovery", func() bool {
		o, _, code := runEGM(t, "egm-floor", "wallet", "reconcile", "--floor", ctl, "--json")
		return code == 0 && json.Unmarshal([]byte(o), &r) == nil && r.Pending == 0
	})
	if r.Credits != aml || r.OnMachines != aml || r.Wallets != 500_000-aml || e.m.Status().CreditsCents != aml {
		t.Fatalf("after the recovery: %+v", r)
	}
}

// TestFloorWalletTwoMachines: one floor, two machines (assets 1 and 2 at SAS
// addresses 1 and 2, each on its own TCP link): each cash-in reaches its own
// machine, the idle cash-out of one returns its balance to its own wallet while
// the other keeps its balance, and the floor reconciles both to the cent.
func TestFloorWalletTwoMachines(t *testing.T) {
	clock := &offsetClock{}
	t.Cleanup(func() { e2eSASAddr = 1 })
	m1 := startE2EMachineOn(t, "tcp", clock)
	e2eSASAddr = 2
	m2 := startE2EMachineOn(t, "tcp", clock, func(c *config) { c.AssetNumber, c.MachineID, c.IdleCashoutMinutes = 2, "EGM-0002", 1 })
	db := filepath.Join(t.TempDir(), "floor.db")
	for i, e := range []*e2eMachine{m1, m2} {
		n := strconv.Itoa(i + 1)
		mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", n, "--machine", e.cfg.MachineID,
			"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec, "--addr", n)
	}
	ctl, out := startFloor(t, "--connect", "1="+m1.spec, "--connect", "2="+m2.spec, "--db", db)
	waitLinked(t, out, 2)
	mustRun(t, "egm-floor", "wallet", "account", "--floor", ctl, "--player", "alice", "--fund", "20000")
	mustRun(t, "egm-floor", "wallet", "account", "--floor", ctl, "--player", "bob", "--fund", "20000")
	for _, s := range []struct {
		e      *e2eMachine
		player string
		cents  string
	}{{m1, "alice", "10000"}, {m2, "bob", "5000"}} {
		in := filepath.Join(s.e.qr, wallet.QRCashInFile)
		waitFile(t, in)
		if o := mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--png", in, "--player", s.player, "--cents", s.cents); !strings.Contains(o, "committed") {
			t.Fatalf("cash-in on asset %d: %q", s.e.cfg.AssetNumber, o)
		}
	}
	if m1.m.Status().CreditsCents != 100_00 || m2.m.Status().CreditsCents != 50_00 {
		t.Fatalf("credits %d and %d", m1.m.Status().CreditsCents, m2.m.Status().CreditsCents)
	}
	playGames(t, m2.m, 2)
	left := m2.m.Status().CreditsCents
	clock.Add(2 * time.Minute)
	if err := m2.m.Handle(machine.Input{Kind: machine.InTick}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "asset 2's idle cash-out", func() bool { return m2.m.Status().CreditsCents == 0 })
	eventually(t, "the floor's line", func() bool { return strings.Contains(out.String(), "on asset 2 returned to bob") })
	r := floorReconcile(t, ctl)
	if r.Credits != 100_00 || r.OnMachines != 150_00-left || r.Wallets != 250_00+left || m1.m.Status().CreditsCents != 100_00 {
		t.Fatalf("after asset 2's idle cash-out: %+v (left %d)", r, left)
	}
}
