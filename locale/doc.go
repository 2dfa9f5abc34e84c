// Package locale holds every text a player or an operator reads, in the
// machine's four languages (Estonian, Russian, Kazakh, English), and prints them
// with amounts in the profile's currency.
//
// It owns:
//   - the languages (lang.go): their codes, and each one's name in itself, for
//     the language button;
//   - the message catalogues (catalog/*.toml, embedded): one file per area and
//     language, "AREA.LANG.toml" (ui.et.toml, tables.ru.toml…), every message
//     under an id "area.what"; English is the source, every other language has
//     every id (TestCatalogues) and none equal to its English unless the
//     English message's description starts "name:" (a brand, a game's name);
//   - the printer (printer.go): a language and a currency; T prints a message,
//     N its plural form for a count, Money an amount (package money).
//
// The catalogues are read by go-i18n (github.com/nicksnyder/go-i18n/v2) rather
// than golang.org/x/text/message: go-i18n reads translators' files (TOML, one
// per language) with CLDR's plural categories written out per message (Russian's
// one/few/many, Estonian's and Kazakh's one/other), while x/text/message wants
// its catalogue built in Go code or by its extraction tool. Both take CLDR's
// plural rules from x/text.
//
// Messages are Go templates over named values: "You won {{.Amount}}". Callers
// pass amounts already formatted (Printer.Money), so a catalogue never formats
// money itself. A missing id prints as "‹id›" (never an empty box) and tests
// fail on it; a catalogue that does not parse stops the program at start.
//
// It must not import the machine, the screen or anything with a display: the
// platform, the screen, the rules export and the lab all print through it.
package locale
