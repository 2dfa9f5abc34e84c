package machine

import (
	"testing"

	"egm/rng"
)

// BenchmarkAutoplay is headless autoplay on a real state directory, every commit
// fdatasynced: the scripted player's games (deposits, cash-outs, gamble, features
// and their step commits included), with critical memory validated before and after
// each game. It reports durable games per second, fsyncs and bytes written per game.
func BenchmarkAutoplay(b *testing.B) {
	benchAutoplay(b, DefaultConfig())
}

// BenchmarkAutoplayPlain is the same with Gamble off: the plain two-commit game.
func BenchmarkAutoplayPlain(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Gamble.Enabled = false
	benchAutoplay(b, cfg)
}

func benchAutoplay(b *testing.B, cfg Config) {
	m, err := Open(b.TempDir(), cfg, Options{Decider: Seeded{rng.NewSeeded(1)}})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	if _, err := Autoplay(m, 50, 1); err != nil { // titles compiled, files warm
		b.Fatal(err)
	}
	st0 := m.st.Stats()
	b.ResetTimer()
	res, err := Autoplay(m, b.N, 2)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	st := m.st.Stats()
	games := float64(res.Games)
	b.ReportMetric(games/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(st.Syncs-st0.Syncs)/games, "fsyncs/game")
	b.ReportMetric(float64(st.Commits-st0.Commits)/games, "commits/game")
	b.ReportMetric(float64(st.CommitBytes-st0.CommitBytes+st.CompactBytes-st0.CompactBytes)/games, "bytes/game")
}

// BenchmarkGameCycle is the game cycle alone (no deposits or cash-outs): SPIN,
// every step presented, the win taken, Gamble off; validation before and after.
func BenchmarkGameCycle(b *testing.B) {
	cfg := DefaultConfig()
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
