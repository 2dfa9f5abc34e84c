package help

import (
	"math/big"
	"strings"
	"testing"

	"egm/locale"
	"egm/money"
	"egm/tables/threecard"
)

// The progressive side bet's rule and row state the machine's stake and reset
// amount in the reader's currency, what each hand wins on that stake, and the
// exact return at the reset amount with the break-even jackpot (the sheet's
// figures), in every language.
func TestThreeCardProgressiveEveryLanguage(t *testing.T) {
	eur := threecard.DefaultProgressive
	kzt := eur
	kzt.Pool = threecard.Pool{Currency: money.KZT, Stake: 500 * eur.Pool.Stake, Seed: 500 * eur.Pool.Seed, GrowthBP: eur.Pool.GrowthBP}
	for _, tc := range []struct {
		lang locale.Lang
		side threecard.Progressive
	}{
		{locale.EN, eur}, {locale.ET, eur}, {locale.RU, eur}, {locale.KK, kzt},
	} {
		p := locale.New(tc.lang, tc.side.Pool.Currency)
		f, bet := ThreeCardProgressive(p, tc.side)
		text := f.Name + " " + strings.Join(f.Text, " ") + " " + bet.Bet + " " + bet.Pays + " " + bet.Return
		if strings.Contains(text, "rules.") || strings.Contains(text, "{{") {
			t.Fatalf("%s: untranslated: %q", tc.lang, text)
		}
		q := tc.side.Pool
		fig := threecard.ProgressiveExact(tc.side)
		be := new(big.Int).Add(fig.BreakEven.Num(), new(big.Int).Sub(fig.BreakEven.Denom(), big.NewInt(1)))
		be.Quo(be, fig.BreakEven.Denom())
		want := []string{
			p.Money(q.Stake), p.Money(q.Seed), // the fixed stake, the reset amount
			p.Money(500 * q.Stake), p.Money(100 * q.Stake), p.Money(90 * q.Stake), // the fixed pays on the stake
			percent(p, ratPct(fig.AtSeed)), p.Money(be.Int64()),
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q lacks %q", tc.lang, text, w)
			}
		}
		if !strings.Contains(bet.Pays, ProgressiveHandName(p, threecard.ProgMiniRoyalSpades)) {
			t.Errorf("%s: the pays %q do not name the top hand", tc.lang, bet.Pays)
		}
	}
	// The English row, whole: the figures of the shipped side bet.
	f, bet := ThreeCardProgressive(english(), eur)
	if got := bet.Return; !strings.Contains(got, "€11,520.00") {
		t.Errorf("the break-even jackpot of the shipped side bet: %q, want €11,520.00 (1,152,000 cents on the sheet)", got)
	}
	if !strings.HasPrefix(bet.Pays, "A-K-Q of spades: the whole jackpot, A-K-Q of another suit: €500.00") {
		t.Errorf("pays %q", bet.Pays)
	}
	if f.Name != "Progressive jackpot" {
		t.Errorf("feature %q", f.Name)
	}
}
