package campaign

import (
	"egm/machine"
	"egm/machine/bonusjp"
	"egm/meters"
)

// Memory is what the power-fail checks read from a machine's critical memory after
// a kill (ReadMemory).
type Memory struct {
	Meters   meters.Meters
	Counters map[string]int64
	Games    []meters.GameMeter
	Game     meters.GameInProgress // the game in progress, when InGame
	InGame   bool
	Recall   []meters.RecallEntry // newest first
	Events   []meters.Event
	Anchor   meters.Anchor
	Cashout  bool // a cash-out request was pending
	Repairs  bool // the store found a torn frame or a copy to repair
	// The bonus jackpot's level (BonusOn: started), and the award of the game in
	// progress not yet paid.
	Bonus       bonusjp.Level
	BonusUnpaid int64
	BonusOn     bool
}

// ReadMemory reads critical memory in dir read-only (the machine must not hold it).
// A directory without critical memory yet is an error wrapping meters.ErrNoMemory.
func ReadMemory(dir string) (Memory, error) {
	st, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		return Memory{}, err
	}
	defer st.Close()
	mem := Memory{Repairs: len(st.Pending()) > 0}
	st.View(func(v *meters.Snapshot) {
		mem.Meters, mem.Counters, mem.Games = v.Meters(), v.Counters(), v.Games()
		mem.Game, mem.InGame = v.Game()
		mem.Recall = v.Recall()
		mem.Events, mem.Anchor = v.Events()
		_, mem.Cashout = machine.StoredCashout(v)
		mem.Bonus, mem.BonusUnpaid, mem.BonusOn = machine.StoredBonusJackpot(v)
	})
	return mem, nil
}
