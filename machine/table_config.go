package machine

import (
	"fmt"

	"egm/machine/settings"
	"egm/tables/play"
)

// TableGames returns the table games the machine deals (enabled), in play.IDs()
// order.
func (m *Machine) TableGames() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for _, g := range play.IDs() {
		if m.cfg.Tables.Of(g).Enabled {
			out = append(out, g)
		}
	}
	return out
}

// TableLimits returns a table game's settings in force.
func (m *Machine) TableLimits(game string) (settings.TableConfig, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.cfg.Tables.Of(game)
	if c == nil {
		return settings.TableConfig{}, fmt.Errorf("machine: no table game %q", game)
	}
	return *c, nil
}
