package checklist

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"egm/jackpot"
	"egm/lab"
	"egm/lab/campaign"
	"egm/rng"
)

// The kill campaigns' rows (8, 14, 15): the campaigns of this package run with the
// scale's kill counts, each in a working directory under DIR/work (removed after a
// clean run, kept for the lab to read after a failed one), with a timeline plot.

// campaign runs fn in a fresh working directory with a progress bar of kills, and
// plots its timeline as name.png.
func (a *allRun) campaign(r *ItemResult, key, what string, kills int, fn func(dir string, p campaign.Progress) (clean bool, err error)) error {
	wd, err := campaign.NewWorkdir(filepath.Join(a.o.Out, "work", key), key)
	if err != nil {
		return err
	}
	bar := a.bar(int64(kills), what)
	start := time.Now()
	tl := newTimeline(func() float64 { return time.Since(start).Seconds() })
	clean, err := fn(wd.Dir, func(done int) { bar.Int(done); tl.add(done) })
	bar.Done()
	wd.Finish(discard{}, err == nil && clean)
	name := "timeline-" + key + ".png"
	if perr := plotTimeline(a.plotPath(name), fmt.Sprintf("%s: %d kills", key, kills), "kills done", tl.secs, tl.done); perr != nil {
		return perr
	}
	r.Plots = append(r.Plots, Plot{name, fmt.Sprintf("timeline of the %s campaign: kills done against time (a flat stretch is a restart with its recovery and checks)", key)})
	return err
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func itemPowerLoss(a *allRun, r *ItemResult) error {
	var rep campaign.PowerfailReport
	err := a.campaign(r, "powerfail", "power-fail kills", a.sc.PowerfailKills, func(dir string, p campaign.Progress) (bool, error) {
		var err error
		rep, err = campaign.Powerfail(campaign.PowerfailOptions{Egm: a.o.Egm, Kills: a.sc.PowerfailKills, Dir: dir, Seed: a.o.Seed, MaxDelay: time.Duration(a.sc.CampaignMaxDelay), Progress: p})
		return len(rep.Violations) == 0, err
	})
	if err != nil {
		return err
	}
	r.check("no violation", len(rep.Violations) == 0, "%d kills: %s", rep.Kills, firstOr(rep.Violations, "meters conserved, credits exact, every game settled once or resumed, recall arithmetic, no outcome redrawn"))
	r.check("exercised", rep.Exercised(), "%d kills in a game, %d mid-feature, %d mid-gamble, %d in handpay; %d resumed with the same outcome bytes, %d unverified; %d games; last run clean: %v",
		rep.InGame, rep.InFeature, rep.InGamble, rep.InHandpay, rep.Resumed, rep.Unverified, rep.GamesPlayed, rep.FinalRunExitOK)
	r.table("power-fail campaign", []string{"kills", "in a game", "mid-feature", "mid-gamble", "in handpay", "cash-out pending", "resumed, same outcome", "restarts with repairs", "games", "recall entries checked", "seconds"},
		[][]string{{strconv.Itoa(rep.Kills), strconv.Itoa(rep.InGame), strconv.Itoa(rep.InFeature), strconv.Itoa(rep.InGamble), strconv.Itoa(rep.InHandpay), strconv.Itoa(rep.InCashout),
			strconv.Itoa(rep.Resumed), strconv.Itoa(rep.Repairs), strconv.FormatInt(rep.GamesPlayed, 10), strconv.Itoa(rep.GamesChecked), fmt.Sprintf("%.1f", rep.Seconds)}})
	r.check("bonus jackpot reconciles", rep.BonusChecked > 0 && len(rep.Violations) == 0, // its hits depend on the scale: counted, not required
		"funded = paid + (amount − reset) − resets funded to the Unit at each of %d checks; %d hits, %d killed with a hit unpaid", rep.BonusChecked, rep.BonusHits, rep.BonusKilledAtHit)
	r.table("bonus jackpot across the kills", []string{"hits", "paid (cents)", "funded (Units)", "amount (cents)", "resets funded (Units)", "checks", "killed with a hit unpaid"},
		[][]string{{strconv.FormatInt(rep.BonusHits, 10), strconv.FormatInt(rep.BonusPaidCents, 10), strconv.FormatInt(rep.BonusFundedUnits, 10),
			strconv.FormatInt(rep.BonusAmountCents, 10), strconv.FormatInt(rep.BonusResetsFunded, 10), strconv.Itoa(rep.BonusChecked), strconv.Itoa(rep.BonusKilledAtHit)}})
	r.Summary = fmt.Sprintf("%d kills -9, %d in games, %d resumed with the same outcome, %d violations", rep.Kills, rep.InGame, rep.Resumed, len(rep.Violations))
	return nil
}

func itemProgressives(a *allRun, r *ItemResult) error {
	// Linked play in process: the measured jackpot return against the PAR's.
	g, err := lab.Generator(int64(a.o.Seed))
	if err != nil {
		return err
	}
	bar := a.bar(a.sc.JackpotGames, "linked games")
	jr, err := lab.JackpotRTP(g, a.sc.JackpotMachines, a.sc.JackpotGames, bar.Set)
	bar.Done()
	if err != nil {
		return err
	}
	r.check("jackpot return", jr.Inside, "%d linked games on %d machines: measured %.4f%%, PAR %.4f%% ± %.4f pp (99%%)", jr.Games, jr.Machines, 100*jr.Measured, 100*jr.Expected, 100*jr.Half99)
	r.check("mystery inside its window", jr.InWindow, "%d mystery awards, every one inside the window", jr.Hits[2])
	r.table("linked play in process (jackpot.Memory: the controller's money rules)", []string{"machines", "games", "coin in", "Grand hits", "Major hits", "mystery hits", "paid", "measured", "expected", "± 99%"},
		[][]string{{strconv.Itoa(jr.Machines), strconv.FormatInt(jr.Games, 10), lab.Euros(jr.CoinIn), strconv.FormatInt(jr.Hits[0], 10), strconv.FormatInt(jr.Hits[1], 10), strconv.FormatInt(jr.Hits[2], 10),
			lab.Euros(jr.Paid[0] + jr.Paid[1] + jr.Paid[2]), fmt.Sprintf("%.4f%%", 100*jr.Measured), fmt.Sprintf("%.4f%%", 100*jr.Expected), fmt.Sprintf("%.4f pp", 100*jr.Half99)}})
	// Contributions exact, never below reset, the award log kept: the controller
	// in process.
	if err := controllerCheck(a, r); err != nil {
		return err
	}
	// The controller, the floor and machines killed at random.
	var fr campaign.JackpotFaultsReport
	err = a.campaign(r, "jackpot-faults", "jackpot kills", a.sc.JackpotKills, func(dir string, p campaign.Progress) (bool, error) {
		var err error
		fr, err = campaign.JackpotFaults(campaign.JackpotFaultsOptions{Egm: a.o.Egm, Kills: a.sc.JackpotKills, Machines: 3, Dir: dir, Seed: a.o.Seed + 4, MaxDelay: time.Second, Window: "10:11", Progress: p})
		return true, err
	})
	r.check("kill campaign", err == nil && fr.Awards > 0, "%d kills (%d machines, %d floor), %d games: %d mystery awards paid once, each in [%s, %s], %d Grand/Major hits; books reconciled to the cent: %s",
		fr.MachineKills+fr.FloorKills, fr.MachineKills, fr.FloorKills, fr.Games, fr.Awards, lab.Euros(fr.WindowMin), lab.Euros(fr.WindowMax), fr.Hits, errOrOK(err))
	r.table("jackpot kill campaign (mystery window 10–11 "+lab.Currency.Code+" for the run)", []string{"machine kills", "floor kills", "games", "coin in", "mystery awards", "smallest", "largest", "Grand/Major hits", "paid"},
		[][]string{{strconv.Itoa(fr.MachineKills), strconv.Itoa(fr.FloorKills), strconv.FormatInt(fr.Games, 10), lab.Euros(fr.CoinIn), strconv.Itoa(fr.Awards), lab.Euros(fr.MinAward), lab.Euros(fr.MaxAward), strconv.Itoa(fr.Hits), lab.Euros(fr.AwardCents + fr.HitCents)}})
	r.Summary = fmt.Sprintf("jackpot return inside 99%%, %d mystery awards in window; kill campaign: %d awards reconciled", jr.Hits[2], fr.Awards)
	if err != nil && !errors.Is(err, campaign.ErrNoAward) {
		return err
	}
	return nil
}

// controllerCheck runs the controller's money rules (jackpot.Memory) over seeded
// bets and hits with a narrow mystery window, checking after every bet: the
// accounting identity, no level below its reset, every mystery award inside its
// window, every award counted.
func controllerCheck(a *allRun, r *ItemResult) error {
	const lo, hi = 1000, 1100 // the mystery window for the check, in cents
	levels := jackpot.DefaultLevels()
	for i := range levels {
		if levels[i].Kind == jackpot.Mystery {
			levels[i].ResetCents, levels[i].TriggerMinCents, levels[i].TriggerMaxCents = 500, lo, hi
		}
	}
	src := rng.NewSeeded(a.o.Seed + 140)
	m, err := jackpot.NewMemory(levels, src)
	if err != nil {
		return err
	}
	n := int(a.sc.JackpotGames / 10)
	var violations []string
	awards, outside := uint64(0), 0
	var xs, ys []float64
	for k := 0; k < n; k++ {
		bet := int64(40 + rng.Uint64n(src, 3961))
		for _, aw := range m.Contribute(bet) {
			awards++
			if aw.Cents < lo || aw.Cents > hi {
				outside++
			}
		}
		if rng.Uint64n(src, 20000) == 0 {
			if _, err := m.Hit(levels[rng.Uint64n(src, 2)].Name); err != nil {
				return err
			}
			awards++
		}
		if err := m.Check(); err != nil {
			violations = append(violations, fmt.Sprintf("bet %d: %v", k, err))
		}
		acc := m.Accounts()
		for _, l := range acc.Levels {
			if l.AmountUnits < l.ResetCents*10_000 {
				violations = append(violations, fmt.Sprintf("bet %d: %s at %d units, below its reset %d cents", k, l.Name, l.AmountUnits, l.ResetCents))
			}
			if l.Kind == jackpot.Mystery && k%max(1, n/2000) == 0 {
				xs = append(xs, float64(k))
				ys = append(ys, float64(l.AmountUnits)/1e6)
			}
		}
	}
	acc := m.Accounts()
	r.check("controller accounts", len(violations) == 0 && acc.Awards == awards, "%d bets: %s; %d awards made, %d in the award count",
		n, firstOr(violations, "identity contributions = growth + awards − funded resets held after every bet, no level below its reset"), awards, acc.Awards)
	r.check("mystery must hit inside its window", outside == 0 && awards > 0, "%d of the awards outside [%s, %s]", outside, lab.Euros(lo), lab.Euros(hi))
	var rows [][]string
	for _, l := range acc.Levels {
		rows = append(rows, []string{l.Name, l.Kind.String(), lab.Euros(l.ResetCents), fmt.Sprintf("%.2f%%", float64(l.RateBP)/100), lab.Euros(l.AmountUnits / 10_000),
			lab.Euros(l.ContributedUnits / 10_000), lab.Euros(l.AwardedUnits / 10_000), lab.Euros(l.FundedUnits / 10_000), strconv.FormatUint(l.Awards, 10)})
	}
	r.table(fmt.Sprintf("controller money rules over %d bets (mystery window %s–%s for the check)", n, lab.Euros(lo), lab.Euros(hi)),
		[]string{"level", "kind", "reset", "rate", "amount", "contributed", "awarded", "resets funded", "awards"}, rows)
	if err := plotLines(a.plotPath("jackpot-mystery.png"), "mystery level amount", "bets", lab.Currency.Code, xs, map[string][]float64{"mystery amount": ys},
		hline{float64(lo) / 100, "window"}, hline{float64(hi) / 100, ""}); err != nil {
		return err
	}
	r.Plots = append(r.Plots, Plot{"jackpot-mystery.png", "the mystery level grows from its reset and is awarded inside its window [10.00, 11.00] " + lab.Currency.Code + " each time"})
	return nil
}
