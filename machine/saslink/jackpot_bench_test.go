package saslink

import (
	"slices"
	"testing"
	"time"

	"egm/floor/jackpots"
	"egm/games/slot"
	"egm/machine"
)

func reportMedian(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "median-ms")
	}
}

// BenchmarkHitOverSAS is the end-to-end latency of a linked hit as the floor pays
// it over loopback TCP, from the floor's cycle finding the waiting hit to the
// machine having paid it: 87, 15, the controller's durable HitAt, the addressed 80
// with the machine's two commits (the amount, then the payment), the contribution,
// the bonus check (9A) and the broadcast (86). Finding the jackpot outcome and
// playing the game are outside the timer. Run with -benchtime 20x.
func BenchmarkHitOverSAS(b *testing.B) {
	l := newLinked(b, nil, 1)
	e := newLinkedEGMOn(b, 1, func(o *slot.Outcome) bool { return len(o.Jackpots) > 0 }, serveTCP)
	e.cycle(l)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if s := e.play(); s.State != machine.JackpotPending {
			b.Fatalf("%+v", s)
		}
		m, err := e.p.Meters()
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := time.Now()
		if err := l.Cycle(e.p, m); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
		b.StopTimer()
		if s := e.m.Status(); s.State == machine.HandpayLockup {
			e.must(machine.Input{Kind: machine.InAttendantKey})
		} else if s.State != machine.Idle {
			b.Fatalf("after the cycle: %+v", s)
		}
		b.StartTimer()
	}
	reportMedian(b, lat)
}

// BenchmarkBonusOverSAS is the end-to-end latency of a mystery award paid as a
// legacy bonus over loopback TCP: the floor's journal (sending, with the bonus
// meters read by 9A), 8A with the machine's commit, the journal (paid), plus the
// cycle's 87 and 86.
func BenchmarkBonusOverSAS(b *testing.B) {
	l := newLinked(b, nil, 1)
	e := newLinkedEGMOn(b, 1, nil, serveTCP)
	e.cycle(l)
	m, err := e.p.Meters()
	if err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		p := jackpots.BonusPayment{Seq: uint64(1_000_000 + i), Machine: 1, MachineID: "sas-1", Cents: 950_000, State: jackpots.BonusDue}
		if _, err := jackpots.JournalAwards(l.Store, []jackpots.BonusPayment{p}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := time.Now()
		if err := l.Cycle(e.p, m); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	if got, _ := e.p.BonusMeters(); got != uint64(b.N)*950_000 {
		b.Fatalf("bonus meters %d after %d bonuses", got, b.N)
	}
	reportMedian(b, lat)
}
