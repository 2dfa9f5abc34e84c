package slotscene

import (
	"egm/locale"
	"egm/ui/internal/kit"
)

// The player's texts with values that the screen draws on every frame (a meter's
// second line, a banner, a counter) are kept by language, message and values, so
// that a frame showing the same text as the last one formats nothing, and a
// language change words them afresh. The map starts again when it reaches
// wordsLimit.
type wordKey struct {
	lang locale.Lang
	id   string
	a, b int64
	s    string
}

var words = map[wordKey]string{}

const wordsLimit = 1024

func keptWord(k wordKey) (string, bool) {
	s, ok := words[k]
	return s, ok
}

func keepWord(k wordKey, s string) string {
	if len(words) >= wordsLimit {
		clear(words)
	}
	words[k] = s
	return s
}

// TrMoney is message id with the amount minor as "Amount", kept.
func TrMoney(id string, minor int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, a: minor}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, kit.Tr(id, "Amount", kit.PlayerMoney(minor)))
}

// TrX is message id with the factor x as "X" (a multiplier: no plural), kept.
func TrX(id string, x int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, a: x}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, kit.Tr(id, "X", kit.Grouped(x)))
}

// TrCount is message id in its plural form for n ("N"), kept.
func TrCount(id string, n int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, a: n}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, kit.TrN(id, n))
}

// TrOf is message id in its plural form for n ("N") with i as "I" (the i-th of
// n), kept.
func TrOf(id string, i, n int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, a: i, b: n}
	if s, ok := keptWord(k); ok {
		return s
	}
	return keepWord(k, kit.TrN(id, n, "I", kit.Grouped(i)))
}

// trName is message id with the name s as "Name", kept.
func trName(id, s string) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, s: s}
	if w, ok := keptWord(k); ok {
		return w
	}
	return keepWord(k, kit.Tr(id, "Name", s))
}

// TrNameX is message id with the name s as "Name" and the factor x as "X", kept.
func TrNameX(id, s string, x int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, s: s, a: x}
	if w, ok := keptWord(k); ok {
		return w
	}
	return keepWord(k, kit.Tr(id, "Name", s, "X", kit.Grouped(x)))
}

// TrNameMoney is message id with the name s as "Name" and the amount minor as
// "Amount", kept.
func TrNameMoney(id, s string, minor int64) string {
	k := wordKey{lang: kit.PlayerLang(), id: id, s: s, a: minor}
	if w, ok := keptWord(k); ok {
		return w
	}
	return keepWord(k, kit.Tr(id, "Name", s, "Amount", kit.PlayerMoney(minor)))
}
