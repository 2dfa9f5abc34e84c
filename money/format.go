package money

// A locale's conventions for amounts (CLDR): separators, where the symbol goes,
// the minus sign.
type style struct {
	group, decimal string
	symbolFirst    bool   // "€1,234.50" (English) or "1 234,50 €"
	minus          string // "-" or CLDR's U+2212 (Estonian)
}

// nbsp is the no-break space CLDR writes between groups and before the symbol.
const nbsp = "\u00a0"

var styles = map[string]style{
	"en": {group: ",", decimal: ".", symbolFirst: true, minus: "-"},
	"et": {group: nbsp, decimal: ",", minus: "\u2212"},
	"ru": {group: nbsp, decimal: ",", minus: "-"},
	"kk": {group: nbsp, decimal: ",", minus: "-"},
}

// styleOf is a locale's style; an unknown locale writes English.
func styleOf(lang string) style {
	if s, ok := styles[lang]; ok {
		return s
	}
	return styles["en"]
}

// Format writes an amount for a player reading lang ("et", "ru", "kk", "en"):
// grouped, the shown decimals only, with the currency's symbol where the locale
// puts it. Tenge are shown whole; a fraction of a tenge (a jackpot pool's
// contributions) is truncated towards zero, never rounded up.
func (c Currency) Format(minor int64, lang string) string {
	st := styleOf(lang)
	num := c.digits(minor, st.group, st.decimal, c.Shown)
	sign := ""
	if num[0] == '-' {
		sign, num = st.minus, num[1:]
	}
	if st.symbolFirst {
		return sign + c.Symbol + num
	}
	return sign + num + nbsp + c.Symbol
}

// Amount writes an amount's number for lang without the symbol ("1 234,50"),
// for a box whose caption names the currency.
func (c Currency) Amount(minor int64, lang string) string {
	st := styleOf(lang)
	num := c.digits(minor, st.group, st.decimal, c.Shown)
	if num[0] == '-' {
		return st.minus + num[1:]
	}
	return num
}

// Count writes a whole number grouped for lang ("12 345", "12,345"): credits,
// games, spins.
func Count(n int64, lang string) string {
	st := styleOf(lang)
	if n < 0 {
		return st.minus + group(uint64(-(n+1))+1, st.group)
	}
	return group(uint64(n), st.group)
}
