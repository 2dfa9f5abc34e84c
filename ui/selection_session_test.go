//go:build cgo && !noscreen

package ui

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// heldPlatform is the machine across a platform's socket that does not answer
// until it is let go: Handle waits for open, and every other call that would
// be a round trip over the socket is counted.
type heldPlatform struct {
	m     *machine.Machine
	open  chan struct{}
	trips atomic.Int64

	mu     sync.Mutex
	inputs []machine.Input
}

func (p *heldPlatform) Status() machine.Status            { return p.m.Status() } // the client keeps it from the pushes
func (p *heldPlatform) Subscribe(fn func(machine.Output)) { p.m.Subscribe(fn) }
func (p *heldPlatform) Handle(in machine.Input) error {
	<-p.open
	if in.Kind != machine.InTick {
		p.mu.Lock()
		p.inputs = append(p.inputs, in)
		p.mu.Unlock()
	}
	return p.m.Handle(in)
}
func (p *heldPlatform) GambleHistory() (gamble.Round, gamble.History, error) {
	p.trips.Add(1)
	return p.m.GambleHistory()
}
func (p *heldPlatform) Config() settings.Config { p.trips.Add(1); return p.m.Config() }
func (p *heldPlatform) View(fn func(*meters.Snapshot)) error {
	p.trips.Add(1)
	return p.m.View(fn)
}
func (p *heldPlatform) Seq() uint64 { p.trips.Add(1); return p.m.Seq() }

// TestSelectionNeverWaitsOnTheMachine: BET DOWN and DENOM pressed in the play
// scene's Update while the machine answers nothing return at once, ask the
// machine nothing, and reach it as its own inputs (InBetDown, InNextDenom), which
// it works out: the bet wraps from the smallest to the largest, the denomination
// moves to the next offered.
func TestSelectionNeverWaitsOnTheMachine(t *testing.T) {
	m := openMachine(t)
	st := m.Status()
	lo, hi, ok := m.BetRange(st.Title, st.DenomCents)
	ds := m.Denominations(st.Title)
	if !ok || st.BetPerLine != lo || len(ds) < 2 || ds[0] != st.DenomCents {
		t.Fatalf("%s at %d cents, %d credits (range %d..%d), offered %v: the test wants the smallest bet at the first of two", st.Title, st.DenomCents, st.BetPerLine, lo, hi, ds)
	}
	_, hi1, _ := m.BetRange(st.Title, ds[1])

	p := &heldPlatform{m: m, open: make(chan struct{})}
	s := newMachineSession(p, m.Titles())
	defer s.Close()
	var once sync.Once
	answer := func() { once.Do(func() { close(p.open) }) }
	defer answer() // before Close, which waits for the inputs held
	play := slotscene.NewPlay(s, nil)
	mgr := scene.NewManager(play)
	press := func(k ebiten.Key) {
		t.Helper()
		scene.Injected[k] = true
		defer clear(scene.Injected[:])
		if err := play.Update(mgr); err != nil { // would never return if Update waited for the machine
			t.Fatal(err)
		}
	}
	before := p.trips.Load()
	press(ebiten.KeyArrowDown)
	press(ebiten.KeyD)
	if n := p.trips.Load() - before; n != 0 {
		t.Fatalf("the presses made %d calls to the platform from Update", n)
	}
	answer()
	s.Flush()
	p.mu.Lock()
	var kinds []machine.InputKind
	for _, in := range p.inputs {
		kinds = append(kinds, in.Kind)
	}
	p.mu.Unlock()
	if len(kinds) != 2 || kinds[0] != machine.InBetDown || kinds[1] != machine.InNextDenom {
		t.Fatalf("the machine was handed %v, want [bet_down next_denom]", kinds)
	}
	after := m.Status()
	if after.DenomCents != ds[1] || after.BetPerLine != min(hi, hi1) {
		t.Fatalf("after BET DOWN at the smallest bet and DENOM: %d cents, %d credits per line; want %d cents, %d credits",
			after.DenomCents, after.BetPerLine, ds[1], min(hi, hi1))
	}
	if snap := s.Snapshot(); snap.Denom != ds[1] || snap.Bet.LineCents != after.BetPerLine*ds[1] {
		t.Fatalf("the screen shows %d cents at %d a line, the machine %d at %d", snap.Denom, snap.Bet.LineCents, ds[1], after.BetPerLine*ds[1])
	}
}
