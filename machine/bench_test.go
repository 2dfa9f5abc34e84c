package machine

import (
	"testing"

	"egm/machine/settings"
	"egm/rng"
)

// BenchmarkGameCycle is the game cycle alone (no deposits or cash-outs): SPIN,
// every step presented, the win taken, Gamble off; validation before and after.
func BenchmarkGameCycle(b *testing.B) {
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	m, err := Open(b.TempDir(), cfg, Options{Decider: Seeded{rng.NewSeeded(3)}})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	if err := m.Handle(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 1_000_000_000}); err != nil {
		b.Fatal(err)
	}
	st0 := m.st.Stats()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := m.Handle(Input{Kind: InSpin}); err != nil {
			b.Fatal(err)
		}
		for s := m.Status(); s.State == GameInProgress; s = m.Status() {
			if err := m.Handle(Input{Kind: InStepShown, Step: s.Step}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	st := m.st.Stats()
	n := float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(st.Syncs-st0.Syncs)/n, "fsyncs/game")
	b.ReportMetric(float64(st.CommitBytes-st0.CommitBytes+st.CompactBytes-st0.CompactBytes)/n, "bytes/game")
}
