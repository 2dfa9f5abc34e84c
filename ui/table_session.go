package ui

import (
	"encoding/json"
	"log"

	"egm/machine"
	"egm/meters"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/tablescene"
)

// isTableRound reports whether an outcome is a table round's (its "game" names a
// table game).
func isTableRound(outcome []byte) bool {
	var g struct {
		Game string `json:"game"`
	}
	return json.Unmarshal(outcome, &g) == nil && play.IsTable(g.Game)
}

// tableOutput takes a round the machine emitted.
func (s *MachineSession) tableOutput(outcome []byte) {
	r, err := play.Parse(outcome)
	if err != nil {
		log.Printf("ui: machine session: table round: %v", err)
		return
	}
	s.mu.Lock()
	s.table.R = r
	s.table.Ver++
	s.mu.Unlock()
}

// tableAnswer notes the machine's answer to a table input (s.mu held).
func (s *MachineSession) tableAnswer(k machine.InputKind, err error) {
	if k != machine.InTableDeal && k != machine.InTableDecision {
		return
	}
	if err != nil {
		s.table.Refusals++
		s.table.Refused = err
		return
	}
	s.table.Refused = nil
}

// TableState is the table round as the session last saw it.
func (s *MachineSession) TableState() tablescene.TableSeen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.table
}

// tableInProgress is the table round of the game in progress on m, rebuilt from
// critical memory (machine.TableRound), when there is one: a screen started or
// restarted mid-hand takes it up there.
func tableInProgress(m kit.Platform) (*play.Round, bool) {
	var g meters.GameInProgress
	var ok bool
	if err := m.View(func(v *meters.Snapshot) { g, ok = v.Game() }); err != nil || !ok || !play.IsTable(g.Title) {
		return nil, false
	}
	var data json.RawMessage
	if g.Phase == machine.PhaseTable || g.Phase == machine.PhaseHandpay {
		data = g.Data
	}
	r, err := machine.TableRound(g.Outcome, data)
	if err != nil {
		log.Printf("ui: the table round in progress: %v", err)
		return nil, false
	}
	return r, true
}
