package machine

import (
	"errors"
	"fmt"
	"slices"

	"egm/games/slot"
	"egm/machine/refusal"
)

// selection is the player's choice of title, denomination and bet per line: the
// screen and the cabinet's deck send the buttons (InBetUp, InBetDown, InNextDenom,
// InMaxBet) and the machine works out the choice, so that no presentation asks it
// for ranges to decide one itself.
type selection struct {
	title   *slot.Title
	denom   int64
	perLine int64 // credits per line
}

func (s selection) betCents() int64 { return s.perLine * s.denom * int64(s.title.Lines()) }

func (s selection) bet() slot.Bet {
	return slot.Bet{LineCents: s.perLine * s.denom, Lines: s.title.Lines()}
}

// betRange is the bets per line (credits) a title takes at a denomination: its total
// within R-GAME-11's range in the profile's currency (0.50..40.00 EUR,
// 250..20,000 KZT). ok is false when none fits. The rule is slot.Limits.BetRange's,
// which the help pages use too.
func (m *Machine) betRange(t *slot.Title, denom int64) (lo, hi int64, ok bool) {
	return m.limits.BetRange(t.Lines(), denom)
}

// Offers reports whether the machine offers title t at denomination denom.
func (m *Machine) offers(t *slot.Title, denom int64) bool {
	_, _, ok := m.betRange(t, denom)
	return ok && slices.Contains(m.cfg.DenominationsCents, denom)
}

func (m *Machine) initSelection() error {
	for _, t := range m.titles {
		for _, d := range m.cfg.DenominationsCents {
			if m.offers(t, d) {
				lo, _, _ := m.betRange(t, d)
				m.sel = selection{t, d, lo}
				return nil
			}
		}
	}
	return fmt.Errorf("machine: config: denominations_cents: no title can be played at %v within the bet range", m.cfg.DenominationsCents)
}

// Denominations returns the denominations offered for a title.
func (m *Machine) Denominations(titleID string) []int64 {
	t := m.byID[titleID]
	var out []int64
	for _, d := range m.cfg.DenominationsCents {
		if t != nil && m.offers(t, d) {
			out = append(out, d)
		}
	}
	return out
}

// BetRange returns the bets per line (credits) a title takes at a denomination.
func (m *Machine) BetRange(titleID string, denom int64) (lo, hi int64, ok bool) {
	t := m.byID[titleID]
	if t == nil || !m.offers(t, denom) {
		return 0, 0, false
	}
	return m.betRange(t, denom)
}

// Titles returns the titles the machine offers.
func (m *Machine) Titles() []*slot.Title { return m.titles }

func (m *Machine) selectInput(in Input) error {
	if s, _ := m.state(); s != Idle {
		return refusal.InState(in.Kind.String(), s, "")
	}
	sel := m.sel
	switch in.Kind {
	case InSelectTitle:
		t, ok := m.byID[in.Title]
		if !ok {
			return refusal.New(refusal.RefusedTitle, "no title %q", in.Title)
		}
		sel.title = t
		if !m.offers(t, sel.denom) {
			ds := m.Denominations(t.Spec.ID)
			if len(ds) == 0 {
				return refusal.New(refusal.RefusedTitle, "title %q is not offered at any configured denomination", in.Title)
			}
			sel.denom = ds[0]
		}
	case InSelectDenom:
		if !m.offers(sel.title, in.Cents) {
			return refusal.New(refusal.RefusedDenom, "denomination %d cents is not offered for %s", in.Cents, sel.title.Spec.ID)
		}
		sel.denom = in.Cents
	case InSetBet:
		lo, hi, _ := m.betRange(sel.title, sel.denom)
		if in.Credits < lo || in.Credits > hi {
			return refusal.Bet(lo, hi, "bet of %d credits per line outside %d..%d", in.Credits, lo, hi)
		}
		sel.perLine = in.Credits
	case InBetUp:
		lo, hi, _ := m.betRange(sel.title, sel.denom)
		if sel.perLine++; sel.perLine > hi {
			sel.perLine = lo
		}
	case InBetDown:
		lo, hi, _ := m.betRange(sel.title, sel.denom)
		if sel.perLine--; sel.perLine < lo {
			sel.perLine = hi
		}
	case InNextDenom:
		ds := m.Denominations(sel.title.Spec.ID)
		if len(ds) < 2 {
			return refusal.OneDenom(sel.denom, "%s is offered at %v cents only", sel.title.Spec.ID, ds)
		}
		sel.denom = ds[(slices.Index(ds, sel.denom)+1)%len(ds)]
	case InMaxBet:
		_, hi, _ := m.betRange(sel.title, sel.denom)
		sel.perLine = hi
	}
	lo, hi, _ := m.betRange(sel.title, sel.denom)
	sel.perLine = min(max(sel.perLine, lo), hi)
	m.sel = sel
	return nil
}

// maxBet is MAX BET: the largest bet per line, then SPIN. A refused spin (too
// little credit, a door open) leaves the bet as it was, as every refused input
// leaves the machine: the player who pressed MAX BET with 40 credits on a 50-credit
// maximum keeps the bet chosen before.
func (m *Machine) maxBet(in Input) error {
	before := m.sel
	if err := m.selectInput(in); err != nil {
		return err
	}
	err := m.spin()
	if errors.Is(err, ErrRefused) {
		m.sel = before
	}
	return err
}
