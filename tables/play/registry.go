package play

import (
	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// The games' identifiers, as configuration, recall, SAS and `egm-lab par --title` name
// them. Code asks the registry (Lookup, KindOf) which game an id is; the ids are
// compared nowhere else.
const (
	Roulette   = "roulette"
	ThreeCard  = "three-card-poker"
	PuntoBanco = "punto-banco"
	Blackjack  = "blackjack"
	Holdem     = "ultimate-texas-holdem"
)

// Kind is a table game of the registry; the zero Kind is no table game. Code that
// does something per game switches on the Kind, never on the id.
type Kind int

// The table games, in the order the lobby, SAS and the sheets give them.
const (
	NoGame Kind = iota
	KindRoulette
	KindThreeCard
	KindPuntoBanco
	KindBlackjack
	KindHoldem
)

// Game is a table game's entry in the registry.
type Game struct {
	Kind Kind
	ID   string // the game's identifier (Roulette, …)
	Name string // the game's name for players, in English
	// RulesName is the translation key of the game's name in its rules (help),
	// "" for a brand read the same in every language (the sheet's Name then).
	RulesName string
	// SAS is the game's place among the table games on the SAS link: game
	// len(titles)+SAS.
	SAS   int
	sheet func() (tables.Sheet, error)
}

// Sheet computes the game's sheet (tables.Sheet), its ID the game's.
func (g Game) Sheet() (tables.Sheet, error) {
	s, err := g.sheet()
	s.ID = g.ID
	return s, err
}

// registry holds the table games, in Kind order.
var registry = [...]Game{
	{Kind: KindRoulette, ID: Roulette, Name: "Roulette", RulesName: "rules.game.roulette", SAS: 1, sheet: roulette.Sheet},
	{Kind: KindThreeCard, ID: ThreeCard, Name: "Three Card Poker", RulesName: "rules.game.three_card_poker", SAS: 2,
		sheet: func() (tables.Sheet, error) { return threecard.Sheet(threecard.Default), nil }},
	{Kind: KindPuntoBanco, ID: PuntoBanco, Name: "Punto Banco", SAS: 3, sheet: puntobanco.Sheet},
	{Kind: KindBlackjack, ID: Blackjack, Name: "Blackjack", RulesName: "rules.game.blackjack", SAS: 4, sheet: blackjack.Sheet},
	{Kind: KindHoldem, ID: Holdem, Name: "Ultimate Texas Hold'em", SAS: 5,
		sheet: func() (tables.Sheet, error) { return uth.Sheet(), nil }},
}

// All returns the registry's entries, in order (a copy).
func All() []Game { return append([]Game(nil), registry[:]...) }

// IDs returns the table games' ids, in registry order (a copy).
func IDs() []string {
	ids := make([]string, len(registry))
	for i, g := range registry {
		ids[i] = g.ID
	}
	return ids
}

// Lookup returns the entry of table game id; ok false for an id that names no
// table game.
func Lookup(id string) (g Game, ok bool) {
	for _, g := range registry {
		if g.ID == id {
			return g, true
		}
	}
	return Game{}, false
}

// KindOf is the Kind of table game id (NoGame for an id that names none).
func KindOf(id string) Kind {
	g, _ := Lookup(id)
	return g.Kind
}

// Of returns the entry of Kind k (the zero Game for NoGame).
func Of(k Kind) Game {
	if k <= NoGame || int(k) > len(registry) {
		return Game{}
	}
	return registry[k-1]
}

// ID is the identifier of Kind k ("" for NoGame).
func (k Kind) ID() string { return Of(k).ID }

// Name is a table game's name for players ("" for no table game).
func Name(game string) string { g, _ := Lookup(game); return g.Name }

// IsTable reports whether id names a table game.
func IsTable(id string) bool { _, ok := Lookup(id); return ok }
