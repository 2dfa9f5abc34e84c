package games

import (
	"fmt"
	"slices"
	"strings"

	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// tableSheets are the table games' sheets, in the catalogue's order.
var tableSheets = []struct {
	id    string
	sheet func() (tables.Sheet, error)
}{
	{"roulette", roulette.Sheet},
	{"three-card-poker", func() (tables.Sheet, error) { return threecard.Sheet(threecard.Default), nil }},
	{"punto-banco", puntobanco.Sheet},
	{"blackjack", blackjack.Sheet},
	{"ultimate-texas-holdem", func() (tables.Sheet, error) { return uth.Sheet(), nil }},
}

// TableIDs are the table games' ids, as `egm-lab par --title` takes them.
func TableIDs() []string {
	ids := make([]string, len(tableSheets))
	for i, t := range tableSheets {
		ids[i] = t.id
	}
	return ids
}

// IsTable tells whether id names a table game.
func IsTable(id string) bool {
	for _, t := range tableSheets {
		if t.id == id {
			return true
		}
	}
	return false
}

// TableSheets computes the sheets of the table games named by ids (none: all).
func TableSheets(ids ...string) ([]tables.Sheet, error) {
	var out []tables.Sheet
	for _, t := range tableSheets {
		if len(ids) > 0 && !slices.Contains(ids, t.id) {
			continue
		}
		s, err := t.sheet()
		if err != nil {
			return nil, err
		}
		if s.ID != t.id {
			return nil, fmt.Errorf("games: table game %q calls itself %q", t.id, s.ID)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("games: no table game %s (the table games: %s)", strings.Join(ids, ", "), strings.Join(TableIDs(), ", "))
	}
	return out, nil
}
