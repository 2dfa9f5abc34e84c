package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"egm/floor/desk"
	"egm/machine"
	"egm/machine/aft"
	"egm/meters"
	"egm/wallet"
)

// machineEvent is the newest event of kind in the machine's log ("" if none).
func machineEvent(m *machine.Machine, kind meters.EventKind) string {
	var ev []meters.Event
	m.View(func(v *meters.Snapshot) { ev, _ = v.Events() })
	for i := len(ev) - 1; i >= 0; i-- {
		if ev[i].Kind == kind {
			return ev[i].Detail
		}
	}
	return ""
}

// TestWalletPlayerProtection (R-PLAYER-1, R-PLAYER-2), end to end over SAS: staff
// put an excluded, a court-restricted, a staff-restricted and an under-21 player
// on the floor's register with `egm wallet … --floor`; each one's scan of the
// machine's cash-in code is refused before any money moves, with the reason in the
// floor's log, the code declined at the machine (aft_declined in its event log) and
// the player's sentence on its screen. A restriction that starts while a player's
// money is on the machine still lets it cash out; a lifted restriction lets the
// player play; the register is the same after the floor restarts.
func TestWalletPlayerProtection(t *testing.T) {
	e := startE2EMachineB(t, "tcp")
	db := filepath.Join(t.TempDir(), "floor.db")
	mustRun(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@"+filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec)
	for _, p := range []string{"ann", "cole", "stan", "uma", "pat"} {
		mustRun(t, "egm-floor", "wallet", "account", "--db", db, "--player", p, "--fund", "100000")
	}
	pres, err := machinePresenter(e.cfg, e.m)
	if err != nil {
		t.Fatal(err)
	}
	cashIn := func(t *testing.T) (string, wallet.Payload) {
		t.Helper()
		text, p, err := pres.Present(wallet.CashIn)
		if err != nil {
			t.Fatal(err)
		}
		return text, p
	}
	born20 := time.Now().AddDate(-20, 0, 0).Format(time.DateOnly)
	var register []desk.Restriction

	t.Run("floor", func(t *testing.T) {
		ctl, out := startFloor(t, "--connect", e.spec, "--db", db)
		waitLinked(t, out, 1)
		d, err := desk.ControlDesk(ctl)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			player string
			args   []string
			reason string
		}{
			{"ann", []string{"register-exclusion", "--player", "ann", "--kind", "self", "--months", "6", "--by", "desk clerk 4", "--why", "written application 17"}, "self-exclusion register until"},
			{"cole", []string{"register-exclusion", "--player", "cole", "--kind", "court", "--by", "manager 1", "--why", "court decision 2-26-100"}, "restricted by a court, until lifted"},
			{"stan", []string{"restrict", "--player", "stan", "--days", "1", "--by", "pit boss 7", "--why", "broke the house rules"}, "restricted by staff until"},
			{"uma", []string{"account", "--player", "uma", "--born", born20}, "under 21"},
		}
		for _, c := range cases {
			t.Run(c.player, func(t *testing.T) {
				mustRun(t, append([]string{"egm-floor", "wallet"}, append(c.args, "--floor", ctl)...)...)
				text, p := cashIn(t)
				_, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--text", text, "--player", c.player, "--cents", "1000")
				if code != 1 || !strings.Contains(errs, "may not play") || !strings.Contains(errs, c.reason) {
					t.Fatalf("scan: exit %d %q, want %q", code, errs, c.reason)
				}
				st := e.m.Status()
				if st.CreditsCents != 0 || st.WalletRefused == "" || !strings.Contains(machineEvent(e.m, aft.EvDeclined), p.Code) {
					t.Fatalf("the machine: credits %d, screen %q, event %q", st.CreditsCents, st.WalletRefused, machineEvent(e.m, aft.EvDeclined))
				}
				ev, _ := d.Events()
				last := ev[len(ev)-1]
				if last.Kind != "restricted" || last.Player != c.player || !strings.Contains(last.Message, "refused before any money moved") ||
					!strings.Contains(last.Message, "the machine declined its code") {
					t.Fatalf("the floor's log: %+v", last)
				}
				b, _ := d.Balances()
				for _, a := range b.Accounts {
					if a.Player == c.player && a.Cents != 1000_00 {
						t.Fatalf("%s's account: %d", c.player, a.Cents)
					}
				}
			})
		}

		// A restriction that starts while pat's money is on the machine.
		text, _ := cashIn(t)
		mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--text", text, "--player", "pat", "--cents", "5000")
		playGames(t, e.m, 3)
		mustRun(t, "egm-floor", "wallet", "restrict", "--floor", ctl, "--player", "pat", "--days", "7", "--by", "pit boss 7", "--why", "abusive to a dealer")
		if err := e.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the cash-out code", func() bool { return e.m.Status().AFTCashout != nil })
		outText, _, err := pres.Present(wallet.CashOut)
		if err != nil {
			t.Fatal(err)
		}
		left := e.m.Status().CreditsCents
		o := mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--text", outText, "--player", "pat")
		if !strings.Contains(o, "committed") || e.m.Status().CreditsCents != 0 {
			t.Fatalf("pat's cash-out while restricted: %q", o)
		}
		if r := floorReconcile(t, ctl); r.Credits != 0 || r.Wallets != 5*1000_00-5000+left {
			t.Fatalf("books: %+v", r)
		}

		// Lifted: stan plays again, nothing else done.
		var stan []desk.Restriction
		if err := json.Unmarshal([]byte(mustRun(t, "egm-floor", "wallet", "restrictions", "--floor", ctl, "--player", "stan", "--json")), &stan); err != nil || len(stan) != 1 {
			t.Fatalf("stan's restrictions: %v %+v", err, stan)
		}
		mustRun(t, "egm-floor", "wallet", "lift", "--floor", ctl, "--id", strconv.FormatUint(stan[0].ID, 10), "--by", "manager 1", "--why", "apology accepted")
		text, _ = cashIn(t)
		if o := mustRun(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--text", text, "--player", "stan", "--cents", "1000"); !strings.Contains(o, "committed") {
			t.Fatalf("stan after the lift: %q", o)
		}
		// A self-exclusion cannot be withdrawn.
		var ann []desk.Restriction
		json.Unmarshal([]byte(mustRun(t, "egm-floor", "wallet", "restrictions", "--floor", ctl, "--player", "ann", "--json")), &ann)
		if _, errs, code := runEGM(t, "egm-floor", "wallet", "lift", "--floor", ctl, "--id", strconv.FormatUint(ann[0].ID, 10), "--by", "x", "--why", "y"); code != 1 || !strings.Contains(errs, "cannot be withdrawn") {
			t.Fatalf("lifting a self-exclusion: %d %q", code, errs)
		}
		register, _ = d.Restrictions("", true)
	})
	if t.Failed() {
		return
	}
	// The floor restarts: the same register, and it still bars.
	t.Run("restarted", func(t *testing.T) {
		ctl, out := startFloor(t, "--connect", e.spec, "--db", db)
		waitLinked(t, out, 1)
		var again []desk.Restriction
		if err := json.Unmarshal([]byte(mustRun(t, "egm-floor", "wallet", "restrictions", "--floor", ctl, "--all", "--json")), &again); err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(again)
		b, _ := json.Marshal(register)
		if len(again) != 5 || string(a) != string(b) {
			t.Fatalf("after the restart:\n%s\nbefore:\n%s", a, b)
		}
		text, _ := cashIn(t)
		if _, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--floor", ctl, "--text", text, "--player", "cole", "--cents", "1000"); code != 1 || !strings.Contains(errs, "court") {
			t.Fatalf("cole after the restart: %d %q", code, errs)
		}
	})
}

// TestWalletRegisterSurvivesKill: the floor (`egm-floor run --wallet --control`, a
// child process) is killed with SIGKILL while staff change the register through
// its control endpoint, and started again, several times: every change it
// acknowledged is there, each with its event, and nothing half-made (a change is
// one bbolt transaction with its event).
func TestWalletRegisterSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := killsFromEnv("EGM_REGISTER_KILLS", 6)
	dir := t.TempDir()
	db := filepath.Join(dir, "floor.db")
	sock := "unix:" + filepath.Join(dir, "floor.sock")
	rng := rand.New(rand.NewPCG(15, 2))
	type ack struct {
		r    desk.Restriction
		lift bool
	}
	var acked []ack
	// A machine link that never answers: the floor dials it, polls in vain and
	// serves its control endpoint all the same.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go io.Copy(io.Discard, c)
		}
	}()
	startChild := func() func(sig syscall.Signal) {
		cmd := testChild([]string{"egm-floor", "run", "--connect", "tcp:" + ln.Addr().String(), "--wallet", "--control", sock, "--db", db, "--interval", "50ms", "--quiet"})
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ready := make(chan struct{})
		go func() {
			sc := bufio.NewScanner(stdout)
			once := sync.Once{}
			for sc.Scan() {
				if strings.Contains(sc.Text(), "wallet control on") {
					once.Do(func() { close(ready) })
				}
			}
		}()
		select {
		case <-ready:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatal("the floor did not serve its control endpoint")
		}
		return func(sig syscall.Signal) { cmd.Process.Signal(sig); cmd.Wait() }
	}
	for k := 0; k < kills; k++ {
		stop := startChild()
		d, err := desk.ControlDesk(sock)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			for i := 0; ; i++ {
				var r desk.Restriction
				var err error
				lift := i%3 == 2 && len(acked) > 0
				if lift {
					var id uint64
					for _, a := range acked {
						if !a.lift && a.r.Kind == desk.KindStaff && a.r.Lifted.IsZero() {
							id = a.r.ID
						}
					}
					r, err = d.Lift(desk.LiftRequest{ID: id, By: "manager", Why: fmt.Sprintf("kill %d lift %d", k, i)})
					if err != nil && strings.Contains(err.Error(), "register") {
						continue // nothing left to lift, or lifted by a change the kill cut short
					}
				} else {
					req := desk.RestrictRequest{Player: fmt.Sprintf("p%d-%d", k, i), Kind: desk.KindStaff, Days: 1 + i%30, By: "pit boss", Why: fmt.Sprintf("kill %d change %d", k, i)}
					if i%4 == 1 {
						req.Kind, req.Days = desk.KindCourt, 0
					}
					r, err = d.Restrict(req)
				}
				if err != nil {
					return // the floor was killed
				}
				acked = append(acked, ack{r, lift})
				if lift { // the lifted one is now lifted
					for j := range acked {
						if acked[j].r.ID == r.ID && !acked[j].lift {
							acked[j].r = r
						}
					}
				}
			}
		}()
		time.Sleep(time.Duration(20+rng.IntN(150)) * time.Millisecond)
		stop(syscall.SIGKILL)
		<-done
	}
	// An orderly restart, then the register read from the database.
	startChild()(syscall.SIGTERM)
	d, err := desk.OpenDesk(db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	all, err := d.Restrictions("", true)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[uint64]desk.Restriction{}
	for _, r := range all {
		byID[r.ID] = r
	}
	lifts := 0
	for _, a := range acked {
		got, ok := byID[a.r.ID]
		switch {
		case !ok:
			t.Fatalf("acknowledged restriction %d lost", a.r.ID)
		case a.lift && got.Lifted.IsZero():
			t.Fatalf("acknowledged lift of %d lost", a.r.ID)
		case !a.lift && (got.Player != a.r.Player || got.Kind != a.r.Kind || got.Why != a.r.Why || !got.Until.Equal(a.r.Until)):
			t.Fatalf("restriction %d: %+v, acknowledged %+v", a.r.ID, got, a.r)
		}
	}
	ev, err := d.Events()
	if err != nil {
		t.Fatal(err)
	}
	events := 0
	for _, e := range ev {
		if e.Kind == "restriction" {
			events++
		}
	}
	for _, r := range all {
		if !r.Lifted.IsZero() {
			lifts++
		}
	}
	if events != len(all)+lifts {
		t.Fatalf("%d register events for %d entries and %d lifts", events, len(all), lifts)
	}
	if len(acked) < kills {
		t.Fatalf("only %d changes acknowledged in %d runs", len(acked), kills)
	}
	t.Logf("%d kills, %d changes acknowledged, %d entries, %d lifts", kills, len(acked), len(all), lifts)
}
