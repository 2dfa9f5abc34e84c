package saslink

import (
	"encoding/json"
	"fmt"

	"egm/games/slot"
	"egm/machine"
	"egm/meters"
	"egm/sas"
)

// levelNumber numbers the linked levels as the floor's broadcasts do.
var levelNumber = map[string]byte{slot.Grand: LevelGrand, slot.Major: LevelMajor}

func levelName(n byte) string {
	for name, x := range levelNumber {
		if x == n {
			return name
		}
	}
	return ""
}

// ProgressiveHits implements sas.JackpotMachine: the waiting game's linked hits,
// with the controller's amounts answered so far.
func (b *Bridge) ProgressiveHits() (byte, []sas.ProgressiveHit) {
	p, ok := b.m.PendingJackpot()
	if !ok {
		return ProgressiveGroup, nil
	}
	hits := make([]sas.ProgressiveHit, len(p.Levels))
	for i, l := range p.Levels {
		hits[i].Level = levelNumber[l]
		if i < len(p.Cents) {
			hits[i].Cents = uint64(p.Cents[i])
		}
	}
	return ProgressiveGroup, hits
}

// ProgressiveAward implements sas.JackpotMachine: the controller's amount for the
// first unanswered hit of the waiting game, passed to the machine (which records
// it in the game record and pays once every hit has its amount).
func (b *Bridge) ProgressiveAward(group, level byte, cents uint64) (bool, error) {
	p, ok := b.m.PendingJackpot()
	if !ok {
		return false, nil
	}
	if group != ProgressiveGroup {
		return true, fmt.Errorf("saslink: award for group %d, the linked levels are group %d", group, ProgressiveGroup)
	}
	err := b.m.Handle(machine.Input{Kind: machine.InJackpotAmount, Game: p.Game, Hit: len(p.Cents), Level: levelName(level), Cents: int64(cents)})
	return true, err
}

// LastProgressiveWin implements sas.JackpotMachine: the last level of the newest
// game in recall that paid linked levels (none without critical memory).
func (b *Bridge) LastProgressiveWin() (byte, byte, uint64, bool) {
	var rc []meters.RecallEntry
	if err := b.m.View(func(v *meters.Snapshot) { rc = v.Recall() }); err != nil {
		return 0, 0, 0, false
	}
	for _, e := range rc {
		var j struct {
			Levels []string `json:"levels"`
			Cents  []int64  `json:"cents"`
		}
		if e.JackpotCents == 0 || json.Unmarshal(e.Data, &j) != nil || len(j.Cents) == 0 || len(j.Cents) != len(j.Levels) {
			continue
		}
		n := len(j.Cents) - 1
		return ProgressiveGroup, levelNumber[j.Levels[n]], uint64(j.Cents[n]), true
	}
	return 0, 0, 0, false
}

// LegacyBonus implements sas.JackpotMachine: the floor's bonus award (the linked
// mystery jackpot) paid by the machine in one commit.
func (b *Bridge) LegacyBonus(cents uint64, tax byte) error {
	return b.m.Handle(machine.Input{Kind: machine.InBonus, Cents: int64(cents), Tax: int(tax)})
}

// BonusMeters implements sas.JackpotMachine: the bonus counters (machine-wide).
func (b *Bridge) BonusMeters(game int) (uint64, uint64, uint64, bool) {
	if game != 0 {
		return 0, 0, 0, false
	}
	v, err := b.m.BonusMeters()
	if err != nil {
		return 0, 0, 0, false // no critical memory: no meters to report
	}
	return uint64(v[0]), uint64(v[1]), uint64(v[2]), true
}
