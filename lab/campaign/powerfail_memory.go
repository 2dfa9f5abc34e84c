package campaign

import (
	"egm/machine"
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
	})
	return mem, nil
}
