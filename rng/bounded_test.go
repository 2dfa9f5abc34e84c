package rng

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"testing"
	"time"
)

// cycle8 yields 0, 1, …, 255, 0, 1, … as 8-bit draws.
type cycle8 struct{ next uint64 }

func (c *cycle8) Uint64() uint64 { v := c.next & 0xff; c.next++; return v }

// TestLemireExhaustive8Bit proves the range mapping unbiased: with an 8-bit source,
// every one of the 256 draws is fed once through the production algorithm (lemire,
// with w = 8) and for every n in 1..256 each result must receive exactly ⌊256/n⌋ of
// them, the rest rejected.
func TestLemireExhaustive8Bit(t *testing.T) {
	for n := uint64(1); n <= 256; n++ {
		counts := make([]int, n)
		accepted := 0
		for x := uint64(0); x < 256; x++ {
			r, ok := lemireOnce(x, n, 8)
			if !ok {
				continue
			}
			if r >= n {
				t.Fatalf("n=%d x=%d: result %d out of range", n, x, r)
			}
			counts[r]++
			accepted++
		}
		want := int(256 / n)
		for r, c := range counts {
			if c != want {
				t.Fatalf("n=%d: result %d drawn %d times, want %d", n, r, c, want)
			}
		}
		if accepted != want*int(n) {
			t.Fatalf("n=%d: accepted %d", n, accepted)
		}
	}
}

// lemireOnce runs lemire on a source that yields x first and then a sentinel that
// shows whether a redraw happened.
func lemireOnce(x, n uint64, w uint) (uint64, bool) {
	s := &scripted{vals: []uint64{x}}
	r := lemire(s, n, w)
	return r, s.i == 1
}

// scripted yields its values once, then walks through every 8-bit value so that a
// redraw loop always ends; redraws are detected by the draw count i.
type scripted struct {
	vals []uint64
	i    int
}

func (s *scripted) Uint64() uint64 {
	s.i++
	if s.i <= len(s.vals) {
		return s.vals[s.i-1]
	}
	return uint64(s.i)
}

func TestUint64nIsLemire64(t *testing.T) {
	a, b := NewSeeded(5), NewSeeded(5)
	for i := 0; i < 200000; i++ {
		n := uint64(i%300 + 1)
		if i%7 == 0 {
			n = 1<<63 + uint64(i) // rejection is frequent here
		}
		if x, y := Uint64n(a, n), lemire(b, n, 64); x != y {
			t.Fatalf("draw %d, n=%d: Uint64n %d, lemire %d", i, n, x, y)
		}
	}
}

func TestUint64nRangeAndPanics(t *testing.T) {
	g := NewSeeded(7)
	for _, n := range []uint64{1, 2, 3, 10, 1<<63 + 1, ^uint64(0)} {
		for i := 0; i < 1000; i++ {
			if v := Uint64n(g, n); v >= n {
				t.Fatalf("Uint64n(%d) = %d", n, v)
			}
		}
	}
	for _, f := range []func(){func() { Uint64n(g, 0) }, func() { Intn(g, 0) }, func() { Intn(g, -3) }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic for an empty range")
				}
			}()
			f()
		}()
	}
}

// TestBackgroundCycling shows that the outcome depends on the instant SPIN is pressed:
// two cabinets with the same seed, pressed at the same instant, draw the same value;
// pressed one cycle step apart, they draw different values.
func TestBackgroundCycling(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	press := func(at time.Duration) uint64 {
		clk := &fakeClock{t: t0}
		c := NewCycler(NewSeeded(99), clk, time.Microsecond)
		clk.advance(at)
		var v uint64
		if err := c.Decide(func(s Source) { v = s.Uint64() }); err != nil {
			t.Fatal(err)
		}
		return v
	}
	a := press(5 * time.Millisecond)
	if b := press(5 * time.Millisecond); a != b {
		t.Fatal("same seed, same instant, different draws")
	}
	if b := press(5*time.Millisecond + time.Microsecond); a == b {
		t.Fatal("pressing 1µs later gave the same draw: the generator is not cycling")
	}
	// The cycled stream is the plain stream advanced by one draw per elapsed step.
	plain := NewSeeded(99)
	plain.discard(5000)
	if want := plain.Uint64(); a != want {
		t.Fatalf("after 5 ms at 1 µs/step the draw is %x, want the 5001st value %x", a, want)
	}
}

func TestCyclerClockSetBack(t *testing.T) {
	clk := &fakeClock{t: time.Unix(2e9, 0)}
	c := NewCycler(NewSeeded(1), clk, time.Microsecond)
	clk.advance(-time.Hour)
	c.Uint64()
	clk.advance(10 * time.Microsecond)
	c.Uint64() // must cycle again from the new time without a huge backlog
	if c.last != clk.t {
		t.Fatalf("cycler time %v, want %v", c.last, clk.t)
	}
}

// BenchmarkDRBGvsAESCTR measures the raw AES-256-CTR keystream (the ceiling) and the
// DRBG's buffered and unbuffered throughput in the same run.
func BenchmarkDRBGvsAESCTR(b *testing.B) {
	buf := make([]byte, MaxRequestBytes)
	b.Run("aes256ctr-keystream", func(b *testing.B) {
		blk, _ := aes.NewCipher(make([]byte, 32))
		iv := make([]byte, 16)
		b.SetBytes(int64(len(buf)))
		for i := 0; i < b.N; i++ {
			cipher.NewCTR(blk, iv).XORKeyStream(buf, buf)
		}
	})
	b.Run("drbg-generate-64KiB", func(b *testing.B) {
		g := NewSeeded(1)
		b.SetBytes(int64(len(buf)))
		for i := 0; i < b.N; i++ {
			g.Read(buf)
		}
	})
	b.Run("drbg-buffered-uint64", func(b *testing.B) {
		g := NewSeeded(1)
		b.SetBytes(8)
		var x uint64
		for i := 0; i < b.N; i++ {
			x ^= g.Uint64()
		}
		sink = x
	})
}

var sink uint64

func BenchmarkUint64n(b *testing.B) {
	for _, n := range []uint64{6, 52, 100, 1 << 40} {
		b.Run("n="+itoa(n), func(b *testing.B) {
			var g Source = NewSeeded(1)
			var x uint64
			for i := 0; i < b.N; i++ {
				x += Uint64n(g, n)
			}
			sink = x
		})
	}
}

func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// Run keeps cycling on its own ticker and stops with its context.
func TestCyclerRunAdvancesAndStops(t *testing.T) {
	c := NewCycler(NewSeeded(3), nil, time.Microsecond)
	start := c.last
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx, time.Millisecond); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		moved := c.last.After(start)
		c.mu.Unlock()
		if moved {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Run did not cycle the generator within 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
}
