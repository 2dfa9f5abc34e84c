package campaign

import (
	"errors"
	"strings"
	"testing"

	"egm/floor/jackpots"
	"egm/jackpot"
)

// goodBooks: two machines linked at coin-in 1,000 and 0; 10,000 cents bet since,
// 3% contributed; one mystery award of 1,050 cents paid to machine 1 as a bonus and
// a Major of 500 cents to machine 2.
func goodBooks() jackpotBooks {
	u := int64(jackpot.Unit)
	return jackpotBooks{
		Accounts: jackpot.Accounts{CoinInCents: 10_000, Contributions: 2, Awards: 2,
			Levels: []jackpot.LevelAccount{
				{Name: jackpot.MysteryName, ResetCents: 1_000, RateBP: 200, AmountUnits: 1_000*u + 2_000_000, ContributedUnits: 2_000_000, AwardedUnits: 1_050 * u, FundedUnits: 1_050 * u, Awards: 1},
				{Name: jackpot.Major, ResetCents: 500, RateBP: 100, AmountUnits: 500*u + 1_000_000, ContributedUnits: 1_000_000, AwardedUnits: 500 * u, FundedUnits: 500 * u, Awards: 1},
			},
			Machines: []jackpot.MachineAccount{
				{Machine: jackpots.MachineID(1), Games: 1, CoinInCents: 6_000, Awards: 1, AwardedCents: 1_050},
				{Machine: jackpots.MachineID(2), Games: 1, CoinInCents: 4_000, Awards: 1, AwardedCents: 500},
			}},
		Payments:  []jackpots.BonusPayment{{Seq: 1, Machine: 1, Cents: 1_050, State: jackpots.BonusPaid}},
		WindowMin: 1_000, WindowMax: 1_100,
		Machines: []machineBooks{
			{Addr: 1, Linked: true, Baseline: 1_000, CoinIn: 7_000, Bonus: 1_050, GamesPlayed: 70},
			{Addr: 2, Linked: true, CoinIn: 4_000, Jackpot: 500, GamesPlayed: 40},
		},
	}
}

// TestCheckJackpotBooks: good books reconcile with their tallies; each way an award
// or a contribution can go wrong under kills is reported.
func TestCheckJackpotBooks(t *testing.T) {
	rep := JackpotFaultsReport{MachineKills: 3, FloorKills: 1}
	if err := checkJackpotBooks(goodBooks(), &rep); err != nil {
		t.Fatalf("good books: %v", err)
	}
	want := JackpotFaultsReport{MachineKills: 3, FloorKills: 1, Games: 110, CoinIn: 11_000, Awards: 1, AwardCents: 1_050,
		MinAward: 1_050, MaxAward: 1_050, WindowMin: 1_000, WindowMax: 1_100, Hits: 1, HitCents: 500}
	if rep != want {
		t.Fatalf("tallies %+v\nwant %+v", rep, want)
	}
	for _, tc := range []struct {
		name string
		bad  func(b *jackpotBooks)
		want string
	}{
		{"the controller's accounts broken", func(b *jackpotBooks) { b.Accounts.Levels[1].ContributedUnits++ }, "jackpot: level"},
		{"an award not paid", func(b *jackpotBooks) { b.Payments[0].State = jackpots.BonusDue }, "is due, not paid"},
		{"an award outside the window", func(b *jackpotBooks) { b.WindowMax = 1_049 }, "outside [1000, 1049]"},
		{"an award paid twice", func(b *jackpotBooks) {
			b.Payments = append(b.Payments, jackpots.BonusPayment{Seq: 2, Machine: 1, Cents: 1_050, State: jackpots.BonusPaid})
		}, "the controller made 1 mystery awards"},
		{"an award never journaled", func(b *jackpotBooks) { b.Payments = nil }, "the floor journaled 0"},
		{"a machine never linked", func(b *jackpotBooks) { b.Machines[1].Linked = false }, "machine 2 was never linked"},
		{"coin-in counted twice", func(b *jackpotBooks) { b.Machines[0].CoinIn -= 100 }, "machine 1 coin-in since linked 5900 cents, the controller counted 6000"},
		{"a bonus not on the meters", func(b *jackpotBooks) { b.Machines[0].Bonus = 0 }, "machine 1 paid 0 cents"},
		{"a hit paid twice", func(b *jackpotBooks) { b.Machines[1].Jackpot = 1_000 }, "machine 2 paid 1000 cents"},
	} {
		b := goodBooks()
		tc.bad(&b)
		rep := JackpotFaultsReport{}
		if err := checkJackpotBooks(b, &rep); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	b := goodBooks()
	b.Payments, b.Accounts.Levels[0].Awards, b.Accounts.Levels[0].AwardedUnits, b.Accounts.Levels[0].FundedUnits = nil, 0, 0, 0
	b.Accounts.Awards, b.Accounts.Machines[0].Awards, b.Accounts.Machines[0].AwardedCents, b.Machines[0].Bonus = 1, 0, 0, 0
	if err := checkJackpotBooks(b, &rep); !errors.Is(err, ErrNoAward) {
		t.Errorf("no award: %v", err)
	}
}
