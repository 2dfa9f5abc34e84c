package locale

import (
	"fmt"
	"slices"
	"strings"
)

// Lang is a language's ISO 639-1 code.
type Lang string

// The languages of the machine's two jurisdictions.
const (
	ET Lang = "et" // Estonian
	RU Lang = "ru" // Russian
	KK Lang = "kk" // Kazakh
	EN Lang = "en" // English, the catalogues' source
)

// All lists every language with a catalogue, the source last.
var all = []Lang{ET, RU, KK, EN}

// All returns every language with a catalogue.
func All() []Lang { return slices.Clone(all) }

// Parse reads a language code ("et", "RU", " kk ").
func Parse(s string) (Lang, error) {
	l := Lang(strings.ToLower(strings.TrimSpace(s)))
	if !slices.Contains(all, l) {
		return "", fmt.Errorf("locale: unknown language %q (known: et, ru, kk, en)", s)
	}
	return l, nil
}

// Name is the language's name in itself, as the language button shows it.
func (l Lang) Name() string {
	switch l {
	case ET:
		return "Eesti"
	case RU:
		return "Русский"
	case KK:
		return "Қазақша"
	case EN:
		return "English"
	}
	return string(l)
}

// String is the code.
func (l Lang) String() string { return string(l) }
