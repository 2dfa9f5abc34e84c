package locale

import (
	"fmt"

	"egm/money"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// Printer prints messages in one language, amounts in one currency. A printer is
// immutable: a language change makes another (the screen keeps one per
// language). It is not safe for concurrent use (its cache), one per goroutine.
type Printer struct {
	lang Lang
	cur  money.Currency
	loc  *i18n.Localizer
	// fixed caches the messages with no values, which the screen asks every frame
	fixed map[string]string
}

// New is a printer for lang and currency cur.
func New(lang Lang, cur money.Currency) *Printer {
	return &Printer{lang: lang, cur: cur, loc: i18n.NewLocalizer(mustLoad().bundle, string(lang)), fixed: map[string]string{}}
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// Currency is the printer's currency.
func (p *Printer) Currency() money.Currency { return p.cur }

// T prints message id with its named values given as pairs: T("ui.won",
// "Amount", p.Money(500)).
func (p *Printer) T(id string, kv ...any) string {
	if len(kv) == 0 {
		if s, ok := p.fixed[id]; ok {
			return s
		}
	}
	s := p.localize(id, nil, kv)
	if len(kv) == 0 {
		p.fixed[id] = s
	}
	return s
}

// N prints the plural form of message id for count n; the count is also the
// value "N", written grouped for the language.
func (p *Printer) N(id string, n int64, kv ...any) string {
	return p.localize(id, n, append([]any{"N", money.Count(n, string(p.lang))}, kv...))
}

// Money writes an amount of minor units for this printer's reader.
func (p *Printer) Money(minor int64) string { return p.cur.Format(minor, string(p.lang)) }

// Amount writes an amount's number without the symbol.
func (p *Printer) Amount(minor int64) string { return p.cur.Amount(minor, string(p.lang)) }

// Count writes a whole number grouped for this printer's reader.
func (p *Printer) Count(n int64) string { return money.Count(n, string(p.lang)) }

func (p *Printer) localize(id string, count any, kv []any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		data[fmt.Sprint(kv[i])] = kv[i+1]
	}
	if len(kv)%2 != 0 {
		return "‹" + id + ": odd values›"
	}
	s, err := p.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil || s == "" {
		return "‹" + id + "›"
	}
	return s
}
