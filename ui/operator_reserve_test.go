//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/reserve"
	"egm/machine/settings"
	"egm/meters"
	"egm/operator"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
)

// TestOperatorReservePanel: on the HANDPAY / TILT page of a machine idle with a
// player's balance, −/+ choose the length within reserve_max_minutes, RESERVE
// reserves the machine for that long and END RESERVATION ends it, each logged
// with the menu as who.
func TestOperatorReservePanel(t *testing.T) {
	if opShots.err != nil || opShots.rig == nil {
		t.Fatal("no operator rig", opShots.err)
	}
	cfg := settings.DefaultConfigFor(kit.ScreenLang.Profile)
	cfg.ReserveMaxMinutes = 30
	dir := t.TempDir()
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}, Titles: opShots.rig.titles, Clock: rigClock{}})
	if err != nil {
		t.Fatal(err)
	}
	r := &opRig{dir: dir, m: m, titles: opShots.rig.titles,
		pin: operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 1024, Threads: 1, KeyLen: 32}})}
	defer r.Close()
	if err := r.pin.Set(opRigPIN); err != nil {
		t.Fatal(err)
	}
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 20_00 * kit.DemoScale()}); err != nil {
		t.Fatal(err)
	}
	r.s = newMachineSession(m, r.titles)
	r.s.Flush()
	o := r.menu(0, nil)
	o.OpenPage(o.PageIndex("HANDPAY / TILT"))
	p := o.Pages[o.Page].(*opmenu.LockupPage)
	o.Status()
	for _, step := range []struct {
		minus, plus bool
		want        int
	}{{true, false, 25}, {true, false, 20}, {false, true, 25}, {false, true, 30}, {false, true, 30}} {
		p.Reserve.Act(o, step.minus, step.plus, false)
		if p.Reserve.Minutes != step.want || o.Req != nil {
			t.Fatalf("length %d (sent %v), want %d", p.Reserve.Minutes, o.Req != nil, step.want)
		}
	}
	p.Reserve.Act(o, false, false, true) // RESERVE
	wait(t, "reserve", func() bool { o.Poll(); return o.Req == nil })
	st := m.Status()
	if st.State != machine.Reserved || st.Reserved == nil || st.Reserved.Length().Minutes() != 30 || st.Reserved.By != "operator menu" {
		t.Fatalf("after RESERVE: %s %+v (%s)", st.State, st.Reserved, o.Msg)
	}
	if o.Msg != kit.OpTr("operator.reserve.done", "Minutes", 30) {
		t.Errorf("status line %q", o.Msg)
	}
	o.Status()
	p.Reserve.Act(o, false, false, true) // END RESERVATION
	wait(t, "end reservation", func() bool { o.Poll(); return o.Req == nil })
	if st := m.Status(); st.State != machine.Idle || st.Reserved != nil {
		t.Fatalf("after END RESERVATION: %s", st.State)
	}
	r.s.Flush()
	var kinds []string
	m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		for _, e := range evs {
			if e.Kind == reserve.EvReserve || e.Kind == reserve.EvReserveEnd {
				kinds = append(kinds, string(e.Kind)+": "+e.Detail)
			}
		}
	})
	if len(kinds) != 2 || !strings.Contains(kinds[0], "reserved by operator menu") || !strings.Contains(kinds[1], "ended by staff (operator menu)") {
		t.Errorf("events %q", kinds)
	}
}
