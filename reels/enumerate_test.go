package reels

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"egm/rng"
)

// tinyConfigs are games small enough to enumerate naively, stop by stop.
func tinyConfigs() []Config {
	five := testConfig()
	five.Title = "tiny five"
	five.Base = [][]string{
		Strip("W A K S B Q J"),
		Strip("A K W Q S J"),
		Strip("K Q A W J S B"),
		Strip("J W K A S Q"),
		Strip("Q A W K B J S"),
	}
	five.Free = nil
	noWildPay := five
	noWildPay.Title = "tiny five, wild without pays"
	noWildPay.Symbols = slices.Clone(five.Symbols)
	noWildPay.Symbols[0].Pays = nil
	three := Config{
		Title: "tiny three",
		Reels: 3, Rows: 3,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild, Pays: map[int]int64{3: 100}},
			{Name: "7", Kind: Regular, Pays: map[int]int64{3: 50}},
			{Name: "X", Kind: Regular, Pays: map[int]int64{1: 1, 2: 3, 3: 20}},
			{Name: "C", Kind: Regular, Pays: map[int]int64{3: 5}},
			{Name: "B", Kind: Bonus},
		},
		Lines: MustStandardLines(3, 3, 5),
		Base: [][]string{
			Strip("W 7 X C B C X C"),
			Strip("7 C X W B C C X 7"),
			Strip("X C 7 B W C X"),
		},
	}
	four := Config{
		Title: "tiny five by four",
		Reels: 5, Rows: 4,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild},
			{Name: "A", Kind: Regular, Pays: map[int]int64{3: 10, 4: 30, 5: 100}},
			{Name: "K", Kind: Regular, Pays: map[int]int64{3: 5, 4: 10, 5: 50}},
			{Name: "Q", Kind: Regular, Pays: map[int]int64{3: 2, 4: 5, 5: 20}},
			{Name: "S", Kind: Scatter, Pays: map[int]int64{3: 5}},
			{Name: "B", Kind: Bonus},
		},
		Lines: MustStandardLines(5, 4, 40),
		Base: [][]string{
			Strip("A K Q S W B"),
			Strip("K A W Q B"),
			Strip("Q S A K W"),
			Strip("A W K Q B"),
			Strip("K Q A S"),
		},
	}
	two := Config{
		Title: "tiny two",
		Reels: 2, Rows: 2,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild, Pays: map[int]int64{2: 9}},
			{Name: "A", Kind: Regular, Pays: map[int]int64{1: 1, 2: 4}},
			{Name: "K", Kind: Regular, Pays: map[int]int64{2: 2}},
			{Name: "S", Kind: Scatter, Pays: map[int]int64{2: 3}},
			{Name: "B", Kind: Bonus},
		},
		Lines: [][]int{{0, 0}, {1, 1}, {0, 1}},
		Base:  [][]string{Strip("W A K S B K A"), Strip("A K W S K B A K")},
	}
	one := Config{
		Title: "tiny one",
		Reels: 1, Rows: 3,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild, Pays: map[int]int64{1: 5}},
			{Name: "A", Kind: Regular, Pays: map[int]int64{1: 2}},
			{Name: "K", Kind: Regular, Pays: map[int]int64{1: 1}},
			{Name: "S", Kind: Scatter, Pays: map[int]int64{2: 3}},
			{Name: "B", Kind: Bonus},
		},
		Lines: [][]int{{0}, {1}, {2}},
		Base:  [][]string{Strip("W A K S B B S B A S K")},
	}
	// Strips longer than 64 stops exercise every word of the column bitsets.
	long := three
	long.Title = "tiny three, long strips"
	long.Base = [][]string{longStrip(200, 1), longStrip(130, 2), Strip("X C 7 B W C X C X 7 C B")}
	return []Config{five, noWildPay, three, four, two, one, long}
}

// bruteForce enumerates every stop combination through SetStops and Evaluate.
func bruteForce(g *Game, set *ReelSet, tag Tagger) *Enumeration {
	out := &Enumeration{Cycle: set.Cycle(), Lines: len(g.Lines)}
	classes := map[classKey]*Moments{}
	combos := map[[2]int]*Combo{}
	stops := make([]int, g.Reels)
	buf := make([]LineWin, len(g.Lines))
	var w Window
	for {
		SetStops(set, stops, &w)
		ev := g.Evaluate(&w, buf)
		ck := classKey{scat: uint8(ev.Scatters)}
		for r := range g.Reels {
			if tag != nil {
				ck.tags[r] = tag(r, w.Cells[r][:g.Rows])
			}
		}
		m := Moments{Weight: 1, MaxWeight: 1}.fold(uint64(ev.Total), 1)
		if p, ok := classes[ck]; ok {
			p.Merge(m)
		} else {
			classes[ck] = &m
		}
		for _, lw := range buf[:ev.LineWins] {
			k := [2]int{int(lw.Symbol), int(lw.Count)}
			if combos[k] == nil {
				combos[k] = &Combo{Symbol: lw.Symbol, Count: int(lw.Count), Pay: lw.Pay}
			}
			combos[k].Hits++
		}
		r := g.Reels - 1
		for r >= 0 {
			stops[r]++
			if stops[r] < set.Len(r) {
				break
			}
			stops[r] = 0
			r--
		}
		if r < 0 {
			break
		}
	}
	for ck, m := range classes {
		out.Classes = append(out.Classes, Class{Scatters: int(ck.scat), Tags: ck.tags, Moments: *m})
	}
	slices.SortFunc(out.Classes, func(a, b Class) int {
		if a.Scatters != b.Scatters {
			return a.Scatters - b.Scatters
		}
		return slices.Compare(a.Tags[:], b.Tags[:])
	})
	for i := range out.Classes {
		out.Total.Merge(out.Classes[i].Moments)
	}
	for _, c := range combos {
		out.Combos = append(out.Combos, *c)
	}
	slices.SortFunc(out.Combos, func(a, b Combo) int {
		if a.Symbol != b.Symbol {
			return int(a.Symbol) - int(b.Symbol)
		}
		return a.Count - b.Count
	})
	return out
}

func TestEnumerateMatchesBruteForce(t *testing.T) {
	for _, cfg := range tinyConfigs() {
		g := mustGame(t, cfg)
		taggers := []struct {
			name string
			tag  Tagger
		}{
			{"none", nil},
			{"bonus mask", BonusMask(g)},
			{"bonus count", BonusCount(g)},
			{"A present", SymbolPresent(1)},
		}
		for _, tg := range taggers {
			t.Run(cfg.Title+"/"+tg.name, func(t *testing.T) {
				want := bruteForce(g, g.Base, tg.tag)
				got := g.Enumerate(g.Base, tg.tag)
				if got.Total.Hits == 0 || got.Total.Hits == got.Cycle {
					t.Fatalf("degenerate fixture: %d hits of %d", got.Total.Hits, got.Cycle)
				}
				if !reflect.DeepEqual(got.Total, want.Total) {
					t.Errorf("total:\n got %+v\nwant %+v", got.Total, want.Total)
				}
				if !reflect.DeepEqual(got.Classes, want.Classes) {
					t.Errorf("classes differ: got %d, want %d\n got %+v\nwant %+v", len(got.Classes), len(want.Classes), got.Classes, want.Classes)
				}
				if fmt.Sprint(got.Combos) != fmt.Sprint(want.Combos) {
					t.Errorf("combos:\n got %v\nwant %v", got.Combos, want.Combos)
				}
			})
		}
	}
}

// TestZeroLinesMatchesBruteForce: the pruned enumeration counts exactly the stop
// combinations with no line pay, per scatter count and tag total.
func TestZeroLinesMatchesBruteForce(t *testing.T) {
	for _, cfg := range tinyConfigs() {
		g := mustGame(t, cfg)
		for _, tag := range []Tagger{nil, SymbolPresent(1), BonusCount(g)} {
			got := g.ZeroLines(g.Base, tag)
			want := map[classKey]uint64{}
			stops := make([]int, g.Reels)
			var w Window
			for {
				SetStops(g.Base, stops, &w)
				ev := g.Evaluate(&w, nil)
				if ev.LinePay == 0 {
					ck := classKey{scat: uint8(ev.Scatters)}
					for r := range g.Reels {
						if tag != nil {
							ck.tags[0] += tag(r, w.Cells[r][:g.Rows])
						}
					}
					want[ck] += 1
				}
				r := g.Reels - 1
				for ; r >= 0; r-- {
					if stops[r]++; stops[r] < g.Base.Len(r) {
						break
					}
					stops[r] = 0
				}
				if r < 0 {
					break
				}
			}
			total := uint64(0)
			for _, c := range got {
				ck := classKey{scat: uint8(c.Scatters), tags: c.Tags}
				if want[ck] != c.Weight {
					t.Errorf("%s: class %+v: %d, brute force %d", cfg.Title, ck, c.Weight, want[ck])
				}
				delete(want, ck)
				total += c.Weight
			}
			if len(want) != 0 {
				t.Errorf("%s: classes missing: %v", cfg.Title, want)
			}
			if total == 0 || total == g.Base.Cycle() {
				t.Errorf("%s: degenerate: %d of %d pay nothing on lines", cfg.Title, total, g.Base.Cycle())
			}
		}
	}
}

// longStrip is a strip of n stops over the symbols of tinyConfigs' three-reel game,
// drawn from a fixed seed.
func longStrip(n int, seed uint64) []string {
	names := []string{"W", "7", "X", "C", "C", "B", "X", "C"}
	src := rng.NewSeeded(seed)
	out := make([]string, n)
	for i := range out {
		out[i] = names[rng.Intn(src, len(names))]
	}
	return out
}
