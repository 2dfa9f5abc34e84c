package reels

import "strings"

// SymbolDef declares a symbol in a title's data.
type SymbolDef struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
	// Pays maps a count to its pay: × line bet for n of a kind on a line (Regular,
	// Wild), × total bet for n anywhere (Scatter; a count above the highest listed
	// one pays as the highest listed). Regular symbols must pay for some count; Wild
	// may; Bonus must not.
	Pays map[int]int64 `json:"pays,omitempty"`
}

// Config is a title's reel data in plain terms: what a title file declares and
// what a PAR sheet prints. New validates and compiles it.
type Config struct {
	Title   string      `json:"title"`
	Reels   int         `json:"reels"`
	Rows    int         `json:"rows"`
	Symbols []SymbolDef `json:"symbols"`
	// Lines are the fixed pay lines: for each line, the row index (0 = top) on each
	// reel. All lines are always active; total bet = len(Lines) × line bet.
	Lines [][]int `json:"lines"`
	// Base holds the base game's strips (symbol names per stop, per reel).
	Base [][]string `json:"base"`
	// Free optionally holds the free-game strips.
	Free [][]string `json:"free,omitempty"`
}

// Strip splits a whitespace-separated list of symbol names into a strip, so title
// data can be written one reel per line.
func Strip(s string) []string { return strings.Fields(s) }
