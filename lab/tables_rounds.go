package lab

import (
	"fmt"
	"slices"

	"egm/games"
	"egm/rng"
	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/play"
	"egm/tables/roulette"
)

// The rounds the table simulation deals, one bet of a chip (play.Chip) on each bet
// of the sheet unless a bet needs more:
//
//   - roulette: one bet of each kind a spin, the kind's bets of roulette.AllBets taken
//     in turn by the spin's number (bets of one kind on one spin would sum to no
//     variance); a race-track bet stakes its chip count;
//   - three card poker: Ante, Pair Plus and Prime;
//   - punto banco: every bet of the commission table on the coup, and every bet of
//     the commission-free table on the same coup (Round.WithBets); the bets both
//     tables pay alike must settle alike and are counted once;
//   - blackjack: the main bet and the three side bets; insurance is taken whenever
//     it is offered, to measure it: its stake settles on its own line and the house
//     strategy (play.Auto) plays the hand the same either way, so the main game is
//     measured under the strategy its edge is computed for;
//   - Ultimate Texas Hold'em: the Ante (the Blind with it) and Trips.
//
// Every set of bets is one the machine takes (play.DefaultLimits.Check).

// dealer deals round k from src and appends its settlement lines to lines.
type dealer func(src rng.Source, k uint64, lines []play.Line) ([]play.Line, error)

// bjMainRow is the name of blackjack's main game, which has no row on the sheet.
const bjMainRow = "Main"

// tableSheet is game's sheet as `egm-lab par --tables` prints it (games.TableSheets).
func tableSheet(game string) (tables.Sheet, error) {
	s, err := games.TableSheets(game)
	if err != nil {
		return tables.Sheet{}, fmt.Errorf("lab: tables: %w", err)
	}
	if len(s) != 1 {
		return tables.Sheet{}, fmt.Errorf("lab: tables: no table game %q", game)
	}
	return s[0], nil
}

// blackjackMain is the main game's expectation: the analysis's edge, σ from the
// sample (the analysis does not compute it).
func blackjackMain() (expectation, error) {
	f, err := blackjack.HouseFigures()
	if err != nil {
		return expectation{}, fmt.Errorf("lab: tables: %w", err)
	}
	return expectation{row: bjMainRow, exact: f.Edge}, nil
}

// tableDealer is game's dealer.
func tableDealer(game string) (dealer, error) {
	one := func(spots ...string) play.Bets {
		b := play.Bets{Spots: map[string]int64{}}
		for _, s := range spots {
			b.Spots[s] = play.Chip
		}
		return b
	}
	switch play.KindOf(game) {
	case play.KindRoulette:
		return rouletteDealer()
	case play.KindThreeCard:
		return cardDealer(game, one(play.SpotAnte, play.SpotPairPlus, play.SpotPrime), false)
	case play.KindBlackjack:
		return cardDealer(game, one(play.SpotMain, play.Spot21Plus3, play.SpotTop3, play.SpotPairs), true)
	case play.KindHoldem:
		return cardDealer(game, one(play.SpotAnte, play.SpotTrips), false)
	case play.KindPuntoBanco:
		return puntoBancoDealer()
	}
	return nil, fmt.Errorf("lab: tables: no table game %q", game)
}

// cardDealer deals b and plays the round out with play.Auto (insure: taking
// insurance whenever it is offered).
func cardDealer(game string, b play.Bets, insure bool) (dealer, error) {
	if err := play.DefaultLimits.Check(game, b); err != nil {
		return nil, fmt.Errorf("lab: tables: %w", err)
	}
	return func(src rng.Source, _ uint64, lines []play.Line) ([]play.Line, error) {
		r, err := play.Deal(src, game, b)
		if err != nil {
			return lines, err
		}
		return settle(r, insure, lines)
	}, nil
}

// settle plays r out and appends its lines.
func settle(r *play.Round, insure bool, lines []play.Line) ([]play.Line, error) {
	for !r.Done() {
		d, err := decide(r, insure)
		if err != nil {
			return lines, err
		}
		if _, err := r.Apply(d); err != nil {
			return lines, err
		}
	}
	s, err := r.Settle()
	if err != nil {
		return lines, err
	}
	return append(lines, s.Lines...), nil
}

// decide is the house strategy's decision, or insurance when insure and it is open.
func decide(r *play.Round, insure bool) (play.Decision, error) {
	if insure && slices.ContainsFunc(r.Legal(), func(o play.Option) bool { return o.Decision == play.Insure }) {
		return play.Insure, nil
	}
	return play.Auto(r)
}

// rouletteDealer places one bet of each kind a spin (see above).
func rouletteDealer() (dealer, error) {
	var kinds [][]roulette.Bet
	at := map[roulette.Kind]int{}
	for _, b := range roulette.AllBets() {
		b.Stake *= play.Chip // AllBets stakes its chips at a cent each
		if err := play.DefaultLimits.Check(play.Roulette, play.Bets{Roulette: []roulette.Bet{b}}); err != nil {
			return nil, fmt.Errorf("lab: tables: %w", err)
		}
		i, ok := at[b.Kind]
		if !ok {
			i = len(kinds)
			at[b.Kind] = i
			kinds = append(kinds, nil)
		}
		kinds[i] = append(kinds[i], b)
	}
	return func(src rng.Source, k uint64, lines []play.Line) ([]play.Line, error) {
		bs := make([]roulette.Bet, len(kinds))
		for i, of := range kinds {
			bs[i] = of[k%uint64(len(of))]
		}
		r, err := play.Deal(src, play.Roulette, play.Bets{Roulette: bs})
		if err != nil {
			return lines, err
		}
		return settle(r, false, lines)
	}, nil
}

// puntoBancoDealer deals the coup under the commission table's bets and settles
// the commission-free table's on the same coup.
func puntoBancoDealer() (dealer, error) {
	var sets []play.Bets
	for _, t := range []string{play.TableCommission, play.TableNoCommission} {
		b := play.Bets{Spots: map[string]int64{}, Table: t}
		main, side := play.Spots(play.PuntoBanco)
		for _, s := range append(main, side...) {
			// a spot the table does not offer is refused by the machine
			if play.DefaultLimits.Check(play.PuntoBanco, play.Bets{Spots: map[string]int64{s: play.Chip}, Table: t}) == nil {
				b.Spots[s] = play.Chip
			}
		}
		if err := play.DefaultLimits.Check(play.PuntoBanco, b); err != nil {
			return nil, fmt.Errorf("lab: tables: %w", err)
		}
		sets = append(sets, b)
	}
	return func(src rng.Source, _ uint64, lines []play.Line) ([]play.Line, error) {
		r, err := play.Deal(src, play.PuntoBanco, sets[0])
		if err != nil {
			return lines, err
		}
		if lines, err = settle(r, false, lines); err != nil {
			return lines, err
		}
		r2, err := r.WithBets(sets[1])
		if err != nil {
			return lines, err
		}
		return settle(r2, false, lines)
	}, nil
}
