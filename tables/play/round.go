package play

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"egm/rng"
	"egm/tables/roulette"
)

// Round is one round of a table game: what critical memory keeps as the game's
// outcome and recall shows. Its state is rebuilt from these fields alone.
type Round struct {
	Game string `json:"game"`
	Bets Bets   `json:"bets"`
	// Pocket is roulette's winning number (0–36).
	Pocket int `json:"pocket,omitempty"`
	// Deck is the whole shuffled deck or shoe in dealing order, two hex digits per
	// card (the sub-package's card code): the outcome, fixed before any card is
	// shown.
	Deck      string     `json:"deck,omitempty"`
	Decisions []Decision `json:"decisions,omitempty"`
	// Pool is three card poker's progressive pool at the deal, in cents, the
	// round's stake's growth included: what the pool hand pays (the machine keeps
	// the pool and sets it before the round is stored).
	Pool int64 `json:"pool_cents,omitempty"`

	e engine // the game state, rebuilt from the fields above
}

// Bets are the stakes of a round, in cents.
type Bets struct {
	Spots    map[string]int64 `json:"spots,omitempty"`    // the card games' bets by spot
	Roulette []roulette.Bet   `json:"roulette,omitempty"` // roulette's bets
	// Table is punto banco's pay table: "commission" (Banker 19:20) or
	// "no-commission" (Banker 1:1, a winning 6 pays 1:2, Bombay 6 offered).
	Table string `json:"table,omitempty"`
}

// DealStake is what a round of game with bets b stakes at the deal: the bets, and
// Ultimate Texas Hold'em's Blind, equal to its Ante.
func DealStake(game string, b Bets) int64 {
	t := b.total()
	if game == Holdem {
		t += b.Spots[SpotAnte]
	}
	return t
}

// DealNeeds is the credit a deal needs: its stake and the least stake that keeps
// the hand alive afterwards (three card poker's Play, Ultimate Texas Hold'em's 1x
// at the river), so that a player is never left able only to fold.
func DealNeeds(game string, b Bets) int64 {
	n := DealStake(game, b)
	if game == ThreeCard || game == Holdem {
		n += b.Spots[SpotAnte]
	}
	return n
}

// total is the sum of the stakes on the bets.
func (b Bets) total() int64 {
	var t int64
	for _, s := range b.Spots {
		t += s
	}
	for _, x := range b.Roulette {
		t += x.Stake
	}
	return t
}

// Option is an open decision and the stake it adds (0 for most).
type Option struct {
	Decision Decision `json:"decision"`
	Cents    int64    `json:"cents"`
}

// Line is one bet's settlement, named as the game's sheet names it. Unit is the
// stake its house edge is stated per (the Ante, blackjack's first stake; the stake
// itself for a plain bet); Staked and Returned include every stake the bet grew by
// (Play, doubles, splits).
type Line struct {
	Bet      string `json:"bet"`
	Unit     int64  `json:"unit"`
	Staked   int64  `json:"staked"`
	Returned int64  `json:"returned"`
}

// Settlement is a finished round's totals and lines.
type Settlement struct {
	Staked   int64  `json:"staked"`
	Returned int64  `json:"returned"`
	Lines    []Line `json:"lines"`
}

// engine is one game's rules of play over a Round.
type engine interface {
	legal() []Option
	apply(d Decision) error
	done() bool
	settle() (Settlement, error)
	staked() int64 // everything staked so far
}

// Deal draws a round's outcome from src for bets already checked (Check): the
// pocket, or one full shuffle of the game's deck or shoe. Nothing else draws.
func Deal(src rng.Source, game string, b Bets) (*Round, error) {
	if err := shape(game, b); err != nil {
		return nil, err
	}
	r := &Round{Game: game, Bets: b}
	switch game {
	case Roulette:
		r.Pocket = roulette.Spin(src)
	default:
		r.Deck = hex.EncodeToString(shuffled(src, game))
	}
	if err := r.build(); err != nil {
		return nil, err
	}
	return r, nil
}

// Parse reads a stored round and rebuilds its state, decisions replayed.
func Parse(data []byte) (*Round, error) {
	var r Round
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("play: stored round: %v", err)
	}
	if err := shape(r.Game, r.Bets); err != nil {
		return nil, err
	}
	if err := r.build(); err != nil {
		return nil, err
	}
	return &r, nil
}

// build makes the game state from the outcome and replays the decisions.
func (r *Round) build() error {
	deck, err := hex.DecodeString(r.Deck)
	if err != nil {
		return fmt.Errorf("play: %s: deck: %v", r.Game, err)
	}
	ds := r.Decisions
	r.Decisions = nil
	if r.e, err = newEngine(r, deck); err != nil {
		return err
	}
	for i, d := range ds {
		if _, err := r.Apply(d); err != nil {
			return fmt.Errorf("play: %s: stored decision %d: %w", r.Game, i, err)
		}
	}
	return nil
}

func newEngine(r *Round, deck []byte) (engine, error) {
	switch r.Game {
	case Roulette:
		return newRoulette(r)
	case ThreeCard:
		return newThreeCard(r, deck)
	case PuntoBanco:
		return newPuntoBanco(r, deck)
	case Blackjack:
		return newBlackjack(r, deck)
	case Holdem:
		return newHoldem(r, deck)
	}
	return nil, fmt.Errorf("play: no table game %q", r.Game)
}

// Legal lists the decisions open now with the stake each adds; none when the
// round waits for nothing but its settlement.
func (r *Round) Legal() []Option { return r.e.legal() }

// Done reports that the player has no decision left.
func (r *Round) Done() bool { return r.e.done() }

// Staked is everything staked so far: the bets and what decisions added.
func (r *Round) Staked() int64 { return r.e.staked() }

// Apply takes decision d and returns the stake it added. A decision that is not
// open is an error and changes nothing.
func (r *Round) Apply(d Decision) (int64, error) {
	var add int64
	open := false
	for _, o := range r.e.legal() {
		if o.Decision == d {
			open, add = true, o.Cents
		}
	}
	if !open {
		return 0, fmt.Errorf("play: %s: %q is not open now (open: %v)", r.Game, d, r.e.legal())
	}
	if err := r.e.apply(d); err != nil {
		return 0, err
	}
	r.Decisions = append(r.Decisions, d)
	return add, nil
}

// Settle settles a round whose player is done.
func (r *Round) Settle() (Settlement, error) {
	if !r.e.done() {
		return Settlement{}, fmt.Errorf("play: %s: settled with decisions open (%v)", r.Game, r.e.legal())
	}
	return r.e.settle()
}

// Marshal is the round as critical memory stores it.
func (r *Round) Marshal() ([]byte, error) { return json.Marshal(r) }

// Clone is an independent copy (the decisions not shared).
func (r *Round) Clone() *Round {
	c := *r
	c.Decisions = slices.Clone(r.Decisions)
	if err := c.build(); err != nil {
		panic(fmt.Sprintf("play: clone of a round that built: %v", err))
	}
	return &c
}

// total sums a settlement's lines.
func total(lines []Line) Settlement {
	s := Settlement{Lines: lines}
	for _, l := range lines {
		s.Staked += l.Staked
		s.Returned += l.Returned
	}
	return s
}

// WithBets is a round with the same outcome (pocket, deck or shoe) and other bets,
// no decision taken: the simulation settles several sets of bets on one deal.
func (r *Round) WithBets(b Bets) (*Round, error) {
	if err := shape(r.Game, b); err != nil {
		return nil, err
	}
	c := &Round{Game: r.Game, Bets: b, Pocket: r.Pocket, Deck: r.Deck}
	if err := c.build(); err != nil {
		return nil, err
	}
	return c, nil
}
