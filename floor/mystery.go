package floor

import (
	"fmt"
	"strconv"
	"strings"

	"egm/jackpot"
	"egm/jurisdiction"
)

// MysteryWindow is a mystery window "MIN:MAX" in whole euros: the shipped levels
// with a narrower mystery window (reset at MIN) for lab runs that must see many
// awards; "" is the shipped configuration (nil).
func MysteryWindow(spec string) ([]jackpot.LevelConfig, error) {
	return MysteryWindowIn(spec, jurisdiction.EE)
}

// MysteryWindowIn is MysteryWindow for a floor in p's currency: "" is p's
// shipped levels (jackpot.LevelsFor; nil for EE, the controller's default),
// MIN:MAX whole units of its currency.
func MysteryWindowIn(spec string, p jurisdiction.Profile) ([]jackpot.LevelConfig, error) {
	lv := jackpot.LevelsFor(p.Limits)
	if spec == "" {
		if p.Code == jurisdiction.EE.Code {
			return nil, nil
		}
		return lv, nil
	}
	unit := p.Currency.Unit()
	a, b, ok := strings.Cut(spec, ":")
	lo, err1 := strconv.ParseInt(a, 10, 64)
	hi, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 1_000_000*(p.Limits.MaxBet/jurisdiction.EE.Limits.MaxBet) {
		return nil, fmt.Errorf("floor: mystery window %q: want MIN:MAX in whole %s, 1 <= MIN <= MAX", spec, p.Currency.Code)
	}
	for i := range lv {
		if lv[i].Name == jackpot.MysteryName {
			lv[i].ResetCents, lv[i].TriggerMinCents, lv[i].TriggerMaxCents = lo*unit, lo*unit, hi*unit
		}
	}
	return lv, nil
}
