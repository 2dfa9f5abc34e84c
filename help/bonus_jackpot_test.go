package help

import (
	"strings"
	"testing"

	"egm/locale"
	"egm/money"
)

func TestBonusJackpotEveryLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang locale.Lang
		cur  money.Currency
		want []string
	}{
		{locale.EN, money.EUR, []string{"0.30", "100", "500"}},
		{locale.ET, money.EUR, []string{"0,30", "100", "500"}},
		{locale.RU, money.EUR, []string{"0,30", "100", "500"}},
		{locale.KK, money.KZT, []string{"0,30", "50", "250"}},
	} {
		scale := int64(1)
		if tc.cur == money.KZT {
			scale = 500
		}
		p := locale.New(tc.lang, tc.cur)
		f := BonusJackpot(p, 30, 10_000*scale, 50_000*scale)
		text := strings.Join(f.Text, " ")
		if f.Name == "" || f.Name == "rules.feature.bonus_jackpot" || strings.Contains(text, "rules.") || strings.Contains(text, "{{") {
			t.Fatalf("%s: untranslated: %q %q", tc.lang, f.Name, text)
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q lacks %q", tc.lang, text, w)
			}
		}
	}
}
