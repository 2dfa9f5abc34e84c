package games

import (
	"fmt"
	"slices"
	"strings"

	"egm/tables"
	"egm/tables/play"
)

// TableIDs are the table games' ids, as `egm-lab par --title` takes them, in the
// registry's order (play.IDs).
func TableIDs() []string { return play.IDs() }

// IsTable tells whether id names a table game.
func IsTable(id string) bool { return play.IsTable(id) }

// TableSheets computes the sheets of the table games named by ids (none: all).
func TableSheets(ids ...string) ([]tables.Sheet, error) {
	var out []tables.Sheet
	for _, g := range play.All() {
		if len(ids) > 0 && !slices.Contains(ids, g.ID) {
			continue
		}
		s, err := g.Sheet()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("games: no table game %s (the table games: %s)", strings.Join(ids, ", "), strings.Join(TableIDs(), ", "))
	}
	return out, nil
}
