package lab

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"egm/reels"
	"egm/reels/sim"
	"egm/rng"
	"egm/tables"
	"egm/tables/play"
)

// TablesSimReport is one table game's seeded simulation through tables/play, the
// machine's own round engine, against the game's sheet (`egm-lab tables`).
type TablesSimReport struct {
	Game    string           `json:"game"`
	Name    string           `json:"name"`
	Rounds  uint64           `json:"rounds"`
	Seed    uint64           `json:"seed"`
	Chunk   uint64           `json:"chunk"`   // rounds per seeded generator
	Workers int              `json:"workers"` // goroutines (the result does not depend on it)
	Seconds float64          `json:"seconds"`
	Bets    []TableBetResult `json:"bets"`
	Outside int              `json:"outside"` // bets outside their 99% interval
}

// TableBetResult is one bet's measured house edge against its exact figure. Net is
// returned − staked of the bet's settlement line (Play, doubles and splits
// included), per Unit: the stake its edge is stated per.
type TableBetResult struct {
	Bet       string  `json:"bet"`       // the settlement line's name
	Row       string  `json:"sheet_row"` // the sheet's row ("" for blackjack's main game)
	N         int64   `json:"n"`         // settlements of the bet
	UnitCents int64   `json:"unit_cents"`
	NetCents  int64   `json:"net_cents"`     // Σ net
	NetSq     string  `json:"net_sq_cents2"` // Σ net², exact, in decimal
	Exact     float64 `json:"exact_edge"`
	ExactFrac string  `json:"exact_edge_fraction,omitempty"`
	Measured  float64 `json:"measured_edge"` // −Σ net / (n · unit)
	Sigma     float64 `json:"sigma"`         // of the net per unit: the sheet's, the sample's for the main game of blackjack
	SigmaFrom string  `json:"sigma_from"`    // "sheet" or "sample"
	SampleSD  float64 `json:"sample_sigma"`
	Half99    float64 `json:"half99"` // 2.576·σ/√n
	Z         float64 `json:"z"`      // (measured − exact)/(σ/√n)
	Pass      bool    `json:"pass"`   // |measured − exact| ≤ Half99
}

// TablesChunk is the number of rounds dealt from one seeded generator: chunk i of
// game g is dealt from rng.NewSeeded(sim.ChunkSeed(sim.ChunkSeed(seed, g), i)), g the
// game's index in play.IDs, by whichever worker takes it. The tallies are exact
// integers, so the result depends on the seed alone, not on the number of workers.
const TablesChunk = 1 << 14

// TablesSim deals rounds of game through tables/play as the machine deals them
// (play.Deal, decisions by play.Auto) on every core, with bets on every bet of the
// game's sheet (tableBets), and holds each bet's measured house edge to its exact
// figure with the sheet's σ: PASS when |measured − exact| ≤ 2.576·σ/√n. progress, if
// not nil, is told the rounds dealt so far.
func TablesSim(game string, rounds, seed uint64, progress func(done int64)) (TablesSimReport, error) {
	return TablesSimContext(context.Background(), game, rounds, seed, progress)
}

// TablesSimContext is TablesSim stopped by ctx between chunks of rounds (with
// ctx's error and no verdict).
func TablesSimContext(ctx context.Context, game string, rounds, seed uint64, progress func(done int64)) (TablesSimReport, error) {
	ex, err := tableExpectations(game)
	if err != nil {
		return TablesSimReport{}, err
	}
	return tablesSim(ctx, game, rounds, seed, ex, progress)
}

// expectation is one bet's exact figures, from the sheet's row.
type expectation struct {
	row       string // the sheet's row; "Main" for blackjack's main game
	exact     float64
	exactFrac string
	sigma     float64 // 0: σ from the sample
}

// tableExpectations are game's rows: its sheet's, with blackjack's main game.
func tableExpectations(game string) ([]expectation, error) {
	s, err := tableSheet(game)
	if err != nil {
		return nil, err
	}
	ex, err := sheetExpectations(s)
	if err != nil {
		return nil, err
	}
	if play.KindOf(game) == play.KindBlackjack {
		main, err := blackjackMain()
		if err != nil {
			return nil, err
		}
		ex = append([]expectation{main}, ex...)
	}
	return ex, nil
}

// sheetExpectations reads a sheet's rows: the edge as its exact fraction.
func sheetExpectations(s tables.Sheet) ([]expectation, error) {
	var ex []expectation
	for _, b := range s.Bets {
		e, ok := new(big.Rat).SetString(b.Edge)
		if !ok || b.Sigma <= 0 {
			return nil, fmt.Errorf("lab: tables: %s: row %q: edge %q, σ %g", s.ID, b.Name, b.Edge, b.Sigma)
		}
		f, _ := e.Float64()
		ex = append(ex, expectation{row: b.Name, exact: f, exactFrac: b.Edge, sigma: b.Sigma})
	}
	return ex, nil
}

// rowOf is the row a settlement line is counted on: the row of the same name, or
// the one row named after it with a qualifier ("Ante and Play" is "Ante and Play
// (play Q-6-4 or better)").
func rowOf(ex []expectation, line string) (int, error) {
	found := -1
	for i, e := range ex {
		if e.row == line {
			return i, nil
		}
		if strings.HasPrefix(e.row, line+" (") {
			if found >= 0 {
				return 0, fmt.Errorf("lab: tables: line %q matches rows %q and %q", line, ex[found].row, e.row)
			}
			found = i
		}
	}
	if found < 0 {
		return 0, fmt.Errorf("lab: tables: line %q has no row on the sheet", line)
	}
	return found, nil
}

// tally is one bet's exact sums.
type tally struct {
	line         string // the settlement line's name
	n, unit, net int64
	sq           reels.U128
}

func (t *tally) add(line string, unit, net int64) error {
	if t.unit == 0 {
		t.line, t.unit = line, unit
	} else if unit != t.unit {
		return fmt.Errorf("unit %d cents after %d", unit, t.unit)
	}
	t.n++
	t.net += net
	t.sq = t.sq.Add(reels.Mul64x64(absU(net), absU(net)))
	return nil
}

func (t *tally) merge(o tally) error {
	if o.n == 0 {
		return nil
	}
	if t.unit != 0 && o.unit != t.unit {
		return fmt.Errorf("unit %d cents and %d", o.unit, t.unit)
	}
	t.line, t.unit = o.line, o.unit
	t.n += o.n
	t.net += o.net
	t.sq = t.sq.Add(o.sq)
	return nil
}

func absU(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// worker counts one worker's rounds.
type tablesWorker struct {
	ex     []expectation
	rows   map[string]int // line name → row
	tally  []tally
	seenAt []uint64 // the round (plus one) a row was last settled in
	netAt  []int64  // its net then
	lines  []play.Line
}

// count adds one round's lines. A row settled twice in one round (punto banco's
// bets both tables take alike) must settle the same and is counted once.
func (w *tablesWorker) count(k uint64, lines []play.Line) error {
	for _, l := range lines {
		i, ok := w.rows[l.Bet]
		if !ok {
			var err error
			if i, err = rowOf(w.ex, l.Bet); err != nil {
				return err
			}
			w.rows[l.Bet] = i
		}
		net := l.Returned - l.Staked
		if w.seenAt[i] == k+1 {
			if w.netAt[i] != net {
				return fmt.Errorf("lab: tables: round %d: %s settled %d and %d cents on one deal", k, w.ex[i].row, w.netAt[i], net)
			}
			continue
		}
		w.seenAt[i], w.netAt[i] = k+1, net
		if l.Unit <= 0 {
			return fmt.Errorf("lab: tables: round %d: %s: unit %d", k, l.Bet, l.Unit)
		}
		if err := w.tally[i].add(l.Bet, l.Unit, net); err != nil {
			return fmt.Errorf("lab: tables: %s: %v", w.ex[i].row, err)
		}
	}
	return nil
}

// tablesSim is TablesSim against the expectations ex (a test hands wrong ones).
func tablesSim(ctx context.Context, game string, rounds, seed uint64, ex []expectation, progress func(done int64)) (TablesSimReport, error) {
	gi := slices.Index(play.IDs(), game)
	if gi < 0 {
		return TablesSimReport{}, fmt.Errorf("lab: tables: no table game %q (%s)", game, strings.Join(play.IDs(), ", "))
	}
	if rounds == 0 {
		return TablesSimReport{}, fmt.Errorf("lab: tables: %s: no rounds", game)
	}
	deal, err := tableDealer(game)
	if err != nil {
		return TablesSimReport{}, err
	}
	rep := TablesSimReport{Game: game, Name: play.Name(game), Rounds: rounds, Seed: seed, Chunk: TablesChunk}
	gameSeed := sim.ChunkSeed(seed, uint64(gi))
	chunks := (rounds + TablesChunk - 1) / TablesChunk
	rep.Workers = int(min(uint64(runtime.GOMAXPROCS(0)), chunks))
	total := make([]tally, len(ex))
	var (
		next     atomic.Uint64
		failed   atomic.Bool
		mu       sync.Mutex
		firstErr error
		done     int64
		wg       sync.WaitGroup
	)
	start := time.Now()
	for range rep.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &tablesWorker{ex: ex, rows: map[string]int{}, tally: make([]tally, len(ex)),
				seenAt: make([]uint64, len(ex)), netAt: make([]int64, len(ex))}
			var err error
			for !failed.Load() && ctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					break
				}
				src := rng.NewSeeded(sim.ChunkSeed(gameSeed, c))
				lo, hi := c*TablesChunk, min((c+1)*TablesChunk, rounds)
				for k := lo; k < hi && err == nil; k++ {
					if w.lines, err = deal(src, k, w.lines[:0]); err == nil {
						err = w.count(k, w.lines)
					}
				}
				if err == nil {
					err = src.Err()
				}
				if err != nil {
					failed.Store(true)
					break
				}
				mu.Lock()
				done += int64(hi - lo)
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			for i := range total {
				if e := total[i].merge(w.tally[i]); e != nil && firstErr == nil {
					firstErr = fmt.Errorf("lab: tables: %s: %v", ex[i].row, e)
				}
			}
		}()
	}
	wg.Wait()
	rep.Seconds = time.Since(start).Seconds()
	if err := ctx.Err(); err != nil && firstErr == nil {
		return rep, err
	}
	if firstErr != nil {
		return rep, fmt.Errorf("lab: tables: %s: %w", game, trimLab(firstErr))
	}
	for i, e := range ex {
		b, err := judge(e, total[i])
		if err != nil {
			return rep, fmt.Errorf("lab: tables: %s: %v", game, err)
		}
		if !b.Pass {
			rep.Outside++
		}
		rep.Bets = append(rep.Bets, b)
	}
	return rep, nil
}

// trimLab keeps one "lab: tables: " prefix on an error that already has it.
func trimLab(err error) error {
	if s, ok := strings.CutPrefix(err.Error(), "lab: tables: "); ok {
		return fmt.Errorf("%s", s)
	}
	return err
}

// judge turns a bet's sums into its verdict.
func judge(e expectation, t tally) (TableBetResult, error) {
	b := TableBetResult{Bet: t.line, Row: e.row, N: t.n, UnitCents: t.unit, NetCents: t.net, NetSq: t.sq.String(),
		Exact: e.exact, ExactFrac: e.exactFrac, Sigma: e.sigma, SigmaFrom: "sheet"}
	if e.row == bjMainRow {
		b.Row = ""
	}
	if t.n == 0 {
		return b, fmt.Errorf("the sheet's %q was never settled", e.row)
	}
	n, u := float64(t.n), float64(t.unit)
	mean := float64(t.net) / n / u
	sq, _ := new(big.Float).SetInt(t.sq.Big()).Float64()
	b.Measured = -mean
	b.SampleSD = math.Sqrt(max(0, sq/n/(u*u)-mean*mean))
	if e.sigma == 0 {
		b.Sigma, b.SigmaFrom = b.SampleSD, "sample"
	}
	se := b.Sigma / math.Sqrt(n)
	b.Half99 = sim.Z99 * se
	if se > 0 {
		b.Z = (b.Measured - b.Exact) / se
	}
	b.Pass = math.Abs(b.Measured-b.Exact) <= b.Half99
	return b, nil
}

// Pass reports that every bet of the game landed inside its 99% interval.
func (r TablesSimReport) Pass() bool { return r.Outside == 0 && len(r.Bets) > 0 }
