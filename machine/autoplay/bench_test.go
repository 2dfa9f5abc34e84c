package autoplay

import (
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
)

// BenchmarkPlay is headless autoplay on a real state directory, every commit
// fdatasynced: the scripted player's games (deposits, cash-outs, gamble, features
// and their step commits included), with critical memory validated before and after
// each game. It reports durable games per second, fsyncs and bytes written per game.
func BenchmarkPlay(b *testing.B) {
	benchPlay(b, settings.DefaultConfig())
}

// BenchmarkPlayPlain is the same with Gamble off: the plain two-commit game.
func BenchmarkPlayPlain(b *testing.B) {
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	benchPlay(b, cfg)
}

func benchPlay(b *testing.B, cfg settings.Config) {
	m, err := machine.Open(b.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	if _, err := Play(m, 50, 1); err != nil { // titles compiled, files warm
		b.Fatal(err)
	}
	st0 := m.MemoryStats()
	b.ResetTimer()
	res, err := Play(m, b.N, 2)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	st := m.MemoryStats()
	games := float64(res.Games)
	b.ReportMetric(games/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(st.Syncs-st0.Syncs)/games, "fsyncs/game")
	b.ReportMetric(float64(st.Commits-st0.Commits)/games, "commits/game")
	b.ReportMetric(float64(st.CommitBytes-st0.CommitBytes+st.CompactBytes-st0.CompactBytes)/games, "bytes/game")
}
