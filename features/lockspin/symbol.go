package lockspin

import "fmt"

// Kind is what a bonus symbol is.
type Kind uint8

// Bonus symbol kinds.
const (
	// Coin carries a value in whole multiples of the total bet.
	Coin Kind = iota + 1
	// Jackpot is a Grand or Major (or other configured level) symbol. Qualified, it
	// is a jackpot hit paid by the linked jackpot system; unqualified, it counts as a
	// coin of its level's fallback value.
	Jackpot
	// ScaleUp multiplies the coin values on the grid by its factor (R-GAME-6).
	ScaleUp
)

var kindNames = [...]string{Coin: "coin", Jackpot: "jackpot", ScaleUp: "scaleup"}

func (k Kind) valid() bool { return k >= Coin && k <= ScaleUp }

func (k Kind) String() string {
	if !k.valid() {
		return fmt.Sprintf("Kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.valid() {
		return nil, fmt.Errorf("lockspin: no symbol kind %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n != "" && n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("lockspin: unknown symbol kind %q", b)
}

// Symbol is a bonus symbol: a coin with its value, a jackpot symbol with its level,
// or a Scale Up symbol with its factor.
type Symbol struct {
	Kind   Kind   `json:"kind"`
	Value  int64  `json:"value,omitempty"`  // Coin: × total bet
	Level  string `json:"level,omitempty"`  // Jackpot: level name, e.g. "grand"
	Factor int64  `json:"factor,omitempty"` // ScaleUp: 2, 3, …
}

func (s Symbol) String() string {
	switch s.Kind {
	case Coin:
		return fmt.Sprintf("coin %d", s.Value)
	case Jackpot:
		return s.Level
	case ScaleUp:
		return fmt.Sprintf("scale up ×%d", s.Factor)
	}
	return s.Kind.String()
}

// Weighted is one entry of a symbol table: the symbol and its integer weight.
type Weighted struct {
	Symbol Symbol `json:"symbol"`
	Weight uint64 `json:"weight"`
}

// Level is a jackpot level the feature can award.
type Level struct {
	Name string `json:"name"`
	// Fallback is the coin value (× total bet) an unqualified symbol of this level
	// counts as. Zero is allowed (the symbol then stays on the grid worth nothing).
	Fallback int64 `json:"fallback"`
}

// Land is a reel's landing table: on each respin every empty cell of the reel draws
// once from {Bonus, Blank} by weight.
type Land struct {
	Bonus uint64 `json:"bonus"`
	Blank uint64 `json:"blank"`
}
