//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games"
	"egm/games/slot"
	"egm/ui/internal/kit"
)

// MAX BET from a small bet asks first and plays only on a second press; at the
// largest bet it plays at once; SPIN while asked plays the bet shown; the
// question lapses after ten seconds.
func TestMaxBetAsksBeforeRaising(t *testing.T) {
	ti, err := games.ByID(shotTitle)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDemoSession(ti, 9)
	p := NewPlay(d, nil)
	m := NewManager(p)
	frame := func(k ebiten.Key) {
		t.Helper()
		if k != 0 {
			injected[k] = true
		}
		defer clear(injected[:])
		if err := p.Update(m); err != nil {
			t.Fatal(err)
		}
		if p.Presenting() {
			p.skip() // the game shown at once; the outcome is the same
		}
	}
	small, max := p.snap.Bet.TotalCents(), p.snap.MaxBet
	if max != 4000 || small >= max {
		t.Fatalf("bet %d, MAX BET %d: want a bet below 40.00 EUR", small, max)
	}
	game := p.snap.Game
	frame(ebiten.KeyM)
	if p.snap.Game != game || p.snap.Bet.TotalCents() != small {
		t.Fatalf("one MAX BET press played game %d at %d", p.snap.Game, p.snap.Bet.TotalCents())
	}
	if msg := p.maxBetMsg(); msg != kit.Tr("play.status.max_bet_ask", "Amount", kit.PlayerMoney(max)) || !strings.Contains(msg, kit.PlayerMoney(max)) {
		t.Errorf("question %q", msg)
	}
	frame(0)
	frame(ebiten.KeyM)
	if p.snap.Game != game+1 || p.snap.Bet.TotalCents() != max {
		t.Fatalf("the second press: game %d at %d, want game %d at %d", p.snap.Game, p.snap.Bet.TotalCents(), game+1, max)
	}
	if p.maxBetMsg() != "" {
		t.Errorf("the question still stands after the game: %q", p.maxBetMsg())
	}
	frame(ebiten.KeyM) // at the largest bet: plays at once
	if p.snap.Game != game+2 {
		t.Fatalf("MAX BET at the largest bet: game %d, want %d", p.snap.Game, game+2)
	}
	for p.snap.Bet.TotalCents() > small {
		frame(ebiten.KeyArrowDown)
	}
	frame(ebiten.KeyM)
	frame(ebiten.KeySpace) // SPIN while asked: the bet shown
	if p.snap.Game != game+3 || p.snap.Bet.TotalCents() != small || p.maxBetMsg() != "" {
		t.Fatalf("SPIN while asked: game %d at %d, question %q", p.snap.Game, p.snap.Bet.TotalCents(), p.maxBetMsg())
	}
	frame(ebiten.KeyM)
	p.maxAsk.at -= maxBetAskTicks + 1 // ten seconds later
	if p.maxBetMsg() != "" {
		t.Errorf("the question outlived its ten seconds")
	}
	frame(ebiten.KeyM)
	if p.snap.Game != game+3 || p.maxBetMsg() == "" {
		t.Fatalf("a press after the question lapsed: game %d, question %q; want it asked again", p.snap.Game, p.maxBetMsg())
	}
}

// On a metered cabinet MAX BET is the machine's largest bet at the denomination.
func TestMachineSessionMaxBet(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	st := r.m.Status()
	_, hi, ok := r.m.BetRange(st.Title, st.DenomCents)
	if !ok {
		t.Fatalf("no bet range for %s at %d", st.Title, st.DenomCents)
	}
	if got, want := r.s.Snapshot().MaxBet, hi*st.DenomCents*int64(st.Lines); got != want || got > slot.MaxBetCents {
		t.Errorf("MaxBet %d, want %d (at most %d)", got, want, slot.MaxBetCents)
	}
}
