package jurisdiction

import (
	"strings"
	"testing"

	"egm/locale"
	"egm/money"
)

func TestProfiles(t *testing.T) {
	for _, tc := range []struct {
		code string
		cur  money.Currency
		def  locale.Lang
	}{{"", money.EUR, locale.ET}, {"ee", money.EUR, locale.ET}, {"KZ", money.KZT, locale.KK}} {
		p, err := ByCode(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		if p.Currency != tc.cur || p.DefaultLanguage() != tc.def || !p.Offers(locale.RU) || !p.Offers(locale.EN) {
			t.Errorf("%q: %+v", tc.code, p)
		}
		if p.Offers(locale.KK) == p.Offers(locale.ET) {
			t.Errorf("%q offers both or neither state language", tc.code)
		}
	}
	if _, err := ByCode("DE"); err == nil || !strings.Contains(err.Error(), `jurisdiction: unknown jurisdiction "DE" (known: EE, KZ)`) {
		t.Fatalf("DE: %v", err)
	}
}

// TestLimitsKeepTheMath: the certified math depends on ratios only (a jackpot
// reset in maximum bets, the bet range in denominations); the tenge limits keep
// every one of them.
func TestLimitsKeepTheMath(t *testing.T) {
	e, k := EE.Limits, KZ.Limits
	ratios := func(l Limits) []int64 {
		return []int64{l.MaxBet / l.MinBet, l.GrandReset / l.MaxBet, l.MajorReset / l.MaxBet,
			l.MysteryMin / l.MaxBet, l.MysteryMax / l.MaxBet, l.HandpayLimit / l.MaxBet, l.MaxBet % l.MinBet, l.GrandReset % l.MaxBet}
	}
	if a, b := ratios(e), ratios(k); fmtInts(a) != fmtInts(b) {
		t.Fatalf("EE ratios %v, KZ %v", a, b)
	}
	for i := range e.Denominations {
		if k.Denominations[i]*e.MaxBet != e.Denominations[i]*k.MaxBet {
			t.Errorf("denomination %d: %d ₸ is not the euro's at the same scale", i, k.Denominations[i]/100)
		}
		if k.Denominations[i]%100 != 0 {
			t.Errorf("denomination %d is not whole tenge", k.Denominations[i])
		}
	}
}

func fmtInts(v []int64) string {
	var b strings.Builder
	for _, x := range v {
		b.WriteString(money.Count(x, "en") + " ")
	}
	return strings.TrimSpace(b.String())
}

// TestProfileIsACopy: a caller that changes its profile changes no other's.
func TestProfileIsACopy(t *testing.T) {
	p, _ := ByCode("EE")
	p.Languages[0] = locale.EN
	p.Limits.Denominations[0] = 999
	q, _ := ByCode("EE")
	if q.Languages[0] != locale.ET || q.Limits.Denominations[0] != 1 {
		t.Fatal("the table changed")
	}
}

func TestDescribe(t *testing.T) {
	var b strings.Builder
	if err := KZ.Describe(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"jurisdiction      KZ (Kazakhstan)", "currency          KZT (₸", "kk (Қазақша)", "total bet         250.00 KZT to 20000.00 KZT", "surrender off", "operator-set"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}
