package reels

// Line states for the enumeration. A line that has read r cells is in one of:
//
//	0            ended (its pay, if any, already settled)
//	1            a run of r wilds
//	2 + s + NS·i a run of symbol s (and wilds) that began with i wilds
//	255          not started (before reel 0)
//
// where NS is the number of symbols; i is kept only when the wild pays on its own.
const stateStart = 255

type stepTables struct {
	start  [MaxSymbols]uint8               // state after the first cell
	step   [MaxReels][256][MaxSymbols]step // state at reel r (r ≥ 1) read with a cell
	last   [256][MaxSymbols]uint8          // combination paid reading the last cell
	fin    [256]uint8                      // combination paid by a state that ran to the end
	pay    [256]int64                      // pay of a combination id
	combos [256]combo                      // combination of an id
	_      [0]func()                       // not comparable
}

// comboID numbers a combination: 1 + symbol·(MaxReels+1) + count (0 = no pay).
func comboID(c combo) uint8 {
	if c.pay == 0 {
		return 0
	}
	return uint8(1 + int(c.sym)*(MaxReels+1) + int(c.count))
}

func (g *Game) stepTables() *stepTables {
	t := &stepTables{}
	ns, nr := len(g.Symbols), g.Reels
	wildPays := false
	if g.Wild != NoSymbol {
		for _, p := range g.pay[g.Wild] {
			wildPays = wildPays || p > 0
		}
	}
	alive := func(s SymbolID, i int) uint8 {
		if !wildPays {
			i = 0
		}
		return uint8(2 + int(s) + ns*i)
	}
	record := func(c combo) uint8 {
		id := comboID(c)
		t.pay[id] = c.pay
		t.combos[id] = c
		return id
	}
	wildOwn := func(i int) uint8 {
		if g.Wild == NoSymbol {
			return 0
		}
		return record(combo{g.Wild, uint8(i), g.pay[g.Wild][i]})
	}
	for s := range ns {
		switch {
		case SymbolID(s) == g.Wild:
			t.start[s] = 1
		case g.lineable[s]:
			t.start[s] = alive(SymbolID(s), 0)
		}
		t.step[0][stateStart][s] = step{next: t.start[s]}
		if nr == 1 {
			t.last[stateStart][s] = t.finish(g, t.start[s], record)
		}
	}
	// transition reading cell c as the (r+1)-th cell (reel r), the line having read r.
	trans := func(st uint8, r int, c SymbolID) step {
		switch {
		case st == 0:
			return step{}
		case st == 1:
			switch {
			case c == g.Wild:
				return step{next: 1}
			case g.lineable[c]:
				return step{next: alive(c, r)}
			default:
				return step{combo: wildOwn(r)}
			}
		default:
			s := SymbolID((int(st) - 2) % ns)
			i := (int(st) - 2) / ns
			if c == s || c == g.Wild {
				return step{next: st}
			}
			return step{combo: record(g.best(s, r, i))}
		}
	}
	states := []uint8{0, 1}
	for i := range nr {
		for s := range ns {
			if g.lineable[s] && (i == 0 || wildPays) {
				states = append(states, alive(SymbolID(s), i))
			}
		}
	}
	for _, st := range states {
		for c := range ns {
			for r := 1; r < nr; r++ {
				t.step[r][st][c] = trans(st, r, SymbolID(c))
			}
			if nr > 1 {
				x := trans(st, nr-1, SymbolID(c))
				if x.combo != 0 || x.next == 0 {
					t.last[st][c] = x.combo
				} else {
					t.last[st][c] = t.finish(g, x.next, record)
				}
			}
		}
		t.fin[st] = t.finish(g, st, record)
	}
	return t
}

// finish is the combination paid by a state that ran through all reels.
func (t *stepTables) finish(g *Game, st uint8, record func(combo) uint8) uint8 {
	ns := len(g.Symbols)
	switch st {
	case 0:
		return 0
	case 1:
		return record(g.allWild)
	}
	s := SymbolID((int(st) - 2) % ns)
	i := (int(st) - 2) / ns
	return record(g.best(s, g.Reels, i))
}
