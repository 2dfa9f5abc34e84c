package floorload

import (
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		var out []time.Duration
		for _, x := range v {
			out = append(out, time.Duration(x)*time.Millisecond)
		}
		return out
	}
	for _, tc := range []struct {
		d    []time.Duration
		p    int
		want time.Duration
	}{
		{nil, 50, 0},
		{ms(7), 99, 7 * time.Millisecond},
		{ms(4, 1, 3, 2), 50, 2 * time.Millisecond},
		{ms(4, 1, 3, 2), 99, 4 * time.Millisecond},
		{ms(10, 20, 30, 40, 50, 60, 70, 80, 90, 100), 50, 50 * time.Millisecond},
		{ms(10, 20, 30, 40, 50, 60, 70, 80, 90, 100), 99, 100 * time.Millisecond},
	} {
		if got := Percentile(tc.d, tc.p); got != tc.want {
			t.Errorf("p%d of %v = %v, want %v", tc.p, tc.d, got, tc.want)
		}
	}
}

// TestCycles: the time between two cycle lines of one machine is a sample; other
// lines, a machine's first line and the first line after its floor's restart
// are not.
func TestCycles(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	var c Cycles
	for _, l := range []struct {
		s     string
		ms    int
		cycle bool
	}{
		{"09:00:00 machine 1  credits 1.00 EUR  coin in 2.00 EUR  won 0/1 games  jackpot 0.00 EUR  handpay 0.00 EUR", 0, true},
		{"09:00:00 machine 2  credits 1.00 EUR  coin in 2.00 EUR  won 0/1 games  jackpot 0.00 EUR  handpay 0.00 EUR", 50, true},
		{"  exception 51", 60, false},
		{"MYSTERY JACKPOT 12.00 EUR paid to machine 1 as a bonus (award 1)", 70, false},
		{"09:00:00 machine 1  credits 1.00 EUR  coin in 2.00 EUR  won 0/1 games  jackpot 0.00 EUR  handpay 0.00 EUR", 300, true},
		{"09:00:00 machine 2  credits 1.00 EUR  coin in 2.00 EUR  won 0/1 games  jackpot 0.00 EUR  handpay 0.00 EUR", 450, true},
	} {
		if got := c.Line(l.s, at(l.ms)); got != l.cycle {
			t.Errorf("%q: cycle %v, want %v", l.s, got, l.cycle)
		}
	}
	if !c.Still([]int{1}, 2) || c.Still([]int{1}, 3) || !c.Still([]int{1, 2}, 2) {
		t.Error("machines 1 and 2 showed the same meters twice")
	}
	c.Forget([]int{2})
	if c.Still([]int{1, 2}, 1) {
		t.Error("machine 2 still after its floor's restart")
	}
	c.Line("09:00:09 machine 2  credits 1.00 EUR  coin in 2.00 EUR  won 0/1 games  jackpot 0.00 EUR  handpay 0.00 EUR", at(9000))
	n, p50, p99 := c.Stats()
	if n != 5 || p50 != 300*time.Millisecond || p99 != 400*time.Millisecond {
		t.Errorf("%d cycles, p50 %v p99 %v; want 5, 300ms, 400ms", n, p50, p99)
	}
}
