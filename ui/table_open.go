//go:build cgo && !noscreen

package ui

import (
	"log"

	"egm/machine"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/tablescene"
)

// openTable makes table game's scene in metered play: the machine deals it
// (machineDealer), LOBBY goes back to the lobby between rounds, and a round in
// progress (resume, from critical memory) is taken up where it stands.
func (c *cabinet) openTable(game string, resume *play.Round) (scene.Scene, error) {
	sc, err := tablescene.NewTableScene(game, tablescene.NewMachineDealer(c.s, game))
	if err != nil {
		return nil, err
	}
	core := sc.Core()
	core.Lobby = func() scene.Scene {
		return NewLobby(c.titles, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()})
	}
	if resume != nil {
		core.Resume(resume)
	}
	return sc, nil
}

// tableGames are the table games the machine deals (enabled), in the lobby's
// order, and their limits.
func tableGames(m kit.Platform) ([]string, map[string]play.Limits) {
	cfg := m.Config()
	var out []string
	lim := map[string]play.Limits{}
	for _, g := range play.IDs() {
		if tc := cfg.Tables.Of(g); tc != nil && tc.Enabled {
			out = append(out, g)
			lim[g] = tc.Limits
		}
	}
	return out, lim
}

// tableResume is the table scene a cabinet starts on when the machine's game in
// progress (or its handpay) is a table round: the round rebuilt from critical
// memory, its decisions shown, the open ones offered.
func (c *cabinet) tableResume() (scene.Scene, bool) {
	st := c.s.Status()
	if !play.IsTable(st.Title) || st.State == machine.Idle || st.State == machine.CashoutPending {
		return nil, false
	}
	r, _ := tableInProgress(c.s.Machine()) // nil: a lockup with no round (the scene shows the cover)
	sc, err := c.openTable(st.Title, r)
	if err != nil {
		log.Printf("ui: resume: %v", err)
		return nil, false
	}
	return sc, true
}

// tableGamesOnly are the table games the machine deals.
func tableGamesOnly(m kit.Platform) []string { g, _ := tableGames(m); return g }
