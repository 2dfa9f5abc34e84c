package reels

// Tagger labels one window column for Enumerate. The classes Enumerate yields are
// keyed by the scatter count and by the tag of each reel's column, so a tagger says
// which facts about the window a feature needs to see besides the win: where the
// bonus symbols are, how many there are, whether a symbol shows on a reel. Keep the
// number of distinct tags per reel small: the work grows with it.
type Tagger func(reel int, col []SymbolID) uint8

// BonusMask tags a column with the rows that show a Bonus-kind symbol (bit row).
func BonusMask(g *Game) Tagger {
	return func(_ int, col []SymbolID) uint8 {
		var m uint8
		for row, s := range col {
			if g.Symbols[s].Kind == Bonus {
				m |= 1 << row
			}
		}
		return m
	}
}

// BonusCount tags a column with how many Bonus-kind symbols it shows.
func BonusCount(g *Game) Tagger {
	return func(_ int, col []SymbolID) uint8 {
		var n uint8
		for _, s := range col {
			if g.Symbols[s].Kind == Bonus {
				n++
			}
		}
		return n
	}
}

// SymbolCount tags a column with how many of the given symbols it shows (e.g. coin
// symbols of one value, or one jackpot symbol).
func SymbolCount(syms ...SymbolID) Tagger {
	return func(_ int, col []SymbolID) uint8 {
		var n uint8
		for _, s := range col {
			for _, x := range syms {
				if s == x {
					n++
				}
			}
		}
		return n
	}
}

// SymbolPresent tags a column 1 if it shows s anywhere, else 0 (the expanding
// symbol's reels).
func SymbolPresent(s SymbolID) Tagger {
	return func(_ int, col []SymbolID) uint8 {
		for _, x := range col {
			if x == s {
				return 1
			}
		}
		return 0
	}
}

// TagCounts returns, per reel, how many stops of set show each tag value:
// out[r][t] = stops of reel r whose column tags t. With BonusCount it is the
// per-reel distribution of bonus symbols that a Lock & Spin trigger starts from.
func (g *Game) TagCounts(set *ReelSet, tag Tagger) [][]uint64 {
	out := make([][]uint64, g.Reels)
	for r := range g.Reels {
		for k := range set.Len(r) {
			col := set.cols[r][k]
			t := int(tag(r, col[:g.Rows]))
			for len(out[r]) <= t {
				out[r] = append(out[r], 0)
			}
			out[r][t]++
		}
	}
	return out
}
