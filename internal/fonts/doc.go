// Package fonts embeds the screen's typeface: Noto Sans, regular and bold, from
// Debian's fonts-noto-core, under the SIL Open Font License 1.1 (OFL.txt beside
// it). It covers every letter of the machine's four languages, Kazakh's
// Ә Ғ Қ Ң Ө Ұ Ү Һ І among them, and the tenge sign ₸, which the Go fonts lack.
// Noto Sans 2020 lacks the minus sign U+2212 (Estonian's minus in CLDR) and the
// arrows, which the Go fonts have: the screen is to draw with Noto first and the
// Go face of the same weight after it (TestNotoNeedsAFallback).
// TestCataloguesHaveGlyphs checks every rune of every message catalogue against
// the pair, in both weights.
//
// It owns the font files only; drawing stays in ui. It must not import Ebiten, so
// that its test runs with no display.
package fonts
