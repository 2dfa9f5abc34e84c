package meters

import (
	"slices"
	"testing"
	"time"
)

// Benchmarks write to a temporary directory on the same file system as the state
// directory would be (TMPDIR), with every commit fdatasync'ed. Each reports the
// median per-operation latency besides Go's mean.

func reportMedian(b *testing.B, ds []time.Duration) {
	slices.Sort(ds)
	if len(ds) == 0 {
		return
	}
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), "median-µs/op")
	b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds()), "p99-µs/op")
}

func reportWrites(b *testing.B, st *Store, ops int, unit string) {
	s := st.Stats()
	b.ReportMetric(float64(s.CommitBytes+s.CompactBytes)/float64(ops), "bytes/"+unit)
	b.ReportMetric(float64(s.Syncs)/float64(ops), "fsyncs/"+unit)
}

// BenchmarkCommitGame is one typical game commit: bet, ~1.5 KB outcome, meters,
// credits, game meter, in one transaction.
func BenchmarkCommitGame(b *testing.B) { benchCommitGame(b, Options{}) }

// BenchmarkCommitGameSyncBoth is the same with Options.SyncBoth.
func BenchmarkCommitGameSyncBoth(b *testing.B) { benchCommitGame(b, Options{SyncBoth: true}) }

func benchCommitGame(b *testing.B, opts Options) {
	st := mustOpen(b, b.TempDir(), opts)
	defer st.Close()
	ds := make([]time.Duration, 0, b.N)
	out := outcome(1, 1500)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		err := st.Update(func(tx *Tx) error {
			if tx.Meter(CurrentCredits) < 100 {
				tx.Add(WalletIn, 1_000_000)
				tx.SetCredits(tx.Meter(CurrentCredits) + 1_000_000)
			}
			tx.Add(CoinIn, 100)
			tx.Add(GamesPlayed, 1)
			tx.AddGame("goldenlink/gems-secrets", 10, 1, 100, 0)
			tx.SetCredits(tx.Meter(CurrentCredits) - 100)
			tx.ClearGame() // the previous iteration's game
			return tx.SetGame(GameInProgress{Number: uint64(i), Title: "goldenlink/gems-secrets", DenomCents: 10,
				BetCents: 100, Lines: 10, BetPerLineCredits: 1, Outcome: out})
		})
		if err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
	reportMedian(b, ds)
	reportWrites(b, st, b.N, "commit")
}

// BenchmarkGameCycle is a whole game as the machine will commit it: {bet, outcome,
// meters, credits} before display, then settlement with the recall entry.
func BenchmarkGameCycle(b *testing.B) {
	st := mustOpen(b, b.TempDir(), Options{})
	defer st.Close()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		playGame(b, st, uint64(i+1), 100, int64(i%3)*100)
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	reportMedian(b, ds)
	reportWrites(b, st, b.N, "game")
}

// fullStore returns a store directory with 100 games in recall and its copies about
// half way to compaction.
func fullStore(b *testing.B) string {
	dir := b.TempDir()
	st := mustOpen(b, dir, Options{})
	for n := uint64(1); st.Stats().Compactions < 2 || st.sizeA < DefaultCompactBytes/2; n++ {
		playGame(b, st, n, 100, int64(n%3)*100)
	}
	st.Close()
	return dir
}

// BenchmarkOpen is Open (read, check and replay both copies) and Close of a store
// with full recall.
func BenchmarkOpen(b *testing.B) {
	dir := fullStore(b)
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		st := mustOpen(b, dir, Options{})
		ds = append(ds, time.Since(t0))
		st.Close()
	}
	reportMedian(b, ds)
}

// BenchmarkValidate is the check the machine makes before and after each game.
func BenchmarkValidate(b *testing.B) {
	st := mustOpen(b, fullStore(b), Options{})
	defer st.Close()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := st.Validate(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	reportMedian(b, ds)
}

// BenchmarkGameCycleValidated is the machine's loop: Validate, the two commits of a
// game, Validate.
func BenchmarkGameCycleValidated(b *testing.B) {
	st := mustOpen(b, b.TempDir(), Options{})
	defer st.Close()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := st.Validate(); err != nil {
			b.Fatal(err)
		}
		playGame(b, st, uint64(i+1), 100, int64(i%3)*100)
		if err := st.Validate(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	reportMedian(b, ds)
	reportWrites(b, st, b.N, "game")
}
