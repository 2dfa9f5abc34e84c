package play

import (
	"egm/money"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/roulette"
)

// sampleBets are one round's bets of every game, every bet the game has on it.
func sampleBets() map[string]Bets {
	spots := func(kv ...any) map[string]int64 {
		m := map[string]int64{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = int64(kv[i+1].(int))
		}
		return m
	}
	pb := map[string]int64{}
	main, side := Spots(PuntoBanco)
	for _, s := range append(main, side...) {
		if s != "bombay-6" {
			pb[s] = 100
		}
	}
	return map[string]Bets{
		Roulette: {Roulette: []roulette.Bet{{Kind: roulette.Red, Stake: 500}, {Kind: roulette.Straight, Numbers: []int{17}, Stake: 100},
			{Kind: roulette.Neighbours, Target: 0, Stake: 500}}},
		ThreeCard:  {Spots: spots(SpotAnte, 1000, SpotPairPlus, 500, SpotPrime, 200)},
		PuntoBanco: {Spots: pb, Table: TableCommission},
		Blackjack:  {Spots: spots(SpotMain, 1000, Spot21Plus3, 100, SpotTop3, 100, SpotPairs, 100)},
		Holdem:     {Spots: spots(SpotAnte, 1000, SpotTrips, 500)},
	}
}

// TestRoundsReplay plays rounds of every game with the house strategy and checks
// that the stored round parses back to the same state, decision by decision, that
// the stakes add up, and that settlement balances its lines.
func TestRoundsReplay(t *testing.T) {
	for game, b := range sampleBets() {
		t.Run(game, func(t *testing.T) {
			src := rng.NewSeeded(7)
			for i := 0; i < 300; i++ {
				r, err := Deal(src, game, b)
				if err != nil {
					t.Fatal(err)
				}
				staked := DealStake(game, b)
				if r.Staked() != staked {
					t.Fatalf("staked %d at the deal, want %d", r.Staked(), staked)
				}
				for !r.Done() {
					d, err := Auto(r)
					if err != nil {
						t.Fatal(err)
					}
					add, err := r.Apply(d)
					if err != nil {
						t.Fatal(err)
					}
					staked += add
					data, _ := r.Marshal()
					back, err := Parse(data)
					if err != nil {
						t.Fatalf("stored round does not parse: %v", err)
					}
					if back.Staked() != r.Staked() || back.Done() != r.Done() || len(back.Legal()) != len(r.Legal()) {
						t.Fatalf("replayed round differs after %v", r.Decisions)
					}
				}
				if r.Staked() != staked {
					t.Fatalf("staked %d, decisions added up to %d", r.Staked(), staked)
				}
				s, err := r.Settle()
				if err != nil {
					t.Fatal(err)
				}
				if s.Staked != staked {
					t.Fatalf("settled stake %d, staked %d (%v)", s.Staked, staked, r.Decisions)
				}
				data, _ := r.Marshal()
				back, _ := Parse(data)
				s2, err := back.Settle()
				if err != nil || s2.Returned != s.Returned {
					t.Fatalf("replayed settlement %d, %v; want %d", s2.Returned, err, s.Returned)
				}
			}
		})
	}
}

func TestDecisionNeverRedraws(t *testing.T) {
	r, err := Deal(rng.NewSeeded(1), Blackjack, sampleBets()[Blackjack])
	if err != nil {
		t.Fatal(err)
	}
	deck := r.Deck
	for !r.Done() {
		if _, err := r.Apply(r.Legal()[0].Decision); err != nil {
			t.Fatal(err)
		}
	}
	if r.Deck != deck {
		t.Fatal("a decision changed the shoe")
	}
}

func TestIllegalDecisions(t *testing.T) {
	src := rng.NewSeeded(3)
	cases := []struct {
		game string
		d    Decision
	}{
		{Roulette, Hit}, {PuntoBanco, Stand}, {ThreeCard, Hit}, {Holdem, Bet2x}, {Holdem, Bet1x}, {Blackjack, Bet4x},
	}
	for _, c := range cases {
		r, err := Deal(src, c.game, sampleBets()[c.game])
		if err != nil {
			t.Fatal(err)
		}
		before := r.Staked()
		if _, err := r.Apply(c.d); err == nil {
			t.Errorf("%s: %s accepted", c.game, c.d)
		}
		if r.Staked() != before || len(r.Decisions) != 0 {
			t.Errorf("%s: a refused decision changed the round", c.game)
		}
	}
}

func TestCorruptRounds(t *testing.T) {
	r, _ := Deal(rng.NewSeeded(5), ThreeCard, sampleBets()[ThreeCard])
	good, _ := r.Marshal()
	dup := strings.Replace(string(good), `"deck":"`+r.Deck[:4], `"deck":"`+r.Deck[:2]+r.Deck[:2], 1)
	cases := map[string]string{
		"not json":         "{",
		"unknown game":     strings.Replace(string(good), ThreeCard, "poker", 1),
		"short deck":       strings.Replace(string(good), r.Deck, r.Deck[:100], 1),
		"duplicated card":  dup,
		"not hex":          strings.Replace(string(good), r.Deck[:2], "zz", 1),
		"illegal decision": strings.Replace(string(good), `"game"`, `"decisions":["hit"],"game"`, 1),
		"negative stake":   strings.Replace(string(good), `"ante":1000`, `"ante":-1000`, 1),
		"half chip":        strings.Replace(string(good), `"ante":1000`, `"ante":1050`, 1),
		"pocket 37":        `{"game":"roulette","bets":{"roulette":[{"Kind":8,"Stake":100}]},"pocket":37}`,
	}
	for name, data := range cases {
		if _, err := Parse([]byte(data)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
	if _, err := Parse(good); err != nil {
		t.Fatalf("the good round: %v", err)
	}
}

func TestLimits(t *testing.T) {
	l := Limits{Min: 200, Max: 5000, SideMax: 1000}
	if err := l.Validate(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		game  string
		bets  Bets
		limit bool // a LimitError (else another error, or none when ok)
		ok    bool
	}{
		{"inside", ThreeCard, Bets{Spots: map[string]int64{SpotAnte: 200, SpotPrime: 100}}, false, true},
		{"under the minimum", ThreeCard, Bets{Spots: map[string]int64{SpotAnte: 100}}, true, false},
		{"over the maximum", Blackjack, Bets{Spots: map[string]int64{SpotMain: 5100}}, true, false},
		{"side bet over", Holdem, Bets{Spots: map[string]int64{SpotAnte: 1000, SpotTrips: 1100}}, true, false},
		{"roulette bet over", Roulette, Bets{Roulette: []roulette.Bet{{Kind: roulette.Red, Stake: 6000}}}, true, false},
		{"one number twice, over together", Roulette, Bets{Roulette: []roulette.Bet{{Kind: roulette.Straight, Numbers: []int{7}, Stake: 3000},
			{Kind: roulette.Straight, Numbers: []int{7}, Stake: 3000}}}, true, false},
		{"two numbers, each inside", Roulette, Bets{Roulette: []roulette.Bet{{Kind: roulette.Straight, Numbers: []int{7}, Stake: 3000},
			{Kind: roulette.Straight, Numbers: []int{8}, Stake: 3000}}}, false, true},
		{"side bet alone", Blackjack, Bets{Spots: map[string]int64{Spot21Plus3: 100}}, false, false},
		{"unknown spot", Blackjack, Bets{Spots: map[string]int64{"tie": 100}}, false, false},
		{"bombay on the commission table", PuntoBanco, Bets{Spots: map[string]int64{"bombay-6": 100}, Table: TableCommission}, false, false},
		{"no table", PuntoBanco, Bets{Spots: map[string]int64{"player": 200}}, false, false},
		{"bombay on its table", PuntoBanco, Bets{Spots: map[string]int64{"banker": 200, "bombay-6": 100}, Table: TableNoCommission}, false, true},
		{"neighbours of 4 chips", Roulette, Bets{Roulette: []roulette.Bet{{Kind: roulette.Neighbours, Target: 5, Stake: 400}}}, false, false},
	}
	for _, c := range cases {
		err := l.Check(c.game, c.bets)
		var le *LimitError
		switch {
		case c.ok && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case !c.ok && err == nil:
			t.Errorf("%s: accepted", c.name)
		case c.limit != errors.As(err, &le):
			t.Errorf("%s: %v, limit error %v", c.name, err, c.limit)
		}
	}
	for _, bad := range []Limits{{Min: 50, Max: 100, SideMax: 100}, {Min: 200, Max: 100, SideMax: 100}, {Min: 100, Max: 1000, SideMax: 2000}} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
}

func TestRoundJSONIsPlain(t *testing.T) {
	r, _ := Deal(rng.NewSeeded(9), Holdem, sampleBets()[Holdem])
	r.Apply(Check)
	data, _ := r.Marshal()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "bets", "deck", "decisions"} {
		if _, ok := m[k]; !ok {
			t.Errorf("stored round has no %q: %s", k, data)
		}
	}
}

func TestRoundText(t *testing.T) {
	r, _ := Deal(rng.NewSeeded(4), Blackjack, sampleBets()[Blackjack])
	open := r.TextIn(money.EUR)
	if !strings.Contains(open, "open:") || !strings.Contains(open, "main 10.00 EUR") {
		t.Errorf("an open hand's text:\n%s", open)
	}
	for !r.Done() {
		d, _ := Auto(r)
		r.Apply(d)
	}
	done := r.TextIn(money.EUR)
	for _, want := range []string{"hand 1:", "dealer:", "Main", "total: staked"} {
		if !strings.Contains(done, want) {
			t.Errorf("a settled hand's text lacks %q:\n%s", want, done)
		}
	}
}
