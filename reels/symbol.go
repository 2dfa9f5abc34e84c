package reels

import "fmt"

// Size limits. Windows and lines are fixed-size arrays of these dimensions so that a
// spin and its evaluation never allocate.
const (
	MaxReels   = 5
	MaxRows    = 4 // a power of two: row indexes are masked, which removes bounds checks
	MaxCells   = MaxReels * MaxRows
	MaxSymbols = 32 // a power of two for the same reason
	MaxLines   = 40
	MaxPay     = 1 << 26 // the most a spin may pay, in line bets (exact sums stay in range)
)

// SymbolID indexes Game.Symbols.
type SymbolID uint8

// NoSymbol marks "none" (no wild, no scatter in the game).
const NoSymbol SymbolID = 0xFF

// Kind is what a symbol does on the reels.
type Kind uint8

const (
	// Regular symbols pay on lines, left to right.
	Regular Kind = iota
	// Wild substitutes for every Regular symbol on a line and may pay on its own.
	Wild
	// Scatter pays by count anywhere in the window (× total bet) and is never
	// substituted. It usually triggers free games.
	Scatter
	// Bonus symbols (coins, jackpot symbols) never pay on lines and are never
	// substituted; features (Lock & Spin) count them.
	Bonus
)

var kindNames = [...]string{Regular: "regular", Wild: "wild", Scatter: "scatter", Bonus: "bonus"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, fmt.Errorf("reels: unknown symbol kind %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("reels: unknown symbol kind %q", b)
}

// Symbol is one compiled symbol of a game. Pays[n] is the pay for n of a kind: a
// multiple of the line bet for Regular and Wild symbols (Wild: a line of n leading
// wilds), a multiple of the total bet for the Scatter (n anywhere, see
// Game.ScatterPay). Bonus symbols pay nothing here.
type Symbol struct {
	Name string
	Kind Kind
	Pays []int64 // index = count; length Reels+1 (line) or Reels*Rows+1 (scatter)
}
