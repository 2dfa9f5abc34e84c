package play

import (
	"fmt"
	"slices"
	"strings"

	"egm/tables/puntobanco"
)

// Chip is the table's chip: every stake is a whole number of them.
const Chip int64 = 100

// Pay tables of punto banco (Bets.Table).
const (
	TableCommission   = "commission"
	TableNoCommission = "no-commission"
)

// Spots lists the bets a card game takes (roulette's are roulette.Bet), the main
// ones first. Punto banco's are its betting positions' names in lower case with
// dashes ("player", "banker", "tie", "egalite-0" … "egalite-9", "player-pair",
// "banker-pair", "bombay-6").
func Spots(game string) (main, side []string) {
	switch game {
	case ThreeCard:
		return []string{SpotAnte, SpotPairPlus}, []string{SpotPrime, SpotProgressive}
	case Blackjack:
		return []string{SpotMain}, []string{Spot21Plus3, SpotTop3, SpotPairs}
	case Holdem:
		return []string{SpotAnte}, []string{SpotTrips}
	case PuntoBanco:
		for b := puntobanco.BetPlayer; b < puntobanco.NumBets; b++ {
			if b == puntobanco.BetPlayer || b == puntobanco.BetBanker {
				main = append(main, pbSpot(b))
			} else {
				side = append(side, pbSpot(b))
			}
		}
		return main, side
	}
	return nil, nil
}

// pbSpot is a punto banco position's spot name.
func pbSpot(b puntobanco.Bet) string { return pbSpots[b] }

// pbSpots are the positions' spot names, made once (a round looks them up for
// every position).
var pbSpots = func() (names [puntobanco.NumBets]string) {
	for b := range names {
		s := strings.ToLower(strings.ReplaceAll(puntobanco.Bet(b).String(), " ", "-"))
		names[b] = strings.ReplaceAll(s, "é", "e")
	}
	return names
}()

// pbTable is a punto banco pay table by name.
func pbTable(name string) (puntobanco.PayTable, bool) {
	switch name {
	case TableCommission:
		return puntobanco.Commission, true
	case TableNoCommission:
		return puntobanco.NoCommission, true
	}
	return puntobanco.PayTable{}, false
}

// shape checks that bets are a round of game: known spots, whole chips, the bet a
// round needs, punto banco's table offering each bet, roulette's bets well formed.
func shape(game string, b Bets) error {
	if !IsTable(game) {
		return fmt.Errorf("play: no table game %q", game)
	}
	if game == Roulette {
		if len(b.Spots) > 0 || b.Table != "" {
			return fmt.Errorf("play: roulette takes roulette bets only")
		}
		if len(b.Roulette) == 0 {
			return fmt.Errorf("play: roulette: no bet")
		}
		for i, x := range b.Roulette {
			if x.Stake <= 0 || x.Stake%Chip != 0 {
				return fmt.Errorf("play: roulette: bet %d: stake %d cents is not a whole number of %d-cent chips", i, x.Stake, Chip)
			}
			if n := x.Chips(); n > 1 && x.Stake%(n*Chip) != 0 {
				return fmt.Errorf("play: roulette: bet %d: %v is %d chips: stake %d cents is not a whole number of them", i, x.Kind, n, x.Stake)
			}
			if _, err := x.Parts(); err != nil {
				return fmt.Errorf("play: roulette: bet %d: %w", i, err)
			}
		}
		return nil
	}
	if len(b.Roulette) > 0 {
		return fmt.Errorf("play: %s takes no roulette bets", game)
	}
	main, side := Spots(game)
	var any bool
	for spot, s := range b.Spots {
		if !slices.Contains(main, spot) && !slices.Contains(side, spot) {
			return fmt.Errorf("play: %s has no bet %q", game, spot)
		}
		if s < 0 || s%Chip != 0 {
			return fmt.Errorf("play: %s: %s: stake %d cents is not a whole number of %d-cent chips", game, spot, s, Chip)
		}
		any = any || s > 0
	}
	if !any {
		return fmt.Errorf("play: %s: no bet", game)
	}
	sp := b.Spots
	switch game {
	case ThreeCard:
		if sp[SpotAnte] == 0 && sp[SpotPairPlus] == 0 {
			return fmt.Errorf("play: three card poker: Prime needs an Ante or a Pair Plus bet")
		}
		if sp[SpotProgressive] > 0 && sp[SpotAnte] == 0 {
			return fmt.Errorf("play: three card poker: the progressive side bet needs an Ante")
		}
	case Blackjack:
		if sp[SpotMain] == 0 {
			return fmt.Errorf("play: blackjack: the side bets need a main bet")
		}
	case Holdem:
		if sp[SpotAnte] == 0 {
			return fmt.Errorf("play: Ultimate Texas Hold'em: Trips needs an Ante")
		}
	case PuntoBanco:
		pt, ok := pbTable(b.Table)
		if !ok {
			return fmt.Errorf("play: punto banco: no pay table %q (%s or %s)", b.Table, TableCommission, TableNoCommission)
		}
		for p := puntobanco.BetPlayer; p < puntobanco.NumBets; p++ {
			if sp[pbSpot(p)] > 0 && !pt.Offered(p) {
				return fmt.Errorf("play: punto banco: the %s table does not offer %v", b.Table, p)
			}
		}
	default:
		if b.Table != "" {
			return fmt.Errorf("play: %s has no pay tables to choose", game)
		}
	}
	return nil
}

// Limits are a game's bet limits in cents: each main bet (every roulette bet,
// blackjack's main bet, the Ante, Pair Plus alone, Player and Banker) from Min to
// Max, each side bet from one chip to SideMax.
type Limits struct {
	Min     int64 `json:"min_bet_cents"`
	Max     int64 `json:"max_bet_cents"`
	SideMax int64 `json:"max_side_bet_cents"`
}

// DefaultLimits are 1 to 100 euros a bet, side bets to 25 euros (in cents).
var DefaultLimits = Limits{Min: 100, Max: 10_000, SideMax: 2_500}

// Validate checks the limits themselves.
func (l Limits) Validate() error {
	switch {
	case l.Min < Chip || l.Min%Chip != 0:
		return fmt.Errorf("min_bet_cents %d: a whole number of %d-cent chips, at least one", l.Min, Chip)
	case l.Max < l.Min || l.Max%Chip != 0:
		return fmt.Errorf("max_bet_cents %d: whole chips, at least min_bet_cents %d", l.Max, l.Min)
	case l.SideMax < Chip || l.SideMax%Chip != 0 || l.SideMax > l.Max:
		return fmt.Errorf("max_side_bet_cents %d: whole chips, from one chip to max_bet_cents %d", l.SideMax, l.Max)
	}
	return nil
}

// Check checks a round's bets: their shape for the game, then the limits. Its
// errors are for engineers; LimitError carries the figures a player is shown.
func (l Limits) Check(game string, b Bets) error {
	if err := shape(game, b); err != nil {
		return err
	}
	over := func(what string, s, lo, hi int64) error {
		if s < lo || s > hi {
			return &LimitError{Game: game, Bet: what, Cents: s, Min: lo, Max: hi}
		}
		return nil
	}
	// A bet placed twice (two chips on one number) is one bet: its stakes add up
	// against the limits.
	same := map[string]int64{}
	for _, x := range b.Roulette {
		same[fmt.Sprint(x.Kind, x.Numbers, x.Target)] += x.Stake
	}
	for _, x := range b.Roulette {
		if err := over(x.Kind.String(), same[fmt.Sprint(x.Kind, x.Numbers, x.Target)], l.Min, l.Max); err != nil {
			return err
		}
	}
	main, _ := Spots(game)
	for spot, s := range b.Spots {
		switch {
		case s == 0:
		case slices.Contains(main, spot):
			if err := over(spot, s, l.Min, l.Max); err != nil {
				return err
			}
		default:
			if err := over(spot, s, Chip, l.SideMax); err != nil {
				return err
			}
		}
	}
	return nil
}

// LimitError is a stake outside the game's limits.
type LimitError struct {
	Game, Bet string
	Cents     int64
	Min, Max  int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("play: %s: %s bet of %d cents outside the limits %d..%d", e.Game, e.Bet, e.Cents, e.Min, e.Max)
}
