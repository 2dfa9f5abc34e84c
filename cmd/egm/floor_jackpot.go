package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"egm/floor"
	"egm/jackpot"
	"egm/rng"
)

// openLinked opens the floor's linked jackpot controller (`egm floor --jackpot`)
// and links the machines: each one's coin-in is contributed, its hits answered and
// its mystery awards paid as bonuses (floor.Linked); the levels are broadcast to
// all of them.
func openLinked(path string, levels []jackpot.LevelConfig, st *floor.Store, ms []*floorMachine, stdout io.Writer) (*floor.Linked, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	c, err := jackpot.Open(path, jackpot.Options{RNG: g, Levels: levels})
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	l := &floor.Linked{C: c, Store: st, Log: func(s string) { mu.Lock(); fmt.Fprintln(stdout, s); mu.Unlock() }}
	for _, fm := range ms {
		if err := l.Register(fm.addr); err != nil {
			c.Close()
			return nil, err
		}
	}
	return l, nil
}

// mysteryWindow is --mystery-window MIN:MAX (EUR): the shipped levels with a
// narrower mystery window (reset at MIN) for lab runs that must see many awards;
// "" is the shipped configuration (nil).
func mysteryWindow(spec string) ([]jackpot.LevelConfig, error) {
	if spec == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(spec, ":")
	lo, err1 := strconv.ParseInt(a, 10, 64)
	hi, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 1_000_000 {
		return nil, fmt.Errorf("--mystery-window %q: want MIN:MAX in whole EUR, 1 <= MIN <= MAX", spec)
	}
	lv := jackpot.DefaultLevels()
	for i := range lv {
		if lv[i].Name == jackpot.MysteryName {
			lv[i].ResetCents, lv[i].TriggerMinCents, lv[i].TriggerMaxCents = lo*100, lo*100, hi*100
		}
	}
	return lv, nil
}
