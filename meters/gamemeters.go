package meters

import (
	"cmp"
	"slices"
)

// GameKey names one (title, denomination) pair.
type GameKey struct {
	Title      string
	DenomCents int64
}

// GameMeter is the play of one title at one denomination: enough to reconcile the
// title's RTP (won_cents / coin_in_cents) per denomination. Values roll over at Modulus.
type GameMeter struct {
	Title       string `json:"title"`
	DenomCents  int64  `json:"denom_cents"`
	GamesPlayed int64  `json:"games_played"`
	CoinInCents int64  `json:"coin_in_cents"`
	WonCents    int64  `json:"won_cents"`
}

// Key is the meter's (title, denomination).
func (g GameMeter) Key() GameKey { return GameKey{g.Title, g.DenomCents} }

// sortGameMeters orders by title, then denomination.
func sortGameMeters(gs []GameMeter) {
	slices.SortFunc(gs, func(a, b GameMeter) int {
		if c := cmp.Compare(a.Title, b.Title); c != 0 {
			return c
		}
		return cmp.Compare(a.DenomCents, b.DenomCents)
	})
}

// TitleTotals sums game meters per title over all denominations.
func TitleTotals(gs []GameMeter) []GameMeter {
	return totals(gs, func(g GameMeter) GameKey { return GameKey{Title: g.Title} })
}

// DenomTotals sums game meters per denomination over all titles.
func DenomTotals(gs []GameMeter) []GameMeter {
	return totals(gs, func(g GameMeter) GameKey { return GameKey{DenomCents: g.DenomCents} })
}

func totals(gs []GameMeter, key func(GameMeter) GameKey) []GameMeter {
	sum := map[GameKey]GameMeter{}
	for _, g := range gs {
		k := key(g)
		t := sum[k]
		t.Title, t.DenomCents = k.Title, k.DenomCents
		t.GamesPlayed = addMod(t.GamesPlayed, g.GamesPlayed)
		t.CoinInCents = addMod(t.CoinInCents, g.CoinInCents)
		t.WonCents = addMod(t.WonCents, g.WonCents)
		sum[k] = t
	}
	out := make([]GameMeter, 0, len(sum))
	for _, t := range sum {
		out = append(out, t)
	}
	sortGameMeters(out)
	return out
}
