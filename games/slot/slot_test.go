package slot

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"egm/features/lockspin"
	"egm/rng"
)

// testRecipes cover every feature combination the catalogue uses.
func testRecipes() []Recipe {
	low5 := []string{"A", "K", "Q", "J", "T"}
	high := []string{"H1", "H2", "H3", "H4"}
	return []Recipe{
		{ID: "t-book", Name: "Book", Family: GoldenLink, Profile: Medium, Reels: 5, Rows: 3, Lines: 10,
			Wild: "W", Scatter: "S", High: high, Low: low5, FreeGames: &FreeRecipe{Games: 10, Expanding: true}, Gamble: true},
		{ID: "t-scale", Name: "Scale", Family: CashConnection, Profile: High, Reels: 5, Rows: 3, Lines: 5,
			Wild: "W", High: high, Low: low5, ScaleUp: true, Colors: true},
		{ID: "t-clover", Name: "Clover", Family: CashConnection, Profile: Low, Reels: 5, Rows: 3, Lines: 10,
			Wild: "W", High: high, Low: low5, Clover: "CLOVER"},
		{ID: "t-three", Name: "Three", Family: CashConnection, Profile: Medium, Reels: 3, Rows: 3, Lines: 5,
			Wild: "W", High: high, Low: []string{"A", "K", "Q", "J"}, ScaleUp: true, Filler: 8},
	}
}

func mustTitle(t testing.TB, r Recipe) *Title {
	t.Helper()
	s, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	ti, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return ti
}

func TestPlayIsDecidedByTheSeedAlone(t *testing.T) {
	for _, r := range testRecipes() {
		ti := mustTitle(t, r)
		bet := Bet{LineCents: 400 / int64(ti.Lines()) * 10, Lines: ti.Lines()}
		if bet.TotalCents() > MaxBetCents {
			bet.LineCents = MaxBetCents / int64(ti.Lines())
		}
		low := Bet{LineCents: (MinBetCents + int64(ti.Lines()) - 1) / int64(ti.Lines()), Lines: ti.Lines()}
		for seed := uint64(1); seed <= 300; seed++ {
			var a, b, c Outcome
			if err := ti.Play(rng.NewSeeded(seed), bet, &a); err != nil {
				t.Fatal(err)
			}
			if err := ti.Play(rng.NewSeeded(seed), bet, &b); err != nil {
				t.Fatal(err)
			}
			ja, _ := json.Marshal(&a)
			jb, _ := json.Marshal(&b)
			if string(ja) != string(jb) {
				t.Fatalf("%s seed %d: the same seed gave two outcomes", r.ID, seed)
			}
			// Another bet: the same stops and the same features (only jackpot
			// qualification and money differ), R-RNG-3.
			if err := ti.Play(rng.NewSeeded(seed), low, &c); err != nil {
				t.Fatal(err)
			}
			if c.Window.Stops != a.Window.Stops || len(c.Coins) != len(a.Coins) || (c.LockSpin == nil) != (a.LockSpin == nil) {
				t.Fatalf("%s seed %d: the bet changed the draws", r.ID, seed)
			}
			if a.Win != a.BaseWin+a.ColorsWin+a.FreeGamesWin+a.LockSpinWin || a.Win < 0 {
				t.Fatalf("%s seed %d: win parts do not add up: %+v", r.ID, seed, a)
			}
		}
	}
}

func TestOutcomeJSONRoundTrip(t *testing.T) {
	ti := mustTitle(t, testRecipes()[0])
	bet := Bet{LineCents: 100, Lines: 10}
	found := map[string]bool{}
	for seed := uint64(1); seed < 20000 && len(found) < 2; seed++ {
		var o Outcome
		if err := ti.Play(rng.NewSeeded(seed), bet, &o); err != nil {
			t.Fatal(err)
		}
		if o.LockSpin == nil && o.FreeGames == nil {
			continue
		}
		kind := "lockspin"
		if o.FreeGames != nil {
			kind = "free"
		}
		found[kind] = true
		j, err := json.Marshal(&o)
		if err != nil {
			t.Fatal(err)
		}
		var back Outcome
		if err := json.Unmarshal(j, &back); err != nil {
			t.Fatal(err)
		}
		j2, _ := json.Marshal(&back)
		if string(j) != string(j2) {
			t.Fatalf("seed %d: round trip changed the outcome\n%s\n%s", seed, j, j2)
		}
	}
	if !found["lockspin"] || !found["free"] {
		t.Fatalf("features seen: %v", found)
	}
}

func TestCheckBet(t *testing.T) {
	ti := mustTitle(t, testRecipes()[0])
	tests := []struct {
		bet  Bet
		want string
	}{
		{Bet{5, 10}, ""},
		{Bet{400, 10}, ""},
		{Bet{4, 10}, "outside"},
		{Bet{401, 10}, "outside"},
		{Bet{0, 10}, "outside"},
		{Bet{-5, 10}, "outside"},
		{Bet{10, 9}, "plays 10 lines"},
	}
	for _, tc := range tests {
		err := ti.CheckBet(tc.bet)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: got %v, want %q", tc.bet, err, tc.want)
		}
		var o Outcome
		if err := ti.Play(rng.NewSeeded(1), tc.bet, &o); (err == nil) != (tc.want == "") {
			t.Errorf("Play %+v: %v", tc.bet, err)
		}
	}
}

func TestNewRejectsBadSpecs(t *testing.T) {
	good, err := testRecipes()[0].Build()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		break_ func(*Spec)
		want   string
	}{
		{"no id", func(s *Spec) { s.ID = "" }, "needs an id"},
		{"family", func(s *Spec) { s.Family = "Other" }, "family"},
		{"coin unknown", func(s *Spec) { s.Coin = "GOLD" }, "coin"},
		{"coin not bonus", func(s *Spec) { s.Coin = "H1" }, "coin"},
		{"grid", func(s *Spec) { s.LockSpin.Rows = 4 }, "grid 5×4"},
		{"fallback", func(s *Spec) { s.LockSpin.Jackpots[0].Fallback = 2 }, "worth 0"},
		{"level", func(s *Spec) { s.LockSpin.Jackpots[0].Name = "mini" }, "level"},
		{"trigger too big", func(s *Spec) { s.LockSpin.Trigger = 16 }, "trigger 16"},
		{"clover", func(s *Spec) { s.Clover = &Clover{Symbol: "H1", Factors: []Factor{{2, 1}}} }, "magic_clover"},
		{"colors", func(s *Spec) { s.Colors = &Colors{MinCoins: 6, Wheel: []Colour{{"g", 1, 1}}} }, "min_coins"},
		{"colour weight", func(s *Spec) { s.Colors = &Colors{MinCoins: 3, Wheel: []Colour{{"g", 1, 0}}} }, "wheel"},
		{"reels", func(s *Spec) { s.Reels.Base[2] = nil }, "reels"},
		{"trigger symbols", func(s *Spec) { // coins and jackpot symbols start it, Scale Up does not
			s.LockSpin.TriggerSymbols = append(s.LockSpin.TriggerSymbols, lockspin.Weighted{Symbol: lockspin.Symbol{Kind: lockspin.ScaleUp, Factor: 2}, Weight: 1})
		}, "trigger symbols"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(good)
			var s Spec
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			tc.break_(&s)
			_, err := New(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "slot: ") {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestPARAgreesWithSimulation plays every test title through Play and checks the
// measured return of the game's own pays against the exact figure, inside the 99%
// interval 2.576·σ/√N.
func TestPARAgreesWithSimulation(t *testing.T) {
	const games = 200_000
	for _, r := range testRecipes() {
		ti := mustTitle(t, r)
		par, err := ti.PAR()
		if err != nil {
			t.Fatal(err)
		}
		bet := Bet{LineCents: MaxBetCents / int64(ti.Lines()), Lines: ti.Lines()}
		src := rng.NewSeeded(77)
		var o Outcome
		var sum, sumsq float64
		var hits int
		for i := 0; i < games; i++ {
			if err := ti.Play(src, bet, &o); err != nil {
				t.Fatal(err)
			}
			x := float64(o.Win) / float64(bet.TotalCents())
			sum += x
			sumsq += x * x
			if o.Win > 0 || o.LockSpin != nil || o.FreeGames != nil || o.Colors != nil {
				hits++
			}
		}
		mean := sum / games
		want := f64(par.GamePays)
		band := 2.576 * par.Sigma / math.Sqrt(games)
		if math.Abs(mean-want) > band {
			t.Errorf("%s: simulated %.5f, exact %.5f, 99%% band ±%.5f", r.ID, mean, want, band)
		}
		sd := math.Sqrt(sumsq/games - mean*mean)
		if sd < 0.8*par.Sigma || sd > 1.25*par.Sigma {
			t.Errorf("%s: simulated σ %.3f, exact %.3f", r.ID, sd, par.Sigma)
		}
		hf := float64(hits) / games
		if math.Abs(hf-par.HitFrequency) > 4*math.Sqrt(par.HitFrequency*(1-par.HitFrequency)/games) {
			t.Errorf("%s: simulated hit frequency %.4f, exact %.4f", r.ID, hf, par.HitFrequency)
		}
		t.Logf("%s: RTP %.5f game pays exact %.5f sim %.5f ±%.5f σ %.2f/%.2f", r.ID, par.RTP, want, mean, band, par.Sigma, sd)
	}
}

// TestResetClearsEverything plays a game with every feature into a used Outcome and
// into a fresh one: the records must be identical.
func TestResetClearsEverything(t *testing.T) {
	ti := mustTitle(t, testRecipes()[0])
	bet := Bet{LineCents: 100, Lines: 10}
	var used Outcome
	for seed := uint64(1); seed < 3000; seed++ {
		var fresh Outcome
		if err := ti.Play(rng.NewSeeded(seed), bet, &used); err != nil {
			t.Fatal(err)
		}
		if err := ti.Play(rng.NewSeeded(seed), bet, &fresh); err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(&used)
		b, _ := json.Marshal(&fresh)
		if string(a) != string(b) {
			t.Fatalf("seed %d: a reused Outcome differs from a fresh one\n%s\n%s", seed, a, b)
		}
	}
}
