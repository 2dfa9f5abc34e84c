package uth

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"testing"
	"time"
)

// encodeStrategy writes the flop decisions and per-flop checksums of a full run in
// the format of strategy.bin.gz.
func encodeStrategy(t *testing.T, f MainFigures) []byte {
	var raw bytes.Buffer
	for i := range f.flopRaise {
		raw.Write(f.flopRaise[i][:])
		for _, x := range []int64{f.sums[i].ev, f.sums[i].m2, f.sums[i].w} {
			binary.Write(&raw, binary.LittleEndian, x)
		}
	}
	var out bytes.Buffer
	z, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	z.Write(raw.Bytes())
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestMainExact runs the whole analysis (UTH_EXACT=1; minutes of CPU) and checks it
// against the golden figures; UTH_WRITE=1 also rewrites strategy.bin.gz.
func TestMainExact(t *testing.T) {
	if os.Getenv("UTH_EXACT") != "1" {
		t.Skip("UTH_EXACT=1 runs the whole analysis")
	}
	t0 := time.Now()
	f, err := Main(Default, nil)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := f.Edge.Float64()
	v, _ := f.Variance.Float64()
	h, _ := f.HitFreq.Float64()
	t.Logf("%d flop classes in %v", f.Flops, time.Since(t0))
	t.Logf("edge %s = %.6f%%", f.Edge.RatString(), 100*e)
	t.Logf("variance %s = %.6f", f.Variance.RatString(), v)
	t.Logf("hit %s = %.6f", f.HitFreq.RatString(), h)
	ap, _ := f.AvgPlay.Float64()
	t.Logf("average Play %s = %.6f Antes", f.AvgPlay.RatString(), ap)
	pre := ""
	for _, d := range f.PreFlop {
		pre += map[Decision]string{Check: "c", Bet4x: "4", Bet3x: "3"}[d]
	}
	t.Logf("pre-flop %q", pre)
	if os.Getenv("UTH_WRITE") == "1" {
		if err := os.WriteFile("strategy.bin.gz", encodeStrategy(t, f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
