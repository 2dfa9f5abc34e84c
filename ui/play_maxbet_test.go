//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games"
	"egm/games/slot"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
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
	p := slotscene.NewPlay(d, nil)
	m := scene.NewManager(p)
	frame := func(k ebiten.Key) {
		t.Helper()
		if k != 0 {
			scene.Injected[k] = true
		}
		defer clear(scene.Injected[:])
		if err := p.Update(m); err != nil {
			t.Fatal(err)
		}
		if p.Presenting() {
			p.Skip() // the game shown at once; the outcome is the same
		}
	}
	small, max := p.Snap.Bet.TotalCents(), p.Snap.MaxBet
	if max != 4000 || small >= max {
		t.Fatalf("bet %d, MAX BET %d: want a bet below 40.00 EUR", small, max)
	}
	game := p.Snap.Game
	frame(ebiten.KeyM)
	if p.Snap.Game != game || p.Snap.Bet.TotalCents() != small {
		t.Fatalf("one MAX BET press played game %d at %d", p.Snap.Game, p.Snap.Bet.TotalCents())
	}
	if msg := p.MaxBetMsg(); msg != kit.Tr("play.status.max_bet_ask", "Amount", kit.PlayerMoney(max)) || !strings.Contains(msg, kit.PlayerMoney(max)) {
		t.Errorf("question %q", msg)
	}
	frame(0)
	frame(ebiten.KeyM)
	if p.Snap.Game != game+1 || p.Snap.Bet.TotalCents() != max {
		t.Fatalf("the second press: game %d at %d, want game %d at %d", p.Snap.Game, p.Snap.Bet.TotalCents(), game+1, max)
	}
	if p.MaxBetMsg() != "" {
		t.Errorf("the question still stands after the game: %q", p.MaxBetMsg())
	}
	frame(ebiten.KeyM) // at the largest bet: plays at once
	if p.Snap.Game != game+2 {
		t.Fatalf("MAX BET at the largest bet: game %d, want %d", p.Snap.Game, game+2)
	}
	for p.Snap.Bet.TotalCents() > small {
		frame(ebiten.KeyArrowDown)
	}
	frame(ebiten.KeyM)
	frame(ebiten.KeySpace) // SPIN while asked: the bet shown
	if p.Snap.Game != game+3 || p.Snap.Bet.TotalCents() != small || p.MaxBetMsg() != "" {
		t.Fatalf("SPIN while asked: game %d at %d, question %q", p.Snap.Game, p.Snap.Bet.TotalCents(), p.MaxBetMsg())
	}
	frame(ebiten.KeyM)
	p.MaxAsk.At -= slotscene.MaxBetAskTicks + 1 // ten seconds later
	if p.MaxBetMsg() != "" {
		t.Errorf("the question outlived its ten seconds")
	}
	frame(ebiten.KeyM)
	if p.Snap.Game != game+3 || p.MaxBetMsg() == "" {
		t.Fatalf("a press after the question lapsed: game %d, question %q; want it asked again", p.Snap.Game, p.MaxBetMsg())
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
