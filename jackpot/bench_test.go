package jackpot

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
)

// BenchmarkContribute is one durable contribution: the state, the idempotency
// record and (rarely) an award, committed with fsync.
func BenchmarkContribute(b *testing.B) {
	c, path := openTest(b, nil, "m1")
	b.ResetTimer()
	for i := range b.N {
		if _, err := c.Contribute("m1", uint64(i+1), 4000); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "contributions/s")
	if fi, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(fi.Size())/float64(b.N), "file-bytes/op")
	}
}

// BenchmarkContributeLinked is contributions from 8 machines at once: they queue
// on the controller's single writer.
func BenchmarkContributeLinked(b *testing.B) {
	var ms []string
	for i := range 8 {
		ms = append(ms, fmt.Sprintf("m%d", i))
	}
	c, _ := openTest(b, nil, ms...)
	var next atomic.Uint64
	b.SetParallelism(4) // 4 × GOMAXPROCS goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			n := next.Add(1)
			if _, err := c.Contribute(ms[n%8], n/8+1, 1000); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "contributions/s")
}

// BenchmarkResend is a resent contribution: a lookup, no write.
func BenchmarkResend(b *testing.B) {
	c, _ := openTest(b, nil, "m1")
	if _, err := c.Contribute("m1", 1, 4000); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if r, err := c.Contribute("m1", 1, 4000); err != nil || !r.Duplicate {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkHit is one durable Major hit and reset.
func BenchmarkHit(b *testing.B) {
	c, _ := openTest(b, nil, "m1")
	b.ResetTimer()
	for i := range b.N {
		if _, err := c.Hit("m1", uint64(i+1), Major); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLevels is the read of the displayable amounts (for the broadcasts).
func BenchmarkLevels(b *testing.B) {
	c, _ := openTest(b, nil, "m1")
	for range b.N {
		_ = c.Levels()
	}
}
