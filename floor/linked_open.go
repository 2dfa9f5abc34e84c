package floor

import (
	"fmt"
	"strconv"
	"strings"

	"egm/jackpot"
	"egm/rng"
)

// OpenLinked opens the linked jackpot controller at path (levels: nil for the
// shipped ones) and links the machines at addrs: each one's coin-in is
// contributed, its hits answered and its mystery awards paid as bonuses; the
// levels are broadcast to all of them. log receives the hits and awards (nil:
// none). Close l.C after use.
func OpenLinked(path string, levels []jackpot.LevelConfig, st *Store, addrs []byte, log func(string)) (*Linked, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	c, err := jackpot.Open(path, jackpot.Options{RNG: g, Levels: levels})
	if err != nil {
		return nil, err
	}
	l := &Linked{C: c, Store: st, Log: log}
	for _, a := range addrs {
		if err := l.Register(a); err != nil {
			c.Close()
			return nil, err
		}
	}
	return l, nil
}

// MysteryWindow is a mystery window "MIN:MAX" in whole EUR: the shipped levels with
// a narrower mystery window (reset at MIN) for lab runs that must see many awards;
// "" is the shipped configuration (nil).
func MysteryWindow(spec string) ([]jackpot.LevelConfig, error) {
	if spec == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(spec, ":")
	lo, err1 := strconv.ParseInt(a, 10, 64)
	hi, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 1_000_000 {
		return nil, fmt.Errorf("floor: mystery window %q: want MIN:MAX in whole EUR, 1 <= MIN <= MAX", spec)
	}
	lv := jackpot.DefaultLevels()
	for i := range lv {
		if lv[i].Name == jackpot.MysteryName {
			lv[i].ResetCents, lv[i].TriggerMinCents, lv[i].TriggerMaxCents = lo*100, lo*100, hi*100
		}
	}
	return lv, nil
}
