package machine

import (
	"errors"
	"slices"
	"testing"

	"egm/machine/refusal"
	"egm/machine/settings"
)

// TestBetDown: BET DOWN takes the bet per line one credit down and wraps from the
// smallest to the largest, as BET UP wraps from the largest to the smallest.
func TestBetDown(t *testing.T) {
	tests := []struct {
		name string
		from func(lo, hi int64) int64 // the bet per line before
		in   InputKind
		want func(lo, hi int64) int64
	}{
		{"bet down at the min bet wraps to the max", func(lo, _ int64) int64 { return lo }, InBetDown, func(_, hi int64) int64 { return hi }},
		{"bet down above the min", func(lo, _ int64) int64 { return lo + 1 }, InBetDown, func(lo, _ int64) int64 { return lo }},
		{"bet down at the max", func(_, hi int64) int64 { return hi }, InBetDown, func(_, hi int64) int64 { return hi - 1 }},
		{"bet up at the max wraps to the min", func(_, hi int64) int64 { return hi }, InBetUp, func(lo, _ int64) int64 { return lo }},
		{"bet up at the min", func(lo, _ int64) int64 { return lo }, InBetUp, func(lo, _ int64) int64 { return lo + 1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 51)
			s := r.m.Status()
			lo, hi, ok := r.m.BetRange(s.Title, s.DenomCents)
			if !ok || hi-lo < 2 {
				t.Fatalf("%s at %d: bets %d..%d (%v): the test needs three", s.Title, s.DenomCents, lo, hi, ok)
			}
			r.must(Input{Kind: InSetBet, Credits: tc.from(lo, hi)})
			r.must(Input{Kind: tc.in})
			after := r.m.Status()
			if want := tc.want(lo, hi); after.BetPerLine != want || after.BetCents != want*after.DenomCents*int64(after.Lines) {
				t.Fatalf("%s from %d (range %d..%d): %d credits per line, bet %d cents; want %d", tc.in, tc.from(lo, hi), lo, hi, after.BetPerLine, after.BetCents, want)
			}
			if after.Title != s.Title || after.DenomCents != s.DenomCents {
				t.Fatalf("%s changed the title or the denomination: %s %d → %s %d", tc.in, s.Title, s.DenomCents, after.Title, after.DenomCents)
			}
		})
	}
}

// TestNextDenom: DENOM steps through the denominations the title is offered at,
// in the configuration's order, wrapping to the first; with one only it is
// refused with that denomination for the player.
func TestNextDenom(t *testing.T) {
	tests := []struct {
		name    string
		denoms  []int64 // the configuration's (nil: the profile's)
		title   string  // "": the machine's first
		offered []int64 // the cycle DENOM steps through
	}{
		{"the profile's denominations", nil, "", []int64{1, 2, 5, 10, 20, 50, 100, 200}},
		{"three denominations", []int64{1, 2, 5}, "", []int64{1, 2, 5}},
		{"two denominations", []int64{10, 100}, "", []int64{10, 100}},
		{"one the title's bet range leaves out", []int64{50, 100, 200}, "roll-on-fire", []int64{50, 100}}, // 40 lines: 200 cents is 80.00 a spin
		{"one denomination", []int64{10}, "", []int64{10}},
		{"one left by the bet range", []int64{100, 200}, "roll-on-fire", []int64{100}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := settings.DefaultConfig()
			if tc.denoms != nil {
				cfg.DenominationsCents = tc.denoms
			}
			r := newRig(t, cfg, 52)
			if tc.title != "" {
				r.must(Input{Kind: InSelectTitle, Title: tc.title})
			}
			s := r.m.Status()
			ds := r.m.Denominations(s.Title)
			if !slices.Equal(ds, tc.offered) {
				t.Fatalf("%s is offered at %v, want %v", s.Title, ds, tc.offered)
			}
			if len(ds) == 1 {
				err := r.do(Input{Kind: InNextDenom})
				var ref *refusal.Refusal
				if !errors.As(err, &ref) || ref.Reason != refusal.RefusedDenom || ref.Msg != "play.refused.one_denomination" || ref.Values.Amounts["Denom"] != ds[0] {
					t.Fatalf("DENOM with one denomination: %v (%+v)", err, ref)
				}
				checkMsg(t, ref.Msg, ref.Values)
				if got := r.m.Status(); got.DenomCents != ds[0] || got.BetPerLine != s.BetPerLine {
					t.Fatalf("a refused DENOM changed the selection: %d cents, %d credits", got.DenomCents, got.BetPerLine)
				}
				return
			}
			if s.DenomCents != ds[0] {
				t.Fatalf("the machine starts at %d cents, not the first offered of %v", s.DenomCents, ds)
			}
			for i := range len(ds) + 1 { // once round, and past the last to the first
				_, hi, _ := r.m.BetRange(s.Title, r.m.Status().DenomCents)
				r.must(Input{Kind: InSetBet, Credits: hi}) // the largest: the next denomination's range holds the bet
				r.must(Input{Kind: InNextDenom})
				got, want := r.m.Status(), ds[(i+1)%len(ds)]
				if got.DenomCents != want {
					t.Fatalf("DENOM %d from %d cents: %d cents, want %d (offered %v)", i+1, ds[i%len(ds)], got.DenomCents, want, ds)
				}
				lo, hi2, ok := r.m.BetRange(got.Title, got.DenomCents)
				if !ok || got.BetPerLine != min(max(hi, lo), hi2) || got.Title != s.Title {
					t.Fatalf("DENOM to %d cents: %s at %d credits per line, want %d within %d..%d", want, got.Title, got.BetPerLine, min(max(hi, lo), hi2), lo, hi2)
				}
			}
		})
	}
}

// TestSelectionDuringGame: BET DOWN and DENOM (like BET UP) are refused while a
// game is shown or its win waits for the gamble, and change nothing.
func TestSelectionDuringGame(t *testing.T) {
	for _, kind := range []InputKind{InBetDown, InNextDenom, InBetUp} {
		for _, state := range []State{GameInProgress, GambleOffered} {
			t.Run(kind.String()+" in "+state.String(), func(t *testing.T) {
				r := newRig(t, settings.DefaultConfig(), 53)
				r.must(Input{Kind: InSetBet, Credits: r.m.Status().BetPerLine + 1})
				s := r.spinUntil(500, func(s Status) bool { return s.State == state })
				err := r.do(Input{Kind: kind})
				var ref *refusal.Refusal
				if !errors.As(err, &ref) || ref.Reason != refusal.RefusedState || ref.State != state || ref.Msg != refusal.StateMsg(state) {
					t.Fatalf("%s in %s: %v, want the state's refusal", kind, state, err)
				}
				if got := r.m.Status(); got.State != state || got.DenomCents != s.DenomCents || got.BetPerLine != s.BetPerLine {
					t.Fatalf("a refused %s changed the machine: %s %d cents %d credits, was %s %d %d",
						kind, got.State, got.DenomCents, got.BetPerLine, state, s.DenomCents, s.BetPerLine)
				}
			})
		}
	}
}

// TestMaxBetRefusedKeepsBet: MAX BET is the largest bet, then SPIN; when the spin is
// refused the bet stays the one chosen before, and when it is played the game is at
// the largest bet.
func TestMaxBetRefusedKeepsBet(t *testing.T) {
	tests := []struct {
		name    string
		credits func(lo, hi, perCredit int64) int64 // the balance before MAX BET, in cents
		played  bool
	}{
		{"too little credit for the max bet", func(lo, hi, c int64) int64 { return hi*c - 1 }, false},
		{"credit for exactly the max bet", func(lo, hi, c int64) int64 { return hi * c }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 52)
			s := r.m.Status()
			lo, hi, ok := r.m.BetRange(s.Title, s.DenomCents)
			if !ok || hi <= lo {
				t.Fatalf("%s at %d: bets %d..%d (%v): the test needs two", s.Title, s.DenomCents, lo, hi, ok)
			}
			perCredit := s.DenomCents * int64(s.Lines) // cents per credit of bet per line
			r.must(Input{Kind: InSetBet, Credits: lo})
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: tc.credits(lo, hi, perCredit)})
			err := r.do(Input{Kind: InMaxBet})
			after := r.m.Status()
			switch {
			case !tc.played && !errors.Is(err, ErrRefused):
				t.Fatalf("MAX BET with %d cents for a %d-cent bet: %v, want a refusal", after.CreditsCents, hi*perCredit, err)
			case !tc.played && after.BetPerLine != lo:
				t.Fatalf("refused MAX BET left the bet at %d credits per line, want the %d chosen before", after.BetPerLine, lo)
			case tc.played && (err != nil || after.State != GameInProgress || after.BetPerLine != hi):
				t.Fatalf("MAX BET with credit for it: %v, state %v, %d credits per line; want a game at %d", err, after.State, after.BetPerLine, hi)
			}
		})
	}
}
