package lab

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"egm/tables"
	"egm/tables/play"
)

// The row of the table games (item 18, beyond the 17 rows of the checklist): each
// bet's exact house edge on its sheet, and a seeded simulation through the
// machine's own round engine (TablesProof) inside its 99% interval.

func itemTables(a *allRun, r *ItemResult) error {
	var rows [][]string
	sheetRows, exact := 0, 0
	for _, g := range play.IDs() {
		s, err := tableSheet(g)
		if err != nil {
			return err
		}
		for _, b := range s.Bets {
			ok := exactRow(b)
			if ok {
				exact++
			}
			rows = append(rows, []string{g, b.Name, b.Pays, b.Edge, fmt.Sprintf("%.4f%%", b.EdgePct), fmt.Sprintf("%.3f", b.Sigma), b.House, verdict(ok)})
			sheetRows++
		}
	}
	r.check("exact sheets", exact == sheetRows, "%d games, %d bets: %d with the edge and the variance exact fractions that the sheet's percent and σ state (egm-lab par --tables)", len(play.IDs()), sheetRows, exact)
	r.table("the sheets' exact figures", []string{"game", "bet", "pays", "house edge (exact)", "house edge", "σ per unit", "house rules' figure", "verdict"}, rows)

	bar := a.bar(int64(a.sc.TableRounds)*int64(len(play.IDs())), "table games")
	reps, err := TablesProof(play.IDs(), a.sc.TableRounds, a.o.Seed, bar.Set)
	bar.Done()
	if err != nil {
		return err
	}
	rows = nil
	for _, rep := range reps {
		for _, b := range rep.Bets {
			rows = append(rows, []string{rep.Game, b.Bet, strconv.FormatInt(b.N, 10), fmt.Sprintf("%.2f", float64(b.UnitCents)/100),
				fmt.Sprintf("%.4f%%", 100*b.Exact), fmt.Sprintf("%.4f%%", 100*b.Measured), fmt.Sprintf("%.4f%%", 100*b.Half99),
				fmt.Sprintf("%.2f", b.Z), fmt.Sprintf("%.3f (%s)", b.Sigma, b.SigmaFrom), verdict(b.Pass)})
		}
	}
	v := TablesVerdict(reps)
	r.check("every bet settled", v.Bets == sheetRows+1, "%d of the sheets' %d bets and blackjack's main game settled through play.Deal, play.Auto and Round.Settle", v.Bets-1, sheetRows)
	r.check("simulated house edges", v.Pass, "%d rounds per game, seed %d: largest |z| %.2f, family-wise 99%% limit for %d bets %.2f (Bonferroni: the bets of one round are correlated); %d bets outside their own 99%% interval (about 1 in 100 by chance)",
		a.sc.TableRounds, a.o.Seed, v.MaxZ, v.Bets, v.Limit, v.Outside)
	r.table(fmt.Sprintf("simulation: %d rounds per game through tables/play (edges per unit; blackjack's insurance taken whenever offered)", a.sc.TableRounds),
		[]string{"game", "bet", "n", "unit " + labCurrency.Code, "exact edge", "measured", "99% ±", "z", "σ", "verdict"}, rows)
	r.Summary = fmt.Sprintf("%d games, %d bets, %d rounds each: %d outside their 99%% interval, largest |z| %.2f (limit %.2f)", len(reps), v.Bets, a.sc.TableRounds, v.Outside, v.MaxZ, v.Limit)
	return nil
}

// exactRow reports that a sheet's row states its edge and variance as exact
// fractions and its percent and σ are theirs.
func exactRow(b tables.Bet) bool {
	e, ok1 := new(big.Rat).SetString(b.Edge)
	v, ok2 := new(big.Rat).SetString(b.Variance)
	if !ok1 || !ok2 || v.Sign() <= 0 {
		return false
	}
	ef, _ := e.Float64()
	vf, _ := v.Float64()
	return math.Abs(100*ef-b.EdgePct) < 1e-9 && math.Abs(math.Sqrt(vf)-b.Sigma) < 1e-9
}
