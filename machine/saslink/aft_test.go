package saslink

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/machine"
	"egm/machine/aft"
	"egm/meters"
	"egm/sas"
)

var e2eKey = [sas.AFTKeyLen]byte{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}

// serveTCP links b at address 1 to a floor poller over loopback TCP.
func serveTCP(t testing.TB, b *Bridge) *floor.Poller {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).ServeListener(ctx, ln); close(done) }()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); cancel(); <-done })
	return &floor.Poller{Addr: 1, Host: &sas.Host{Port: c.(*net.TCPConn)}}
}

// servePTY links b at address 1 to a floor poller over a pseudo-terminal.
func servePTY(t testing.TB, b *Bridge) *floor.Poller {
	t.Helper()
	link := filepath.Join(t.TempDir(), "sas0")
	master, _, err := sas.OpenPTY(link)
	if err != nil {
		t.Fatal(err)
	}
	host, err := sas.OpenPTYSlave(link)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).Serve(ctx, master); close(done) }()
	t.Cleanup(func() { cancel(); <-done; master.Close(); host.Close() })
	return &floor.Poller{Addr: 1, Host: &sas.Host{Port: host}}
}

// TestAFTEndToEnd: register, lock, 100 EUR in with a live code, the same request
// again (no second credit), a reused id (81), an unknown code (refused and
// logged), the cash-out by 6A and a type 80 transfer with the cash-out code, and
// the AFT meters read over SAS — over TCP and over a pty.
func TestAFTEndToEnd(t *testing.T) {
	for _, tr := range []struct {
		name  string
		serve func(testing.TB, *Bridge) *floor.Poller
	}{{"tcp", serveTCP}, {"pty", servePTY}} {
		t.Run(tr.name, func(t *testing.T) {
			m := openMachine(t, t.TempDir())
			defer m.Close()
			b, err := New(m, "EGM-AFT", func() ([]byte, error) { return nil, nil })
			if err != nil {
				t.Fatal(err)
			}
			p := tr.serve(t, b)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			a := &floor.AFT{P: p, Asset: 1, Key: e2eKey, POSID: 7}
			drain := func() map[byte]int {
				t.Helper()
				ex, err := p.Drain(64, zeroTime)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[byte]int{}
				for _, e := range ex {
					seen[e.Code]++
				}
				return seen
			}

			if r, err := a.Register(ctx); err != nil || r.Asset != 1 || r.POSID != 7 || r.Key != e2eKey {
				t.Fatalf("register: %+v %v", r, err)
			}
			if ex := drain(); ex[sas.ExAFTRegistered] != 1 {
				t.Fatalf("exceptions after registering %v", ex)
			}
			if st, err := a.Lock(ctx, sas.AFTCondToMachine, 10*time.Second); err != nil || st.LockStatus != sas.AFTLocked ||
				st.Available&sas.AFTCondToMachine == 0 || st.Limit != 1_000_000 {
				t.Fatalf("lock: %+v %v", st, err)
			}

			code, err := m.IssueCode(aft.CodeCashIn)
			if err != nil {
				t.Fatal(err)
			}
			in := floor.AFTRequest{Type: sas.AFTInHouseToMachine, Cents: 10_000, ID: code.ID}
			rep, err := a.Transfer(ctx, in)
			if err != nil || rep.Status != sas.AFTStatusFull || rep.Cashable != 10_000 {
				t.Fatalf("transfer in: %+v %v", rep, err)
			}
			if c := m.Status().CreditsCents; c != 10_000 {
				t.Fatalf("credits %d after 100 EUR in", c)
			}
			if st, _ := a.Status(ctx); st.LockStatus != sas.AFTNotLocked || st.Cashable != 10_000 {
				t.Fatalf("after the transfer: %+v", st)
			}
			// The same transfer again (a host that lost the reply): its result, no second credit.
			if rep, err := a.Transfer(ctx, in); err != nil || rep.Status != sas.AFTStatusFull || m.Status().CreditsCents != 10_000 {
				t.Fatalf("again: %+v %v, credits %d", rep, err, m.Status().CreditsCents)
			}
			// A new request reusing the last id, raw: 81.
			body, _ := sas.AppendAFTTransfer(nil, sas.AFTTransfer{Type: 0, Cashable: 500, Asset: 1, Key: e2eKey, ID: code.ID})
			raw, err := p.Host.LongPoll(1, 0x72, body, true)
			if err != nil || len(raw) < 6 {
				t.Fatalf("raw 72: % X %v", raw, err)
			}
			if r, err := sas.ParseAFTTransferReply(raw[2:len(raw)-2], nil); err != nil || r.Status != sas.AFTStatusIDNotUnique {
				t.Fatalf("reused id: %+v %v", r, err)
			}
			// An unknown code: refused, and the refusal is in the event log.
			if rep, err := a.Transfer(ctx, floor.AFTRequest{Type: 0, Cents: 100, ID: "NOTACODE123456789XYZ"}); err != nil || rep.Status != sas.AFTStatusBadID {
				t.Fatalf("unknown code: %+v %v", rep, err)
			}
			var refused string
			m.View(func(v *meters.Snapshot) {
				evs, _ := v.Events()
				for _, e := range evs {
					if e.Kind == aft.EvRefused {
						refused = e.Detail
					}
				}
			})
			if !strings.Contains(refused, "unknown") {
				t.Fatalf("refusal logged as %q", refused)
			}
			if ex := drain(); ex[sas.ExAFTComplete] != 1 {
				t.Fatalf("exceptions after the transfer %v", ex)
			}

			// Cash-out: the player's button raises 6A with a cash-out code for the balance.
			if err := m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
				t.Fatal(err)
			}
			if ex := drain(); ex[sas.ExAFTHostCashOut] != 1 {
				t.Fatalf("exceptions after cash-out %v", ex)
			}
			var out aft.Code
			for _, c := range m.LiveCodes() {
				if c.Kind == aft.CodeCashOut {
					out = c
				}
			}
			w := &desk.AFTTransferer{}
			w.Add(a)
			if res, err := w.Transfer(ctx, desk.WalletTransfer{Asset: 1, Dir: desk.DirOut, TxID: out.ID, Cents: out.Cents}); err != nil || !res.Done {
				t.Fatalf("cash-out: %+v %v", res, err)
			}
			if c := m.Status().CreditsCents; c != 0 {
				t.Fatalf("credits %d after the cash-out", c)
			}
			if ex := drain(); ex[sas.ExAFTComplete] != 1 {
				t.Fatalf("exceptions after the cash-out transfer %v", ex)
			}
			// The meters over SAS agree with the machine's.
			am, err := p.AFTMeters()
			if err != nil {
				t.Fatal(err)
			}
			if am != (floor.AFTMeters{CashableIn: 10_000, TransfersIn: 1, CashableOut: 10_000, TransfersOut: 1}) {
				t.Fatalf("AFT meters over SAS %+v", am)
			}
			fm, _ := p.Meters()
			if ms := machineMeters(t, m); fm.CurrentCredits != 0 || ms.Get(meters.WalletIn) != 10_000 || ms.Get(meters.WalletOut) != 10_000 {
				t.Fatalf("meters %+v", fm)
			}
			// History over SAS: the newest is the cash-out, the one before the deposit.
			if h, err := a.Interrogate(ctx, 0xFF, false); err != nil || h.ID != out.ID || h.Type != sas.AFTInHouseToHost {
				t.Fatalf("history FF %+v %v", h, err)
			}
			if h, err := a.Interrogate(ctx, 0xFE, false); err != nil || h.ID != code.ID {
				t.Fatalf("history FE %+v %v", h, err)
			}
		})
	}
}

func TestAFTExceptionMap(t *testing.T) {
	c := machine.Commit{Events: []meters.Event{{Kind: aft.EvTransfer}, {Kind: aft.EvCashoutRequest},
		{Kind: aft.EvLocked}, {Kind: aft.EvRegister}, {Kind: aft.EvRegisterAsk},
		{Kind: aft.EvUnregister}, {Kind: aft.EvRefused}}}
	want := []byte{sas.ExAFTComplete, sas.ExAFTHostCashOut, sas.ExGameLocked, sas.ExAFTRegistered,
		sas.ExAFTRegisterRequest, sas.ExAFTUnregistered}
	if got := exceptions(c); string(got) != string(want) {
		t.Fatalf("exceptions % X, want % X", got, want)
	}
}

// TestAFTTransferAfterHostCrash: the host sends a transfer and dies before it reads
// the reply (or the reply is lost); a new host calls Transfer again with the same
// request and gets the committed result — one credit. Later, after other transfers,
// the same call is answered from the machine's history.
func TestAFTTransferAfterHostCrash(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "EGM-AFT", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serveTCP(t, b)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a := &floor.AFT{P: p, Asset: 1, Key: e2eKey, POSID: 7}
	if _, err := a.Register(ctx); err != nil {
		t.Fatal(err)
	}
	code, _ := m.IssueCode(aft.CodeCashIn)
	req := floor.AFTRequest{Type: sas.AFTInHouseToMachine, Cents: 4_200, ID: code.ID}
	body, _ := sas.AppendAFTTransfer(nil, sas.AFTTransfer{Type: req.Type, Cashable: 4_200, Asset: 1, Key: e2eKey, ID: code.ID})
	if _, err := p.Host.LongPoll(1, 0x72, body, true); err != nil { // the reply is never read by the "crashed" host
		t.Fatal(err)
	}
	a2 := &floor.AFT{P: p, Asset: 1, Key: e2eKey, POSID: 7} // the restarted host
	rep, err := a2.Transfer(ctx, req)
	if err != nil || rep.Status != sas.AFTStatusFull || m.Status().CreditsCents != 4_200 {
		t.Fatalf("after the crash: %+v %v, credits %d", rep, err, m.Status().CreditsCents)
	}
	// Two more transfers, then the first request once more: from the history.
	for range 2 {
		c, _ := m.IssueCode(aft.CodeCashIn)
		if rep, err := a2.Transfer(ctx, floor.AFTRequest{Type: 0, Cents: 100, ID: c.ID}); err != nil || !rep.Status.OK() {
			t.Fatalf("%+v %v", rep, err)
		}
	}
	rep, err = a2.Transfer(ctx, req)
	if err != nil || rep.Status != sas.AFTStatusFull || rep.ID != code.ID || m.Status().CreditsCents != 4_400 {
		t.Fatalf("much later: %+v %v, credits %d", rep, err, m.Status().CreditsCents)
	}
}

// TestAFTConcurrentWithPolling: AFT transfers from one goroutine while the floor
// loop polls exceptions and meters on the same host from another.
func TestAFTConcurrentWithPolling(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "EGM-AFT", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serveTCP(t, b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a := &floor.AFT{P: p, Asset: 1, Key: e2eKey, POSID: 7}
	if _, err := a.Register(ctx); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	polled := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				polled <- nil
				return
			default:
			}
			if _, err := p.Drain(8, zeroTime); err != nil {
				polled <- err
				return
			}
			if _, err := p.Meters(); err != nil {
				polled <- err
				return
			}
		}
	}()
	for i := range 20 {
		c, _ := m.IssueCode(aft.CodeCashIn)
		if rep, err := a.Transfer(ctx, floor.AFTRequest{Type: 0, Cents: 10, ID: c.ID}); err != nil || !rep.Status.OK() {
			t.Fatalf("transfer %d: %+v %v", i, rep, err)
		}
	}
	close(stop)
	if err := <-polled; err != nil {
		t.Fatal(err)
	}
	if c := m.Status().CreditsCents; c != 200 {
		t.Fatalf("credits %d", c)
	}
}
