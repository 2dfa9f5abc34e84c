package campaign

import (
	"fmt"
	"io"

	"egm/lab"
)

// PowerfailReport is the power-fail campaign's summary.
type PowerfailReport struct {
	Kills          int      `json:"kills"`
	InGame         int      `json:"killed_in_game"`         // a game in progress at the kill
	InFeature      int      `json:"killed_mid_feature"`     // …past its first presented step
	InGamble       int      `json:"killed_mid_gamble"`      // …in its gamble
	InHandpay      int      `json:"killed_in_handpay"`      // …in a handpay lockup
	InCashout      int      `json:"killed_cashout_pending"` // a cash-out request pending at the kill
	InTable        int      `json:"killed_mid_hand"`        // …in a table game's round
	InTableDecided int      `json:"killed_after_decisions"` // …with decisions of the hand committed
	TableResumed   int      `json:"hands_resumed"`          // hands found again with the same cards and every decision kept
	Resumed        int      `json:"resumed_same_outcome"`   // unfinished games found again with the same outcome bytes
	Unverified     int      `json:"resumed_unverified"`     // unfinished games never seen again (none expected)
	Repairs        int      `json:"restarts_with_repairs"`  // restarts that found a torn frame or a copy to repair
	GamesPlayed    int64    `json:"games_played"`
	GamesChecked   int      `json:"recall_entries_checked"`
	FinalRunExitOK bool     `json:"final_run_ok"`
	Seconds        float64  `json:"seconds"`
	Violations     []string `json:"violations"`
	// The bonus jackpot (powerfail_bonus.go), as critical memory held it at the
	// last check.
	BonusChecked      int   `json:"bonus_jackpot_checks"`        // checks of its identity
	BonusHits         int64 `json:"bonus_jackpot_hits"`          // awards made
	BonusPaidCents    int64 `json:"bonus_jackpot_paid_cents"`    // awards paid (the counter)
	BonusFundedUnits  int64 `json:"bonus_jackpot_funded_units"`  // contributions, Units
	BonusAmountCents  int64 `json:"bonus_jackpot_amount_cents"`  // the level's amount
	BonusResetsFunded int64 `json:"bonus_jackpot_resets_funded"` // Units
	BonusKilledAtHit  int   `json:"killed_with_bonus_unpaid"`    // kills with a hit committed, not yet paid
}

// Exercised tells whether the campaign reached what it is for: kills inside games,
// games resumed with their outcome, none left unverified, a clean last run and at
// least a game per kill.
func (r PowerfailReport) Exercised() bool {
	return r.InGame > 0 && r.Resumed > 0 && r.Unverified == 0 && r.FinalRunExitOK && r.GamesPlayed >= int64(r.Kills)
}

// Print writes the report for people.
func (r PowerfailReport) Print(w io.Writer) {
	fmt.Fprintf(w, "power-fail campaign: %d kills in %.0fs, %d games played\n", r.Kills, r.Seconds, r.GamesPlayed)
	fmt.Fprintf(w, "  killed with a game in progress   %d (past step 0: %d, mid-gamble: %d, handpay: %d)\n", r.InGame, r.InFeature, r.InGamble, r.InHandpay)
	fmt.Fprintf(w, "  killed mid-hand (table games)    %d (after a decision: %d), resumed with the same cards %d\n", r.InTable, r.InTableDecided, r.TableResumed)
	fmt.Fprintf(w, "  killed with a cash-out pending   %d\n", r.InCashout)
	fmt.Fprintf(w, "  resumed with the same outcome    %d (not seen again: %d)\n", r.Resumed, r.Unverified)
	fmt.Fprintf(w, "  restarts that repaired memory    %d\n", r.Repairs)
	fmt.Fprintf(w, "  recall entries re-checked        %d\n", r.GamesChecked)
	if r.BonusChecked > 0 {
		fmt.Fprintf(w, "  bonus jackpot: %d hits, %d cents paid, funded %d Units = paid + (amount %d cents − reset) − resets funded %d Units, checked %d times (killed with a hit unpaid: %d)\n",
			r.BonusHits, r.BonusPaidCents, r.BonusFundedUnits, r.BonusAmountCents, r.BonusResetsFunded, r.BonusChecked, r.BonusKilledAtHit)
	}
	lab.PrintViolations(w, r.Violations, "credits exact, no meter down, no game settled twice, no outcome redrawn")
}
