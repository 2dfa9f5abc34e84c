package meters

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixedClock returns a clock that starts at a fixed instant and moves one second per
// call, so tests and golden files are deterministic.
func fixedClock() func() time.Time {
	t := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

func testOpts() Options { return Options{Now: fixedClock()} }

func mustOpen(t testing.TB, dir string, opts Options) *Store {
	t.Helper()
	st, err := Open(dir, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	return st
}

// outcome is a stand-in for a title's serialised outcome of about n bytes.
func outcome(game uint64, n int) json.RawMessage {
	var b strings.Builder
	fmt.Fprintf(&b, `{"game":%d,"stops":[3,17,22,5,9],"steps":[`, game)
	for i := 0; b.Len() < n-40; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"step":%d,"kind":"respin","locked":[%d,%d,%d],"win":%d}`, i, i%15, (i*7)%15, (i*11)%15, i*5)
	}
	b.WriteString(`]}`)
	return json.RawMessage(b.String())
}

// playGame commits one whole game the way the machine will: a deposit when the
// balance is short, then {bet, outcome, meters, credits} in one commit, then the
// settlement with recall in a second.
func playGame(t testing.TB, st *Store, n uint64, betCents, winCents int64) {
	t.Helper()
	const title, denom = "goldenlink/gems-secrets", 10
	err := st.Update(func(tx *Tx) error {
		credits := tx.Meter(CurrentCredits)
		if credits < betCents {
			tx.Add(WalletIn, 10_000)
			credits += 10_000
		}
		tx.Add(CoinIn, betCents)
		tx.Add(GamesPlayed, 1)
		tx.AddGame(title, denom, 1, betCents, winCents)
		tx.SetCredits(credits - betCents)
		return tx.SetGame(GameInProgress{Number: n, Title: title, DenomCents: denom, BetPerLineCredits: betCents / denom / 10,
			Lines: 10, BetCents: betCents, CreditsBeforeCents: credits, Outcome: outcome(n, 1500), Started: time.Unix(int64(n), 0)})
	})
	if err != nil {
		t.Fatalf("game %d: bet commit: %v", n, err)
	}
	err = st.Update(func(tx *Tx) error {
		g, ok := tx.Game()
		if !ok {
			return errors.New("no game in progress")
		}
		tx.Add(WonToCredits, winCents)
		if winCents > 0 {
			tx.Add(GamesWon, 1)
		} else {
			tx.Add(GamesLost, 1)
		}
		after := tx.Meter(CurrentCredits) + winCents
		tx.SetCredits(after)
		return tx.FinishGame(RecallEntry{Number: n, Time: time.Unix(int64(n), 0).UTC(), Title: g.Title, DenomCents: g.DenomCents,
			BetPerLineCredits: g.BetPerLineCredits, Lines: g.Lines, BetCents: g.BetCents, CreditsBeforeCents: g.CreditsBeforeCents,
			CreditsAfterCents: after, WinCents: winCents})
	})
	if err != nil {
		t.Fatalf("game %d: settle commit: %v", n, err)
	}
}

func copyPath(dir, name string) string { return filepath.Join(dir, name) }

func readFile(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t testing.TB, p string, b []byte) {
	t.Helper()
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// eventsOf returns the kinds and details of the store's events.
func eventsOf(st *Store) []Event {
	var evs []Event
	st.View(func(v *Snapshot) { evs, _ = v.Events() })
	return evs
}

func hasEvent(evs []Event, kind EventKind, sub string) bool {
	for _, e := range evs {
		if e.Kind == kind && strings.Contains(e.Detail, sub) {
			return true
		}
	}
	return false
}
