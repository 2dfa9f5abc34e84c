package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"egm/reels"
	"egm/rng"
)

// PlayFunc plays one paid game from src and returns its total win in the units of
// Options.Bet (e.g. line bets, with Bet = the number of lines). Each worker gets its
// own PlayFunc from the factory passed to Run, so it may keep reusable buffers.
type PlayFunc func(src rng.Source) int64

// DefaultChunk is the number of games played from one seeded generator.
const DefaultChunk = 1 << 20

// Options configure a run.
type Options struct {
	Games    uint64                   // games to play
	Seed     uint64                   // the run's seed
	Bet      int64                    // total bet per game, in the units of the wins
	Workers  int                      // 0 = GOMAXPROCS
	Chunk    uint64                   // games per seeded generator; 0 = DefaultChunk
	Progress func(done, total uint64) // called after each chunk, serialised; may be nil
}

// Result is the exact tally of a run.
type Result struct {
	Games   uint64        `json:"games"`
	Bet     int64         `json:"bet"`
	Sum     reels.U128    `json:"sum"`    // Σ win
	SumSq   reels.U128    `json:"sum_sq"` // Σ win²
	Hits    uint64        `json:"hits"`   // games with a win > 0
	Max     int64         `json:"max"`    // the largest win
	Elapsed time.Duration `json:"elapsed"`
}

// ChunkSeed derives the seed of chunk i of a run seeded with seed (SplitMix64 of the
// pair), so chunks get unrelated streams.
func ChunkSeed(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Run plays opt.Games games on opt.Workers goroutines. Chunk i of the games is
// played from rng.NewSeeded(ChunkSeed(opt.Seed, i)) by whichever worker takes it, so
// the result is the same for any number of workers. A cancelled ctx stops the run
// after the chunks in progress and returns their tally with ctx.Err().
func Run(ctx context.Context, opt Options, newPlayer func() PlayFunc) (Result, error) {
	if opt.Bet <= 0 {
		return Result{}, fmt.Errorf("sim: bet %d must be positive", opt.Bet)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Chunk == 0 {
		opt.Chunk = DefaultChunk
	}
	start := time.Now()
	chunks := (opt.Games + opt.Chunk - 1) / opt.Chunk
	var next atomic.Uint64
	var failed atomic.Bool // a chunk failed: the others stop taking work
	var mu sync.Mutex
	total := Result{Bet: opt.Bet}
	var firstErr error
	var wg sync.WaitGroup
	for range min(uint64(opt.Workers), max(chunks, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := newPlayer()
			for ctx.Err() == nil && !failed.Load() {
				i := next.Add(1) - 1
				if i >= chunks {
					return
				}
				n := min(opt.Chunk, opt.Games-i*opt.Chunk)
				r, err := runChunk(play, rng.NewSeeded(ChunkSeed(opt.Seed, i)), n)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					failed.Store(true)
				}
				total.merge(r)
				done := total.Games
				if opt.Progress != nil {
					opt.Progress(done, opt.Games)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	total.Elapsed = time.Since(start)
	if firstErr != nil {
		return total, firstErr
	}
	return total, ctx.Err()
}

func runChunk(play PlayFunc, src *rng.Generator, n uint64) (Result, error) {
	var r Result
	var sum, sqHi, sqLo, hits uint64
	var maxWin int64
	for range n {
		w := play(src)
		if w <= 0 {
			if w < 0 {
				return r, errors.New("sim: a game returned a negative win")
			}
			continue
		}
		u := uint64(w)
		hits++
		h, l := bits.Mul64(u, u)
		var c uint64
		sqLo, c = bits.Add64(sqLo, l, 0)
		sqHi += h + c    // cannot overflow: < 2^64 games of squares < 2^126
		if sum+u < sum { // flush before the 64-bit partial sum overflows
			r.Sum = r.Sum.Add(reels.U128From(sum))
			sum = 0
		}
		sum += u
		maxWin = max(maxWin, w)
	}
	r.Games, r.Hits, r.Max = n, hits, maxWin
	r.Sum = r.Sum.Add(reels.U128From(sum))
	r.SumSq = reels.U128{Hi: sqHi, Lo: sqLo}
	if err := src.Err(); err != nil {
		return r, fmt.Errorf("sim: generator failed: %w", err)
	}
	return r, nil
}

func (r *Result) merge(o Result) {
	r.Games += o.Games
	r.Sum = r.Sum.Add(o.Sum)
	r.SumSq = r.SumSq.Add(o.SumSq)
	r.Hits += o.Hits
	r.Max = max(r.Max, o.Max)
}

func (r Result) float(x reels.U128) float64 {
	return float64(x.Hi)*math.Exp2(64) + float64(x.Lo)
}

// RTP is the measured return: Σ win / (games × bet).
func (r Result) RTP() float64 {
	if r.Games == 0 {
		return 0
	}
	return r.float(r.Sum) / (float64(r.Games) * float64(r.Bet))
}

// HitFrequency is the share of games with a win.
func (r Result) HitFrequency() float64 {
	if r.Games == 0 {
		return 0
	}
	return float64(r.Hits) / float64(r.Games)
}

// Sigma is the measured standard deviation of win / bet per game.
func (r Result) Sigma() float64 {
	if r.Games < 2 {
		return 0
	}
	n, b := float64(r.Games), float64(r.Bet)
	mean := r.float(r.Sum) / n / b
	m2 := r.float(r.SumSq) / n / (b * b)
	return math.Sqrt(max(0, m2-mean*mean) * n / (n - 1))
}

// Z99 is the two-sided 99% normal quantile used by the confidence checks.
const Z99 = 2.576

// HalfWidth99 is the half width of the 99% interval of the RTP after r.Games games
// for a per-game standard deviation sigma (use the exact σ when it is known).
func (r Result) HalfWidth99(sigma float64) float64 {
	return Z99 * sigma / math.Sqrt(float64(r.Games))
}

// Within99 reports whether the exact RTP lies inside the measured RTP's 99%
// interval for the per-game standard deviation sigma.
func (r Result) Within99(exact, sigma float64) bool {
	return math.Abs(r.RTP()-exact) <= r.HalfWidth99(sigma)
}

// Rate is games per second over the run.
func (r Result) Rate() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Games) / r.Elapsed.Seconds()
}
