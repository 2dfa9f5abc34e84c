package meters_test

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"egm/meters"
)

// One game as the machine commits it: the bet, the outcome, the meters and the
// credits to be in one commit before anything is shown; the recall entry after.
func ExampleStore_Update() {
	dir, _ := os.MkdirTemp("", "egm-state")
	defer os.RemoveAll(dir)
	st, err := meters.Open(dir, meters.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

	// A wallet deposit of 20.00.
	st.Update(func(tx *meters.Tx) error {
		tx.Add(meters.WalletIn, 2000)
		return tx.SetCredits(tx.Meter(meters.CurrentCredits) + 2000)
	})
	// SPIN: bet 1.00, the title's outcome pays 2.50.
	bet, win := int64(100), int64(250)
	err = st.Update(func(tx *meters.Tx) error {
		credits := tx.Meter(meters.CurrentCredits)
		tx.Add(meters.CoinIn, bet)
		tx.Add(meters.GamesPlayed, 1)
		tx.AddGame("goldenlink/gems-secrets", 10, 1, bet, 0)
		tx.SetCredits(credits - bet)
		return tx.SetGame(meters.GameInProgress{Number: 1, Started: at, Title: "goldenlink/gems-secrets",
			DenomCents: 10, BetPerLineCredits: 1, Lines: 10, BetCents: bet, CreditsBeforeCents: credits,
			Outcome: json.RawMessage(`{"stops":[4,11,0,7,19],"wins":[{"line":3,"cents":250}]}`)})
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Presented; the win is credited and the game goes to recall.
	st.Update(func(tx *meters.Tx) error {
		g, _ := tx.Game()
		tx.Add(meters.WonToCredits, win)
		tx.Add(meters.GamesWon, 1)
		tx.AddGame(g.Title, g.DenomCents, 0, 0, win)
		tx.SetCredits(g.CreditsBeforeCents - g.BetCents + win)
		return tx.FinishGame(meters.RecallEntry{Number: g.Number, Time: at, Title: g.Title, DenomCents: g.DenomCents,
			BetPerLineCredits: g.BetPerLineCredits, Lines: g.Lines, BetCents: g.BetCents,
			CreditsBeforeCents: g.CreditsBeforeCents, CreditsAfterCents: tx.Meter(meters.CurrentCredits), WinCents: win})
	})

	st.View(func(v *meters.Snapshot) {
		m := v.Meters()
		fmt.Println("credits", m.Get(meters.CurrentCredits), "coin in", m.Get(meters.CoinIn), "won", m.Get(meters.WonToCredits))
		fmt.Println("invariant:", m.Invariant())
		r := v.Recall()[0]
		fmt.Printf("recall: game %d, %d → %d, outcome %s\n", r.Number, r.CreditsBeforeCents, r.CreditsAfterCents, r.Outcome)
	})
	// Output:
	// credits 2150 coin in 100 won 250
	// invariant: <nil>
	// recall: game 1, 2000 → 2150, outcome {"stops":[4,11,0,7,19],"wins":[{"line":3,"cents":250}]}
}
