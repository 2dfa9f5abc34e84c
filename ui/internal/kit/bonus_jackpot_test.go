package kit

import (
	"testing"

	"egm/games"
	"egm/jurisdiction"
	"egm/locale"
	"egm/machine/bonusjp"
)

func TestBonusJackpotRuleOnFundingTitlesOnly(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	c := bonusjp.Default(1)
	c.Enabled, c.Titles = true, []string{ts[0].Spec.ID}
	SetBonusJackpot(c)
	defer SetBonusJackpot(bonusjp.Config{})
	for i, want := range []bool{true, false} {
		r, err := NewRulesIn(ts[i], locale.ET, jurisdiction.EE)
		if err != nil {
			t.Fatal(err)
		}
		has := false
		for _, f := range r.Features {
			has = has || f.Name == "Boonus jackpot"
		}
		if has != want {
			t.Errorf("%s: bonus jackpot rule %v, want %v", ts[i].Spec.ID, has, want)
		}
	}
}
