package reels

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"sort"
)

// New validates a title's reel data and compiles it. Every error starts with
// "reels: title <name>:" and names the offending field.
func New(cfg Config) (*Game, error) {
	fail := func(field, format string, a ...any) error {
		return fmt.Errorf("reels: title %q: %s: %s", cfg.Title, field, fmt.Sprintf(format, a...))
	}
	if cfg.Title == "" {
		return nil, fail("title", "empty")
	}
	if cfg.Reels < 1 || cfg.Reels > MaxReels {
		return nil, fail("reels", "%d outside 1..%d", cfg.Reels, MaxReels)
	}
	if cfg.Rows < 1 || cfg.Rows > MaxRows {
		return nil, fail("rows", "%d outside 1..%d", cfg.Rows, MaxRows)
	}
	g := &Game{Title: cfg.Title, Reels: cfg.Reels, Rows: cfg.Rows, Wild: NoSymbol, Scatter: NoSymbol, cfg: cloneConfig(cfg)}
	cells := cfg.Reels * cfg.Rows

	// Symbols and pays.
	if len(cfg.Symbols) == 0 {
		return nil, fail("symbols", "none declared")
	}
	if len(cfg.Symbols) > MaxSymbols-1 {
		return nil, fail("symbols", "%d declared, at most %d", len(cfg.Symbols), MaxSymbols-1)
	}
	ids := map[string]SymbolID{}
	for i, sd := range cfg.Symbols {
		field := fmt.Sprintf("symbols[%d]", i)
		if sd.Name == "" {
			return nil, fail(field, "empty name")
		}
		if _, dup := ids[sd.Name]; dup {
			return nil, fail(field, "duplicate symbol %q", sd.Name)
		}
		ids[sd.Name] = SymbolID(i)
		field = fmt.Sprintf("symbols[%s]", sd.Name)
		maxCount := cfg.Reels
		switch sd.Kind {
		case Regular:
			if len(sd.Pays) == 0 {
				return nil, fail(field+".pays", "missing: a regular symbol must pay for some count")
			}
		case Wild:
			if g.Wild != NoSymbol {
				return nil, fail(field+".kind", "a second wild (%q is already the wild)", cfg.Symbols[g.Wild].Name)
			}
			g.Wild = SymbolID(i)
		case Scatter:
			if g.Scatter != NoSymbol {
				return nil, fail(field+".kind", "a second scatter (%q is already the scatter)", cfg.Symbols[g.Scatter].Name)
			}
			g.Scatter = SymbolID(i)
			maxCount = cells
		case Bonus:
			if len(sd.Pays) != 0 {
				return nil, fail(field+".pays", "bonus symbols pay through their feature, not here")
			}
		default:
			return nil, fail(field+".kind", "unknown kind %d", sd.Kind)
		}
		pays := make([]int64, maxCount+1)
		for n, p := range sd.Pays {
			if n < 1 || n > maxCount {
				return nil, fail(fmt.Sprintf("%s.pays[%d]", field, n), "count outside 1..%d (the window)", maxCount)
			}
			if p < 0 {
				return nil, fail(fmt.Sprintf("%s.pays[%d]", field, n), "negative pay %d", p)
			}
			pays[n] = p
		}
		if sd.Kind == Scatter {
			// Counts above the highest listed one pay as the highest listed.
			var last int64
			for n := 1; n <= cells; n++ {
				if _, ok := sd.Pays[n]; ok {
					last = sd.Pays[n]
				}
				pays[n] = last
				g.scatPay[n] = last
			}
		} else {
			copy(g.pay[i][:], pays)
			if sd.Kind == Regular {
				g.lineable[i] = true
			}
		}
		g.Symbols = append(g.Symbols, Symbol{Name: sd.Name, Kind: sd.Kind, Pays: pays})
	}

	// A line of wilds only pays the better of the wild's own pay and the best regular
	// symbol for a full line (ties to the wild).
	g.allWild = combo{}
	if g.Wild != NoSymbol {
		best := combo{g.Wild, uint8(cfg.Reels), g.pay[g.Wild][cfg.Reels]}
		for i := range g.Symbols {
			if g.lineable[i] && g.pay[i][cfg.Reels] > best.pay {
				best = combo{SymbolID(i), uint8(cfg.Reels), g.pay[i][cfg.Reels]}
			}
		}
		if best.pay > 0 {
			g.allWild = best
		}
	}

	// Lines.
	if len(cfg.Lines) == 0 {
		return nil, fail("lines", "none declared")
	}
	if len(cfg.Lines) > MaxLines {
		return nil, fail("lines", "%d declared, at most %d", len(cfg.Lines), MaxLines)
	}
	seen := map[Line]int{}
	for i, l := range cfg.Lines {
		if len(l) != cfg.Reels {
			return nil, fail(fmt.Sprintf("lines[%d]", i), "%d rows given for %d reels", len(l), cfg.Reels)
		}
		var ln Line
		for r, row := range l {
			if row < 0 || row >= cfg.Rows {
				return nil, fail(fmt.Sprintf("lines[%d][%d]", i, r), "row %d outside the window's 0..%d", row, cfg.Rows-1)
			}
			ln[r] = uint8(row)
		}
		if j, dup := seen[ln]; dup {
			return nil, fail(fmt.Sprintf("lines[%d]", i), "same as lines[%d]", j)
		}
		seen[ln] = i
		g.Lines = append(g.Lines, ln)
	}

	// Bound the largest possible spin pay, so that the exact sums of the
	// enumeration (squares of pays times multiplicities) cannot overflow.
	var maxLine, maxScat int64
	for i := range g.Symbols {
		for _, p := range g.pay[i] {
			maxLine = max(maxLine, p)
		}
	}
	for _, p := range g.scatPay {
		maxScat = max(maxScat, p)
	}
	if maxLine > MaxPay || maxScat > MaxPay || (maxLine+maxScat)*int64(len(g.Lines)) > MaxPay {
		return nil, fail("symbols", "pays too large: a spin could pay more than %d line bets", MaxPay)
	}
	g.tab = g.stepTables()
	var out [24]byte
	for i := range MaxCells {
		if r, row := i/MaxRows, i%MaxRows; r >= cfg.Reels || row >= cfg.Rows {
			out[i] = 0xFF
		}
	}
	for i := 20; i < 24; i++ {
		out[i] = 0xFF
	}
	for i := range g.outside {
		g.outside[i] = binary.LittleEndian.Uint64(out[8*i:])
	}

	// Reel sets.
	var err error
	if g.Base, err = compileSet(cfg, "base", cfg.Base, ids, fail); err != nil {
		return nil, err
	}
	g.buildPairs(g.Base)
	if cfg.Free != nil {
		if g.Free, err = compileSet(cfg, "free", cfg.Free, ids, fail); err != nil {
			return nil, err
		}
		g.buildPairs(g.Free)
	}
	return g, nil
}

func compileSet(cfg Config, name string, strips [][]string, ids map[string]SymbolID,
	fail func(field, format string, a ...any) error) (*ReelSet, error) {
	if len(strips) != cfg.Reels {
		return nil, fail(name, "%d strips for %d reels", len(strips), cfg.Reels)
	}
	out := make([][]SymbolID, len(strips))
	cycle := uint64(1)
	for r, st := range strips {
		field := fmt.Sprintf("%s[%d]", name, r)
		if len(st) == 0 {
			return nil, fail(field, "empty reel")
		}
		if len(st) > MaxStops {
			return nil, fail(field, "%d stops, at most %d", len(st), MaxStops)
		}
		if len(st) < cfg.Rows {
			return nil, fail(field, "%d stops, fewer than the %d rows of the window", len(st), cfg.Rows)
		}
		out[r] = make([]SymbolID, len(st))
		for k, nm := range st {
			id, ok := ids[nm]
			if !ok {
				return nil, fail(fmt.Sprintf("%s[%d]", field, k), "unknown symbol %q (declared: %v)", nm, names(ids))
			}
			out[r][k] = id
		}
		hi, lo := bits.Mul64(cycle, uint64(len(st)))
		if hi != 0 || lo > 1<<40 {
			return nil, fail(name, "cycle of stop combinations exceeds 2^40")
		}
		cycle = lo
	}
	return newReelSet(name, out, cfg.Rows), nil
}

func names(ids map[string]SymbolID) []string {
	out := make([]string, 0, len(ids))
	for n := range ids {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
