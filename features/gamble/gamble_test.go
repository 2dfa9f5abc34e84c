package gamble

import (
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"testing"

	"egm/rng"
)

// script is a Source that makes rng.Uint64n(s, n) return the listed values in turn.
type script struct {
	n     uint64
	draws []uint64
}

func (s *script) Uint64() uint64 {
	if len(s.draws) == 0 {
		panic("script: out of draws")
	}
	k := s.draws[0]
	s.draws = s.draws[1:]
	return valueFor(k, s.n)
}

// valueFor returns v with ⌊v·n/2^64⌋ = k, in the middle of k's interval so that
// the rejection branch of rng.Uint64n is never taken.
func valueFor(k, n uint64) uint64 {
	lo := new(big.Int).Lsh(new(big.Int).SetUint64(k), 64)
	lo.Div(lo, new(big.Int).SetUint64(n))
	hi := new(big.Int).Lsh(new(big.Int).SetUint64(k+1), 64)
	hi.Div(hi, new(big.Int).SetUint64(n))
	return new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1).Uint64() + 1
}

func TestScriptDrawsWhatItSays(t *testing.T) {
	for _, n := range []uint64{2, 3, 52, 1000} {
		for k := uint64(0); k < n; k++ {
			if got := rng.Uint64n(&script{n: n, draws: []uint64{k}}, n); got != k {
				t.Fatalf("n=%d: draw %d came out %d", n, k, got)
			}
		}
	}
}

func TestDeckIsHalfRedAndEvenBySuit(t *testing.T) {
	colours := map[Colour]int{}
	suits := map[Suit]int{}
	seen := map[Card]bool{}
	for i := 0; i < DeckSize; i++ {
		c := CardAt(i)
		if seen[c] {
			t.Fatalf("card %v twice", c)
		}
		seen[c] = true
		colours[c.Colour()]++
		suits[c.Suit]++
	}
	if colours[Red] != 26 || colours[Black] != 26 || len(colours) != 2 {
		t.Fatalf("colours %v, want 26 red and 26 black", colours)
	}
	for s := Hearts; s <= Spades; s++ {
		if suits[s] != 13 {
			t.Fatalf("suit %v has %d cards", s, suits[s])
		}
	}
}

// TestEachStepIsRTPNeutral plays every bet against every one of the 52 cards and
// checks that the amounts after the step add up to exactly 52 stakes.
func TestEachStepIsRTPNeutral(t *testing.T) {
	cfg := Config{Enabled: true, MaxAttempts: 5, MaxWin: 1 << 40, Suits: true}
	const stake = 1234
	choices := []Choice{
		{Kind: OnColour, Colour: Red}, {Kind: OnColour, Colour: Black},
		{Kind: OnSuit, Suit: Hearts}, {Kind: OnSuit, Suit: Diamonds},
		{Kind: OnSuit, Suit: Clubs}, {Kind: OnSuit, Suit: Spades},
	}
	for _, ch := range choices {
		var total, wins int64
		for i := uint64(0); i < DeckSize; i++ {
			r, err := NewRound(cfg, stake)
			if err != nil {
				t.Fatal(err)
			}
			s, err := r.Play(&script{n: DeckSize, draws: []uint64{i}}, ch, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s.Draw != int(i) || s.Card != CardAt(int(i)) {
				t.Fatalf("draw %d gave card %v (index %d)", i, s.Card, s.Draw)
			}
			total += s.After
			if s.Won {
				wins++
			}
		}
		if total != DeckSize*stake {
			t.Errorf("%+v: total after %d over 52 cards, want %d", ch, total, DeckSize*stake)
		}
		if want := DeckSize / ch.Kind.Factor(); wins != want {
			t.Errorf("%+v: %d winning cards, want %d", ch, wins, want)
		}
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		win     int64
		plays   int // winning red bets to play first
		kind    BetKind
		offered bool
	}{
		{"fresh win", DefaultConfig, 100, 0, OnColour, true},
		{"switched off", Config{MaxAttempts: 5, MaxWin: 1000}, 100, 0, OnColour, false},
		{"double hits the cap exactly", Config{Enabled: true, MaxAttempts: 5, MaxWin: 200}, 100, 0, OnColour, true},
		{"double over the cap", Config{Enabled: true, MaxAttempts: 5, MaxWin: 199}, 100, 0, OnColour, false},
		{"after attempts used", Config{Enabled: true, MaxAttempts: 2, MaxWin: 1 << 40}, 100, 2, OnColour, false},
		{"one attempt left", Config{Enabled: true, MaxAttempts: 3, MaxWin: 1 << 40}, 100, 2, OnColour, true},
		{"cap reached by doubling", Config{Enabled: true, MaxAttempts: 9, MaxWin: 800}, 100, 2, OnColour, true},
		{"cap passed by doubling", Config{Enabled: true, MaxAttempts: 9, MaxWin: 799}, 100, 2, OnColour, false},
		{"suit not configured", Config{Enabled: true, MaxAttempts: 5, MaxWin: 1 << 40}, 100, 0, OnSuit, false},
		{"suit under cap", Config{Enabled: true, MaxAttempts: 5, MaxWin: 400, Suits: true}, 100, 0, OnSuit, true},
		{"suit over cap", Config{Enabled: true, MaxAttempts: 5, MaxWin: 399, Suits: true}, 100, 0, OnSuit, false},
		{"huge amount does not overflow", Config{Enabled: true, MaxAttempts: 5, MaxWin: 1 << 62}, 1<<62 - 1, 0, OnSuit, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Round{Config: tc.cfg, Start: tc.win, Amount: tc.win}
			for i := 0; i < tc.plays; i++ {
				if _, err := r.Play(&script{n: DeckSize, draws: []uint64{0}}, Choice{Kind: OnColour, Colour: Red}, nil); err != nil {
					t.Fatal(err)
				}
			}
			if got := r.Offered(tc.kind); got != tc.offered {
				t.Fatalf("offered = %v, want %v", got, tc.offered)
			}
			if tc.kind == OnColour && r.Over() == tc.offered {
				t.Fatalf("over = %v with colour offered %v", r.Over(), tc.offered)
			}
			_, err := r.Play(&script{n: DeckSize, draws: []uint64{0}}, Choice{Kind: tc.kind, Colour: Red, Suit: Hearts}, nil)
			if tc.offered != (err == nil) || (!tc.offered && !errors.Is(err, ErrNotOffered)) {
				t.Fatalf("play: err = %v, offered %v", err, tc.offered)
			}
		})
	}
}

func TestLossEndsRoundAndCollect(t *testing.T) {
	var h History
	r, err := NewRound(DefaultConfig, 500)
	if err != nil {
		t.Fatal(err)
	}
	// card 0 is the ace of hearts (red), card 51 the king of spades (black).
	src := &script{n: DeckSize, draws: []uint64{0, 51}}
	s1, err := r.Play(src, Choice{Kind: OnColour, Colour: Red}, &h)
	if err != nil || !s1.Won || s1.Before != 500 || s1.After != 1000 {
		t.Fatalf("first step %+v, %v", s1, err)
	}
	s2, err := r.Play(src, Choice{Kind: OnColour, Colour: Red}, &h)
	if err != nil || s2.Won || s2.Before != 1000 || s2.After != 0 || !r.Ended {
		t.Fatalf("second step %+v, %v, ended %v", s2, err, r.Ended)
	}
	if r.Offered(OnColour) {
		t.Fatal("offered after a loss")
	}
	if got := r.Collect(); got != 0 {
		t.Fatalf("collect after loss = %d", got)
	}
	want := []Card{{Spades, 13}, {Hearts, 1}}
	if !reflect.DeepEqual(h.Cards, want) {
		t.Fatalf("history %v, want %v", h.Cards, want)
	}

	r2, _ := NewRound(DefaultConfig, 700)
	if got := r2.Collect(); got != 700 || r2.Offered(OnColour) {
		t.Fatalf("collect = %d, offered after collect %v", got, r2.Offered(OnColour))
	}
}

func TestHistoryKeepsNewestCards(t *testing.T) {
	var h History
	for i := 0; i < HistoryLen+3; i++ {
		h.Add(CardAt(i))
	}
	if len(h.Cards) != HistoryLen {
		t.Fatalf("history holds %d cards", len(h.Cards))
	}
	for i, c := range h.Cards {
		if want := CardAt(HistoryLen + 2 - i); c != want {
			t.Fatalf("history[%d] = %v, want %v", i, c, want)
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := NewRound(Config{Enabled: true, MaxAttempts: 0, MaxWin: 10}, 5); err == nil {
		t.Error("zero attempts accepted")
	}
	if _, err := NewRound(Config{Enabled: true, MaxAttempts: 1, MaxWin: 0}, 5); err == nil {
		t.Error("zero cap accepted")
	}
	if _, err := NewRound(DefaultConfig, 0); err == nil {
		t.Error("zero win accepted")
	}
	r, _ := NewRound(DefaultConfig, 5)
	for _, ch := range []Choice{{Kind: OnColour}, {Kind: OnSuit}, {Kind: 9, Colour: Red}} {
		if _, err := r.Play(&script{n: DeckSize}, ch, nil); err == nil {
			t.Errorf("choice %+v accepted", ch)
		}
	}
}

func TestStepJSONRoundTrip(t *testing.T) {
	r, _ := NewRound(Config{Enabled: true, MaxAttempts: 5, MaxWin: 1 << 30, Suits: true}, 250)
	var h History
	src := rng.NewSeeded(7)
	for r.Offered(OnSuit) {
		if _, err := r.Play(src, Choice{Kind: OnSuit, Suit: Clubs}, &h); err != nil {
			t.Fatal(err)
		}
	}
	b, err := json.Marshal(struct {
		R *Round
		H History
	}{r, h})
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		R *Round
		H History
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.R, r) || !reflect.DeepEqual(back.H, h) {
		t.Fatalf("round trip changed the record:\n%s", b)
	}
}

// TestColourIsFairUnderTheDRBG is a light statistical check that the real source
// path gives about half red (it would fail on a source stuck on one colour).
func TestColourIsFairUnderTheDRBG(t *testing.T) {
	src := rng.NewSeeded(1)
	const n = 200_000
	red := 0
	for i := 0; i < n; i++ {
		if CardAt(int(rng.Uint64n(src, DeckSize))).Colour() == Red {
			red++
		}
	}
	// 99.9% band: 3.29·√(n/4) ≈ 736.
	if d := red - n/2; d > 736 || d < -736 {
		t.Fatalf("%d red of %d", red, n)
	}
}

func TestExpectedReturnIsOne(t *testing.T) {
	for _, k := range []BetKind{OnColour, OnSuit} {
		if r := ExpectedReturn(k); r.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%v: expected return %s, want 1", k, r.RatString())
		}
	}
	if ExpectedReturn(0).Sign() != 0 {
		t.Error("unknown kind has a return")
	}
}
