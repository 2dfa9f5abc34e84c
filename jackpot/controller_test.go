package jackpot

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestContributionsAreExact(t *testing.T) {
	tests := []struct {
		name  string
		bets  []int64
		grand int64 // cents above reset, displayed
		major int64
		myst  int64
	}{
		// The mystery shows 40 of its 200 bp; the other 160 go to its reserve.
		{"one max bet", []int64{4000}, 20, 20, 16},
		{"one min bet: a quarter cent each is kept", []int64{50}, 0, 0, 0},
		{"four min bets make a whole cent", []int64{50, 50, 50, 50}, 1, 1, 0},
		{"odd bets", []int64{77, 33}, 0, 0, 0}, // 110 × 50 = 5,500 units; 110 × 40 = 4,400
		{"many odd bets", []int64{101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101, 101}, 10, 10, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := openTest(t, nil, "m1")
			for i, b := range tt.bets {
				if _, err := c.Contribute("m1", uint64(i+1), b); err != nil {
					t.Fatal(err)
				}
			}
			got := amounts(c)
			want := map[string]int64{Grand: GrandResetCentsForTest + tt.grand, Major: MajorResetCentsForTest + tt.major, MysteryName: MysteryResetCents + tt.myst}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s = %d, want %d", k, got[k], v)
				}
			}
			var coin int64
			for _, b := range tt.bets {
				coin += b
			}
			for _, l := range c.st.Levels {
				if l.Contrib != coin*l.RateBP {
					t.Errorf("%s received %d units, want %d", l.Name, l.Contrib, coin*l.RateBP)
				}
			}
			mustCheck(t, c)
		})
	}
}

// The shipped reset values, as the titles' math fixes them.
const (
	GrandResetCentsForTest = 500_000
	MajorResetCentsForTest = 40_000
)

func TestContributeIsIdempotent(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	r, err := c.Contribute("m1", 7, 1000)
	if err != nil || r.Duplicate {
		t.Fatalf("first: %+v %v", r, err)
	}
	before := amounts(c)
	r, err = c.Contribute("m1", 7, 1000)
	if err != nil || !r.Duplicate {
		t.Fatalf("resend: %+v %v, want a duplicate", r, err)
	}
	if after := amounts(c); after[MysteryName] != before[MysteryName] || c.st.Contributions != 1 {
		t.Fatalf("resend counted: %v → %v, %d contributions", before, after, c.st.Contributions)
	}
	if _, err := c.Contribute("m1", 7, 2000); !errors.Is(err, ErrConflict) {
		t.Fatalf("resend with another bet: %v, want ErrConflict", err)
	}
	// The same game number of another machine is another game.
	if err := c.Register("m2"); err != nil {
		t.Fatal(err)
	}
	if r, err := c.Contribute("m2", 7, 1000); err != nil || r.Duplicate {
		t.Fatalf("m2 game 7: %+v %v", r, err)
	}
	mustCheck(t, c)
}

func TestHitAwardsTheAmountAndResets(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	for i := range 3 {
		if _, err := c.Contribute("m1", uint64(i+1), 150); err != nil { // 0.75 cent each
			t.Fatal(err)
		}
	}
	// 3 × 150 × 50 = 22,500 units: 2.25 cents above reset.
	a, err := c.Hit("m1", 3, Major)
	if err != nil {
		t.Fatal(err)
	}
	if a.Cents != 40_002 || a.Machine != "m1" || a.Game != 3 || a.Level != Major || a.Seq != 1 {
		t.Fatalf("award %+v, want 400.02 to m1 game 3, seq 1", a)
	}
	// The quarter cent stays in the level above its reset.
	if l := c.st.Levels[1]; l.Value != 40_000*Unit+2_500 {
		t.Fatalf("major after the hit: %d units, want reset + 2,500", l.Value)
	}
	again, err := c.Hit("m1", 3, Major)
	if err != nil || again != a {
		t.Fatalf("resent hit: %+v %v, want the first award %+v", again, err, a)
	}
	if c.st.AwardSeq != 1 {
		t.Fatalf("%d awards after a resent hit, want 1", c.st.AwardSeq)
	}
	aws, err := c.Awards()
	if err != nil || len(aws) != 1 || aws[0] != a {
		t.Fatalf("award log %+v %v", aws, err)
	}
	mustCheck(t, c)
}

func TestReserveFundsTheNextReset(t *testing.T) {
	c, _ := openTest(t, smallLevels(), "m1")
	// Grand: 50 bp of which 10 bp reserve. 10 bets of 1,000: growth 40 cents, reserve 10.
	for i := range 10 {
		if _, err := c.Contribute("m1", uint64(i+1), 1000); err != nil {
			t.Fatal(err)
		}
	}
	if got := amounts(c)[Grand]; got != 5_040 {
		t.Fatalf("grand shows %d, want 5,040 (the reserve is hidden)", got)
	}
	a, err := c.Hit("m1", 10, Grand)
	if err != nil || a.Cents != 5_040 {
		t.Fatalf("hit %+v %v, want 5,040", a, err)
	}
	if got := amounts(c)[Grand]; got != 5_010 {
		t.Fatalf("grand after reset %d, want reset 5,000 + reserve 10", got)
	}
	mustCheck(t, c)
}

func TestCeilingOverflowsToReserve(t *testing.T) {
	c, _ := openTest(t, smallLevels(), "m1")
	// Major: reset 400, ceiling 2,000, 50 bp: 2,000 cents of growth need 400,000 of bets.
	for i := range 120 {
		if _, err := c.Contribute("m1", uint64(i+1), 4000); err != nil {
			t.Fatal(err)
		}
	}
	// 120 × 20 = 2,400 cents of growth: 1,600 to the ceiling, 800 overflow.
	if got := amounts(c)[Major]; got != 2_000 {
		t.Fatalf("major %d, want its ceiling 2,000", got)
	}
	if r := c.st.Levels[1].Reserve; r != 800*Unit {
		t.Fatalf("major reserve %d, want 800 cents", r/Unit)
	}
	a, err := c.Hit("m1", 120, Major)
	if err != nil || a.Cents != 2_000 {
		t.Fatalf("hit %+v %v", a, err)
	}
	if got := amounts(c)[Major]; got != 1_200 {
		t.Fatalf("major after reset %d, want 400 + 800 reserve", got)
	}
	mustCheck(t, c)
}

func TestMysteryAwardsTheCrossingMachine(t *testing.T) {
	c, _ := openTest(t, smallLevels(), "a", "b")
	trig := c.st.Levels[2].Trigger
	var got []Award
	for i := 1; len(got) < 5 && i < 10_000; i++ {
		m := []string{"a", "b"}[i%2]
		before := c.st.Levels[2].Value
		r, err := c.Contribute(m, uint64(i), 3000) // 30 cents to the mystery's amount, 30 to its reserve
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Awards) == 0 {
			if c.st.Levels[2].Value >= trig*Unit {
				t.Fatalf("game %d reached the trigger %d without an award", i, trig)
			}
			continue
		}
		a := r.Awards[0]
		if a.Machine != m || a.Game != uint64(i) || a.Level != MysteryName || a.Cents != trig {
			t.Fatalf("award %+v, want %d to %s game %d", a, trig, m, i)
		}
		if before >= trig*Unit || before+3000*100 < trig*Unit {
			t.Fatalf("the award's contribution did not cross the trigger: %d → %d, trigger %d", before, before+3000*100, trig*Unit)
		}
		if a.Cents < 1_000 || a.Cents > 3_000 {
			t.Fatalf("award %d outside its window", a.Cents)
		}
		got = append(got, a)
		trig = c.st.Levels[2].Trigger
	}
	if len(got) < 5 {
		t.Fatalf("%d mystery awards, want 5", len(got))
	}
	for _, l := range c.Levels() {
		if l.Name == MysteryName && l.MaxCents != 3_000 {
			t.Fatalf("mystery shows must-hit-by %d", l.MaxCents)
		}
	}
	mustCheck(t, c)
}

func TestReopenKeepsEverything(t *testing.T) {
	c, path := openTest(t, smallLevels(), "m1")
	for i := range 200 {
		if _, err := c.Contribute("m1", uint64(i+1), 2500); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Hit("m1", 200, Grand); err != nil {
		t.Fatal(err)
	}
	before, _ := c.Awards()
	st := encodeState(c.st)
	c.Close()
	c2, err := Open(path, Options{RNG: newSeededForTest(), Levels: smallLevels()})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if string(encodeState(c2.st)) != string(st) {
		t.Fatal("state differs after reopening")
	}
	after, _ := c2.Awards()
	if len(after) != len(before) {
		t.Fatalf("%d awards after reopening, %d before", len(after), len(before))
	}
	if r, err := c2.Contribute("m1", 200, 2500); err != nil || !r.Duplicate {
		t.Fatalf("resend after reopening: %+v %v", r, err)
	}
	mustCheck(t, c2)
}

func TestAwardLogKeepsTheLastN(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	c.keep = 5
	for g := uint64(1); g <= 12; g++ {
		if _, err := c.Hit("m1", g, Major); err != nil {
			t.Fatal(err)
		}
	}
	aws, err := c.Awards()
	if err != nil {
		t.Fatal(err)
	}
	if len(aws) != 5 || aws[0].Seq != 8 || aws[4].Seq != 12 || aws[4].Game != 12 {
		t.Fatalf("award log %+v, want awards 8 to 12", aws)
	}
}

func TestIdempotencyWindow(t *testing.T) {
	c, _ := openTest(t, nil, "m1")
	c.window = 10
	for g := uint64(1); g <= 30; g++ {
		if _, err := c.Contribute("m1", g, 100); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := c.Contribute("m1", 25, 100); err != nil || !r.Duplicate {
		t.Fatalf("game inside the window: %+v %v", r, err)
	}
	if _, err := c.Contribute("m1", 5, 100); !errors.Is(err, ErrTooOld) {
		t.Fatalf("game outside the window: %v, want ErrTooOld", err)
	}
	n := 0
	boltDB(c).View(func(tx *txT) error { n = tx.Bucket(bGames).Stats().KeyN; return nil })
	if n > 11 {
		t.Fatalf("%d idempotency records kept, window 10", n)
	}
}

func TestReserveFundsTheReset(t *testing.T) {
	levels := []LevelConfig{{Name: "mini", Kind: Progressive, ResetCents: 1_000, RateBP: 500, ReserveBP: 400, ReserveFundsReset: true}}
	c, _ := openTest(t, levels, "m1")
	hit := func(g uint64, want int64) {
		t.Helper()
		a, err := c.Hit("m1", g, "mini")
		if err != nil || a.Cents != want {
			t.Fatalf("hit %+v %v, want %d", a, err, want)
		}
	}
	// 3 bets of 1,000: 10 cents each shown above reset, 40 each to the reserve.
	for g := uint64(1); g <= 3; g++ {
		c.Contribute("m1", g, 1000)
	}
	hit(3, 1_030)
	// Shortfall: the reserve's 120 cents pay part of the 1,000 reset, the house 880.
	if l := c.st.Levels[0]; l.Reserve != 0 || l.Funded != 880*Unit || l.Value != 1_000*Unit {
		t.Fatalf("after a short reserve: %+v", l)
	}
	// Surplus: 30 bets put 1,200 cents in the reserve; the reset takes 1,000.
	for g := uint64(4); g <= 33; g++ {
		c.Contribute("m1", g, 1000)
	}
	hit(33, 1_300)
	if l := c.st.Levels[0]; l.Reserve != 200*Unit || l.Funded != 880*Unit || amounts(c)["mini"] != 1_000 {
		t.Fatalf("after a surplus: %+v", l)
	}
	mustCheck(t, c)
}

// The mystery trigger is never in anything the controller hands out: not in
// Levels, Accounts or the award log's types.
func TestTriggerStaysHidden(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[Level](), reflect.TypeFor[Accounts](), reflect.TypeFor[LevelAccount](),
		reflect.TypeFor[MachineAccount](), reflect.TypeFor[Award](), reflect.TypeFor[Receipt](), reflect.TypeFor[LevelConfig]()} {
		for i := range typ.NumField() {
			if f := typ.Field(i); strings.Contains(f.Name, "Trigger") && !strings.HasPrefix(f.Name, "TriggerM") {
				t.Errorf("%s.%s exposes the trigger", typ.Name(), f.Name)
			}
		}
	}
	c, _ := openTest(t, nil, "m1")
	for _, l := range c.Levels() {
		if l.Kind == Mystery && (l.MaxCents != MysteryMaxCents || l.AmountCents != MysteryResetCents) {
			t.Fatalf("mystery shows %+v", l)
		}
	}
}
