package money

import (
	"math"
	"strings"
	"testing"
)

// nb writes a test's expectation with ordinary spaces standing for CLDR's no-break
// spaces.
func nb(s string) string { return strings.ReplaceAll(s, " ", nbsp) }

func TestFormatByLocale(t *testing.T) {
	for _, tc := range []struct {
		cur   Currency
		minor int64
		lang  string
		want  string
	}{
		{EUR, 123450, "et", nb("1 234,50 €")},
		{EUR, 123450, "ru", nb("1 234,50 €")},
		{EUR, 123450, "kk", nb("1 234,50 €")},
		{EUR, 123450, "en", "€1,234.50"},
		{EUR, 0, "en", "€0.00"},
		{EUR, 5, "et", nb("0,05 €")},
		{EUR, 99, "ru", nb("0,99 €")},
		{EUR, 100000000, "et", nb("1 000 000,00 €")},
		{EUR, -150, "en", "-€1.50"},
		{EUR, -150, "et", nb("\u22121,50 €")},
		{KZT, 123400, "kk", nb("1 234 ₸")},
		{KZT, 123400, "ru", nb("1 234 ₸")},
		{KZT, 123400, "en", "₸1,234"},
		{KZT, 123499, "kk", nb("1 234 ₸")}, // a fraction of a tenge is not shown, never rounded up
		{KZT, 99, "kk", nb("0 ₸")},
		{KZT, -99, "kk", nb("0 ₸")}, // no minus before a shown zero
		{KZT, 1_000_000_000_00, "kk", nb("1 000 000 000 ₸")},
		// the largest meter: SAS meters hold 8 BCD digits of credits; critical memory int64
		{EUR, math.MaxInt64, "en", "€92,233,720,368,547,758.07"},
		{EUR, math.MinInt64, "en", "-€92,233,720,368,547,758.08"},
		{KZT, math.MaxInt64, "kk", nb("92 233 720 368 547 758 ₸")},
		{EUR, 99999999_00, "et", nb("99 999 999,00 €")},
		{EUR, 123450, "xx", "€1,234.50"}, // an unknown locale writes English
	} {
		if got := tc.cur.Format(tc.minor, tc.lang); got != tc.want {
			t.Errorf("%s.Format(%d, %s) = %q, want %q", tc.cur.Code, tc.minor, tc.lang, got, tc.want)
		}
	}
}

func TestPlainAndGrouped(t *testing.T) {
	for _, tc := range []struct {
		cur           Currency
		minor         int64
		plain, groupd string
	}{
		{EUR, 0, "0.00 EUR", "0.00 EUR"},
		{EUR, 5, "0.05 EUR", "0.05 EUR"},
		{EUR, 123450, "1234.50 EUR", "1,234.50 EUR"},
		{EUR, -150, "-1.50 EUR", "-1.50 EUR"},
		{KZT, 123456, "1234.56 KZT", "1,234.56 KZT"}, // engineers see every tiyn
		{EUR, math.MinInt64, "-92233720368547758.08 EUR", "-92,233,720,368,547,758.08 EUR"},
	} {
		if got := tc.cur.Plain(tc.minor); got != tc.plain {
			t.Errorf("Plain(%d) = %q, want %q", tc.minor, got, tc.plain)
		}
		if got := tc.cur.Grouped(tc.minor); got != tc.groupd {
			t.Errorf("Grouped(%d) = %q, want %q", tc.minor, got, tc.groupd)
		}
	}
}

func TestCountAndAmount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		lang string
		want string
	}{
		{0, "en", "0"}, {999, "et", "999"}, {12345, "en", "12,345"}, {12345, "ru", nb("12 345")},
		{-12345, "et", nb("\u221212 345")}, {math.MinInt64, "en", "-9,223,372,036,854,775,808"},
	} {
		if got := Count(tc.n, tc.lang); got != tc.want {
			t.Errorf("Count(%d, %s) = %q, want %q", tc.n, tc.lang, got, tc.want)
		}
	}
	if got := KZT.Amount(500000, "kk"); got != nb("5 000") {
		t.Errorf("Amount = %q", got)
	}
	if got := EUR.Amount(-5, "et"); got != "\u22120,05" {
		t.Errorf("Amount = %q", got)
	}
}

func TestByCode(t *testing.T) {
	if c, err := ByCode(" kzt "); err != nil || c != KZT {
		t.Fatalf("ByCode(kzt) = %v, %v", c, err)
	}
	if _, err := ByCode("USD"); err == nil || !strings.Contains(err.Error(), "money: unknown currency \"USD\" (known: EUR, KZT)") {
		t.Fatalf("ByCode(USD) = %v", err)
	}
	if EUR.Unit() != 100 || KZT.Unit() != 100 {
		t.Fatal("ISO 4217 gives both currencies two minor digits")
	}
}

func FuzzFormat(f *testing.F) {
	f.Add(int64(123450), "et")
	f.Add(int64(math.MinInt64), "en")
	f.Fuzz(func(t *testing.T, minor int64, lang string) {
		for _, c := range table {
			s := c.Format(minor, lang)
			if !strings.Contains(s, c.Symbol) {
				t.Fatalf("%q has no symbol", s)
			}
			if p := c.Plain(minor); !strings.HasSuffix(p, " "+c.Code) {
				t.Fatalf("%q", p)
			}
		}
	})
}

// A record that names no currency, or one this build does not know, predates
// the records and counts in euros.
func TestRecorded(t *testing.T) {
	for _, c := range []struct {
		code string
		want Currency
	}{{"KZT", KZT}, {"kzt", KZT}, {"EUR", EUR}, {"", EUR}, {"XYZ", EUR}} {
		if got := Recorded(c.code); got != c.want {
			t.Errorf("Recorded(%q) = %v, want %v", c.code, got, c.want)
		}
	}
	if got := (Currency{}).OrRecorded(); got != EUR {
		t.Errorf("the unset currency is %v, want EUR", got)
	}
	if got := KZT.OrRecorded(); got != KZT {
		t.Errorf("KZT.OrRecorded() = %v", got)
	}
}
