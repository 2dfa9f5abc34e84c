package jurisdiction

import (
	"fmt"
	"slices"
	"strings"

	"egm/locale"
	"egm/money"
)

// Profile is one jurisdiction's rules. Money is in the profile's minor units.
type Profile struct {
	// Code is the ISO 3166-1 code ("EE", "KZ").
	Code string
	// Country is the country's name in English (the engineers' listing).
	Country string
	// Currency is what the hall counts in.
	Currency money.Currency
	// Languages are the players' languages, the default first.
	Languages []locale.Lang
	// OperatorLanguage is the operator menu's language unless the configuration
	// sets another.
	OperatorLanguage locale.Lang
	// MinimumAge: no one younger plays (both seeds: 21).
	MinimumAge int
	// Register are the kinds of entry the wallet's register of restricted players
	// holds, as the floor names them.
	Register []string
	// SelfExclusionMonths bounds a self-exclusion (0, 0: the seed sets none).
	SelfExclusionMinMonths, SelfExclusionMaxMonths int
	// Limits are the money limits in Currency.
	Limits Limits
	// BlackjackSurrender is whether blackjack offers the surrender; Reason says
	// why it is as it is.
	BlackjackSurrender       bool
	BlackjackSurrenderReason string
	// Sources are the sections of the seed each value comes from.
	Sources map[string]string
	// OperatorSet names the values the seed does not give: the operator's.
	OperatorSet []string
}

// Limits are a profile's money limits, in minor units of its currency.
type Limits struct {
	// Denominations are the credit values offered, smallest first.
	Denominations []int64
	// MinBet and MaxBet bound a slot game's total bet.
	MinBet, MaxBet int64
	// HandpayLimit: a win above it is paid by the attendant.
	HandpayLimit int64
	// AMLThreshold: deposits and wins from it are flagged for due diligence.
	AMLThreshold int64
	// GrandReset and MajorReset are the linked progressive levels' reset values.
	GrandReset, MajorReset int64
	// MysteryMin and MysteryMax are the mystery jackpot's window.
	MysteryMin, MysteryMax int64
}

// Default is the profile a configuration without "jurisdiction" runs.
const Default = "EE"

// EE is the Estonian casino's profile (seed 000).
var EE = Profile{
	Code:             "EE",
	Country:          "Estonia",
	Currency:         money.EUR,
	Languages:        []locale.Lang{locale.ET, locale.RU, locale.EN},
	OperatorLanguage: locale.ET,
	MinimumAge:       21,
	Register:         []string{"self_exclusion", "court", "staff", "under_21"},
	// the Kazakh seed's bounds are the only ones given; the floor applies them to both
	SelfExclusionMinMonths: 6, SelfExclusionMaxMonths: 12,
	Limits: Limits{
		Denominations: []int64{1, 2, 5, 10, 20, 50, 100, 200},
		MinBet:        50, MaxBet: 4000,
		HandpayLimit: 1_000_000, AMLThreshold: 200_000,
		GrandReset: 500_000, MajorReset: 40_000,
		MysteryMin: 800_000, MysteryMax: 1_200_000,
	},
	BlackjackSurrender:       false,
	BlackjackSurrenderReason: "the Estonian house rules offer no surrender",
	Sources: map[string]string{
		"minimum age":    "seed 000, Piirangud 3 (alla 21-aastane isik ei tohi … mängida)",
		"register":       "seed 000, Piirangud 2 (HAMPI, the register of restricted players)",
		"limits":         "RULES.md R-GAME-11, R-CASH-4, R-CASH-7, R-WIN-1, R-WIN-2, R-JP-3",
		"languages":      "Estonian, the state language; Russian and English for visitors",
		"operator menu":  "Estonian, the staff's language",
		"blackjack rule": "seed 000, blackjack: no surrender",
	},
}

// KZ is the Kazakh casino's profile (seed 002).
var KZ = Profile{
	Code:             "KZ",
	Country:          "Kazakhstan",
	Currency:         money.KZT,
	Languages:        []locale.Lang{locale.KK, locale.RU, locale.EN},
	OperatorLanguage: locale.KK,
	MinimumAge:       21,
	Register:         []string{"self_exclusion", "court", "staff", "under_21"},
	// seed 002, section 5 (16): self-restriction from six months to a year
	SelfExclusionMinMonths: 6, SelfExclusionMaxMonths: 12,
	Limits: Limits{
		Denominations: []int64{500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000},
		MinBet:        25_000, MaxBet: 2_000_000,
		HandpayLimit: 500_000_000, AMLThreshold: 100_000_000,
		GrandReset: 250_000_000, MajorReset: 20_000_000,
		MysteryMin: 400_000_000, MysteryMax: 600_000_000,
	},
	BlackjackSurrender: false,
	BlackjackSurrenderReason: "the Kazakh house rules offer the surrender (\"SURENDA\", 29 8)), but in this " +
		"no-hole-card game it is early surrender: 0.644 pp to the player against the house edge of 0.517%, " +
		"a player advantage of 0.127% (docs/math.md, blackjack); it stays off",
	Sources: map[string]string{
		"minimum age":    "seed 002, section 3, 61 1) (жиырма бір жасқа толмаған адамдарға … тыйым салынады)",
		"register":       "seed 002, section 5 (the list of persons restricted from gambling: by court, by self-restriction, by family through the court)",
		"languages":      "Kazakh, the state language; Russian, in official use beside it; English for visitors",
		"operator menu":  "Kazakh, the state language (the configuration may set Russian)",
		"blackjack rule": "seed 002, 29 (SURRENDER) and the measured edge",
	},
	OperatorSet: []string{"denominations", "bet range", "handpay limit", "AML threshold", "jackpot levels"},
}

var profiles = []Profile{EE, KZ}

// Codes lists the profiles' codes.
func Codes() []string {
	out := make([]string, len(profiles))
	for i, p := range profiles {
		out[i] = p.Code
	}
	return out
}

// ByCode looks a profile up ("EE", "kz"); "" is the default.
func ByCode(code string) (Profile, error) {
	up := strings.ToUpper(strings.TrimSpace(code))
	if up == "" {
		up = Default
	}
	i := slices.IndexFunc(profiles, func(p Profile) bool { return p.Code == up })
	if i < 0 {
		return Profile{}, fmt.Errorf("jurisdiction: unknown jurisdiction %q (known: %s)", code, strings.Join(Codes(), ", "))
	}
	return clone(profiles[i]), nil
}

// clone copies a profile's slices, so that no caller changes the table.
func clone(p Profile) Profile {
	p.Languages = slices.Clone(p.Languages)
	p.Register = slices.Clone(p.Register)
	p.Limits.Denominations = slices.Clone(p.Limits.Denominations)
	p.OperatorSet = slices.Clone(p.OperatorSet)
	return p
}

// DefaultLanguage is the players' language at the start of every session.
func (p Profile) DefaultLanguage() locale.Lang { return p.Languages[0] }

// Offers reports whether players may choose lang.
func (p Profile) Offers(lang locale.Lang) bool { return slices.Contains(p.Languages, lang) }
