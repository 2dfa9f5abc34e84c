package machine

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"egm/machine/settings"
	"egm/meters"
)

func (r *rig) configEvents() []meters.Event {
	var out []meters.Event
	for _, e := range r.events() {
		if e.Kind == meters.EvConfigChange {
			out = append(out, e)
		}
	}
	return out
}

// The operator's settings apply at once between games, with one config_change event
// naming what changed, and a restart keeps them (without another event).
func TestConfigureBetweenGames(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 7)
	before := len(r.configEvents())
	c := r.m.Config()
	c.DenominationsCents = []int64{10, 20}
	c.Gamble.Enabled = false
	c.HandpayLimitCents = 500_000
	c.IdleCashoutMinutes = 5
	c.AMLThresholdCents = 150_000
	r.must(Input{Kind: InConfigure, Config: &c, Who: "operator menu"})
	got := r.m.Config()
	if !slices.Equal(got.DenominationsCents, []int64{10, 20}) || got.Gamble.Enabled || got.HandpayLimitCents != 500_000 ||
		got.IdleCashoutMinutes != 5 || got.AMLThresholdCents != 150_000 {
		t.Fatalf("config after InConfigure: %+v", got)
	}
	if s := r.m.Status(); s.DenomCents != 10 && s.DenomCents != 20 {
		t.Fatalf("selection at %d cents, not an offered denomination", s.DenomCents)
	}
	evs := r.configEvents()
	if len(evs) != before+1 {
		t.Fatalf("%d config_change events, want %d", len(evs), before+1)
	}
	d := evs[len(evs)-1].Detail
	for _, want := range []string{"by operator menu", "denominations_cents: [1,2,5,10,20,50,100,200] → [10,20]", "handpay_limit_cents: 1000000 → 500000", "idle_cashout_minutes: 15 → 5", "gamble"} {
		if !strings.Contains(d, want) {
			t.Errorf("event %q lacks %q", d, want)
		}
	}
	// machine_id and asset_number left out keep the file's
	same := c
	same.MachineID, same.AssetNumber = "", 0
	r.must(Input{Kind: InConfigure, Config: &same})
	// the same settings again: nothing to commit
	r.must(Input{Kind: InConfigure, Config: &c})
	if n := len(r.configEvents()); n != before+1 {
		t.Fatalf("an unchanged configuration made an event")
	}
	// gamble off: a win is settled at once
	r.spinUntil(200, func(s Status) bool { return s.State == Idle && r.meters().Get(meters.GamesWon) > 0 })
	r.restart()
	if got := r.m.Config(); !slices.Equal(got.DenominationsCents, []int64{10, 20}) || got.HandpayLimitCents != 500_000 || got.Gamble.Enabled {
		t.Fatalf("after a restart: %+v", got)
	}
	if n := len(r.configEvents()); n != before+1 {
		t.Fatalf("%d config_change events after the restart, want %d", n, before+1)
	}
	if ds := r.m.Denominations(r.m.Status().Title); len(ds) == 0 || !slices.Contains([]int64{10, 20}, ds[0]) {
		t.Fatalf("denominations offered after the restart: %v", ds)
	}
}

// Mid-game, in the gamble, with a cash-out pending, or with bad values, the
// configuration is refused and nothing changes.
func TestConfigureRefused(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 11)
	orig := r.m.Config()
	change := orig
	change.HandpayLimitCents = 600_000
	check := func(name string, in Input, want string) {
		t.Helper()
		n := len(r.configEvents())
		err := r.do(in)
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want refused with %q", name, err, want)
		}
		if got := r.m.Config(); got.HandpayLimitCents != orig.HandpayLimitCents || !slices.Equal(got.DenominationsCents, orig.DenominationsCents) {
			t.Errorf("%s: config changed: %+v", name, got)
		}
		if len(r.configEvents()) != n {
			t.Errorf("%s: an event was logged", name)
		}
	}
	bad := func(f func(c *settings.Config)) *settings.Config { c := r.m.Config(); f(&c); return &c }
	check("no config", Input{Kind: InConfigure}, "no configuration")
	check("bad denomination", Input{Kind: InConfigure, Config: bad(func(c *settings.Config) { c.DenominationsCents = []int64{3} })}, "denominations_cents")
	check("handpay under gamble cap", Input{Kind: InConfigure, Config: bad(func(c *settings.Config) { c.HandpayLimitCents = c.Gamble.MaxWin - 1 })}, "gamble.max_win")
	check("idle zero", Input{Kind: InConfigure, Config: bad(func(c *settings.Config) { c.IdleCashoutMinutes = 0 })}, "idle_cashout_minutes")
	check("machine id", Input{Kind: InConfigure, Config: bad(func(c *settings.Config) { c.MachineID = "X" })}, "configuration file")

	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
	r.spinUntil(500, func(s Status) bool { return s.State == GameInProgress && s.Steps > 1 })
	check("mid-game", Input{Kind: InConfigure, Config: &change}, "in progress")
	r.present()
	if r.m.Status().State == GambleOffered {
		check("gamble offered", Input{Kind: InConfigure, Config: &change}, "in progress")
		r.must(Input{Kind: InTakeWin})
	}
	r.spinUntil(500, func(s Status) bool { return s.State == GambleOffered })
	check("gamble offered", Input{Kind: InConfigure, Config: &change}, "in progress")
	r.must(Input{Kind: InTakeWin})
	r.must(Input{Kind: InCashout})
	check("cash-out pending", Input{Kind: InConfigure, Config: &change}, "cash-out")
}

// Stored operator settings that no longer validate (a newer program's rules, a
// damaged value) are dropped at boot with an event, and the file's configuration
// stands.
func TestOperatorSettingsDroppedAtBoot(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 3)
	r.m.Close()
	st, err := meters.Open(r.dir, meters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *meters.Tx) error {
		return tx.SetValue(operatorKey, []byte(`{"denominations_cents":[3],"handpay_limit_cents":500000,"aml_threshold_cents":1,"idle_cashout_minutes":5}`))
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	r.open()
	if got := r.m.Config(); got.HandpayLimitCents != r.cfg.HandpayLimitCents || !slices.Equal(got.DenominationsCents, r.cfg.DenominationsCents) {
		t.Fatalf("config %+v, want the file's", got)
	}
	count := func() int {
		n := 0
		for _, e := range r.configEvents() {
			if strings.Contains(e.Detail, "operator settings not applied") && strings.Contains(e.Detail, "denominations_cents") {
				n++
			}
		}
		return n
	}
	if count() != 1 {
		t.Fatalf("no event for the dropped settings: %v", r.configEvents())
	}
	r.restart() // dropped for good: no second event
	if count() != 1 {
		t.Fatalf("%d events for dropped settings", count())
	}
}

// The operator menu's accesses are logged as events, in a lockup too; an empty one
// is refused.
func TestOperatorAccessLogged(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 5)
	r.must(Input{Kind: InDoorOpen})
	r.must(Input{Kind: InOperatorAccess, Who: "operator menu", Detail: "wrong PIN (1 of 5)"})
	if err := r.do(Input{Kind: InOperatorAccess}); !errors.Is(err, ErrRefused) {
		t.Fatalf("empty access: %v", err)
	}
	evs := r.events()
	last := evs[len(evs)-1]
	if last.Kind != EvOperatorAccess || last.Detail != "operator menu: wrong PIN (1 of 5)" {
		t.Fatalf("last event %+v", last)
	}
	if s := r.m.Status(); s.State != DoorOpen {
		t.Fatalf("state %s", s.State)
	}
}
