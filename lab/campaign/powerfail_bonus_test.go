package campaign

import (
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/bonusjp"
)

// bonusMemory is goodMemory(n, false) with a bonus jackpot level that made one
// hit of 1,500 cents (paid unless unpaid) from n·100 cents of coin-in at 10%.
func bonusMemory(n int64, unpaid bool) Memory {
	mem := goodMemory(n, false)
	l := bonusjp.Level{ResetCents: 1_000, CeilingCents: 3_000, Trigger: 2_900, Funded: n * 100 * 1000, CoinIn: n * 100, Games: n,
		Hits: 1, Paid: 1_500 * bonusjp.UnitsPerCent, ResetsFunded: 1_000 * bonusjp.UnitsPerCent}
	l.Amount = l.Funded - l.Paid + l.ResetsFunded + 1_000*bonusjp.UnitsPerCent
	mem.Bonus, mem.BonusOn = l, true
	if unpaid {
		mem.BonusUnpaid = 1_500
	} else {
		mem.Counters[machine.CounterBonusJackpotPaid] = 1_500
	}
	return mem
}

func TestPowerfailCheckerBonusJackpot(t *testing.T) {
	for _, tc := range []struct {
		name string
		bad  func(m *Memory)
		want string // "" passes
	}{
		{"paid", func(*Memory) {}, ""},
		{"unpaid at the kill", func(m *Memory) { *m = bonusMemory(200, true) }, ""},
		{"a Unit lost", func(m *Memory) { m.Bonus.Amount-- }, "does not reconcile"},
		{"paid twice", func(m *Memory) { m.Counters[machine.CounterBonusJackpotPaid] = 3_000 }, "cents paid (counter)"},
		{"trigger redrawn", func(m *Memory) { m.Bonus.Trigger = 2_901 }, "redrawn"},
		{"funded above coin-in", func(m *Memory) { m.Bonus.CoinIn = 1 << 40 }, "above the machine's coin-in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewPowerfailChecker()
			var rep PowerfailReport
			if vs := c.Check(bonusMemory(150, false), &rep); len(vs) > 0 {
				t.Fatalf("good memory: %v", vs)
			}
			mem := bonusMemory(200, false)
			tc.bad(&mem)
			vs := strings.Join(c.Check(mem, &rep), "\n")
			if (tc.want == "") != (vs == "") || !strings.Contains(vs, tc.want) {
				t.Fatalf("violations %q, want %q", vs, tc.want)
			}
			if tc.want == "" && (rep.BonusChecked != 2 || rep.BonusHits != 1) {
				t.Fatalf("report %+v", rep)
			}
		})
	}
}
