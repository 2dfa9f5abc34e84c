package bonusjp

import (
	"errors"
	"testing"

	"egm/rng"
)

func on() Config {
	c := Default(1)
	c.Enabled, c.Titles = true, []string{"a"}
	return c
}

func TestValidate(t *testing.T) {
	mod := func(f func(*Config)) Config { c := on(); f(&c); return c }
	for _, tc := range []struct {
		name string
		c    Config
		ok   bool
	}{
		{"default off", Default(1), true},
		{"off with nonsense", Config{RateBP: -5}, true},
		{"on", on(), true},
		{"no titles", mod(func(c *Config) { c.Titles = nil }), false},
		{"empty title", mod(func(c *Config) { c.Titles = []string{""} }), false},
		{"title twice", mod(func(c *Config) { c.Titles = []string{"a", "a"} }), false},
		{"rate 0", mod(func(c *Config) { c.RateBP = 0 }), false},
		{"rate too high", mod(func(c *Config) { c.RateBP = MaxRateBP + 1 }), false},
		{"rate max", mod(func(c *Config) { c.RateBP = MaxRateBP }), true},
		{"reset 0", mod(func(c *Config) { c.ResetCents = 0 }), false},
		{"ceiling = reset", mod(func(c *Config) { c.CeilingCents = c.ResetCents }), false},
		{"ceiling too high", mod(func(c *Config) { c.CeilingCents = MaxCents + 1 }), false},
	} {
		if err := tc.c.Validate(); (err == nil) != tc.ok {
			t.Errorf("%s: Validate = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

func TestStartDrawsInWindowAndUniform(t *testing.T) {
	c := Config{Enabled: true, Titles: []string{"a"}, RateBP: 1, ResetCents: 100, CeilingCents: 104}
	src := rng.NewSeeded(1)
	var seen [5]int
	for range 20_000 {
		l := Start(c, src)
		if l.Trigger <= 100 || l.Trigger > 104 {
			t.Fatalf("trigger %d outside (100, 104]", l.Trigger)
		}
		if err := l.Check(); err != nil {
			t.Fatal(err)
		}
		seen[l.Trigger-100]++
	}
	for v := 1; v <= 4; v++ {
		if seen[v] < 4500 || seen[v] > 5500 {
			t.Errorf("trigger %d drawn %d times of 20,000, want about 5,000", 100+v, seen[v])
		}
	}
}

func TestContributeExactUnitsAndHit(t *testing.T) {
	c := Config{Enabled: true, Titles: []string{"a"}, RateBP: 30, ResetCents: 10_000, CeilingCents: 50_000}
	l := Level{ResetCents: 10_000, CeilingCents: 50_000, Trigger: 10_001, Amount: 10_000 * UnitsPerCent}
	// 33 cents at 30 bp is 990 Units: not yet a cent.
	l2, award, err := l.Contribute(c, 33, rng.NewSeeded(2))
	if err != nil || award != 0 || l2.Amount != 10_000*UnitsPerCent+990 || l2.Cents() != 10_000 {
		t.Fatalf("33-cent bet: %+v award %d err %v", l2, award, err)
	}
	if l.Amount != 10_000*UnitsPerCent {
		t.Fatal("Contribute changed its receiver")
	}
	// 300 cents: 9,000 Units, 9,990 in all; still below the trigger.
	l2, award, err = l2.Contribute(c, 300, rng.NewSeeded(2))
	if err != nil || award != 0 || l2.Cents() != 10_000 {
		t.Fatalf("300-cent bet: %+v award %d err %v", l2, award, err)
	}
	// 1 more cent: 30 Units, 10,020 in all: the trigger (one cent above reset) is reached.
	l3, award, err := l2.Contribute(c, 1, rng.NewSeeded(2))
	if err != nil || award != 10_001 {
		t.Fatalf("hit: award %d err %v, want 10001", award, err)
	}
	if l3.Amount != 10_000*UnitsPerCent+20 || l3.Hits != 1 || l3.Paid != 10_001*UnitsPerCent || l3.ResetsFunded != 10_000*UnitsPerCent {
		t.Fatalf("after the hit: %+v", l3)
	}
	if l3.Trigger <= 10_000 || l3.Trigger > 50_000 {
		t.Fatalf("next trigger %d outside the window", l3.Trigger)
	}
	if err := l3.Check(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := l3.Contribute(c, 0, rng.NewSeeded(2)); err == nil {
		t.Error("a 0-cent bet was counted")
	}
}

func TestManyGamesReconcileAndStayInWindow(t *testing.T) {
	c := Config{Enabled: true, Titles: []string{"a"}, RateBP: 500, ResetCents: 1_000, CeilingCents: 5_000}
	src := rng.NewSeeded(7)
	l := Start(c, src)
	var paid int64
	for i := range 200_000 {
		bet := int64(10 + i%491)
		var award int64
		var err error
		if l, award, err = l.Contribute(c, bet, src); err != nil {
			t.Fatal(err)
		}
		if award != 0 && (award <= c.ResetCents || award > c.CeilingCents) {
			t.Fatalf("award %d outside (%d, %d]", award, c.ResetCents, c.CeilingCents)
		}
		paid += award
		if err := l.Check(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
	if l.Hits < 100 || l.Paid != paid*UnitsPerCent {
		t.Fatalf("%d hits, paid %d Units, awards %d cents", l.Hits, l.Paid, paid)
	}
	// The measured return is near Return().
	got := float64(l.Paid) / float64(l.CoinIn*UnitsPerCent)
	if want := c.Return(); got < want*0.9 || got > want*1.1 {
		t.Errorf("measured return %.4f, Return() %.4f", got, want)
	}
}

func TestCheckRefuses(t *testing.T) {
	good := Level{ResetCents: 100, CeilingCents: 200, Trigger: 150, Amount: 100*UnitsPerCent + 5, Funded: 5}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(*Level){
		"identity":         func(l *Level) { l.Funded++ },
		"trigger at reset": func(l *Level) { l.Trigger = 100 },
		"trigger above":    func(l *Level) { l.Trigger = 201 },
		"below reset":      func(l *Level) { l.Amount, l.Funded = 99*UnitsPerCent, -UnitsPerCent },
		"window":           func(l *Level) { l.CeilingCents = 100 },
		"paid no hit":      func(l *Level) { l.Paid, l.Amount = UnitsPerCent, l.Amount-UnitsPerCent },
	} {
		l := good
		f(&l)
		if err := l.Check(); !errors.Is(err, ErrBroken) {
			t.Errorf("%s: Check = %v, want ErrBroken", name, err)
		}
	}
}

func TestMatchesAndView(t *testing.T) {
	c := on()
	l := Start(c, rng.NewSeeded(3))
	if err := l.Matches(c); err != nil {
		t.Fatal(err)
	}
	c2 := c
	c2.CeilingCents++
	if l.Matches(c2) == nil {
		t.Error("a changed ceiling matched the running level")
	}
	v := l.View()
	if v.Cents != c.ResetCents || v.CeilingCents != c.CeilingCents || v.ResetCents != c.ResetCents {
		t.Errorf("view %+v", v)
	}
}

func TestReturn(t *testing.T) {
	c := on()
	if r := c.Return(); r < 0.00449 || r > 0.00451 {
		t.Errorf("default return %.5f, want 0.0045", r)
	}
	if (Config{}).Return() != 0 {
		t.Error("a level that is off returns something")
	}
	if !c.Funds("a") || c.Funds("b") || Default(1).Funds("a") {
		t.Error("Funds")
	}
}
