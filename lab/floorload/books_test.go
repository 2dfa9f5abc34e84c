package floorload

import (
	"errors"
	"strings"
	"testing"

	"egm/floor"
	"egm/jackpot"
)

// goodBooks are consistent books of two machines on two hosts: machine 1 (host
// 1) won a mystery award of 15.00, its wallet put 1000.00 on it by AFT.
func goodBooks() Books {
	u := int64(jackpot.Unit)
	mystery := func(coin, awarded int64, awards uint64) jackpot.LevelAccount {
		return jackpot.LevelAccount{Name: jackpot.MysteryName, ResetCents: 1000, RateBP: 200,
			AmountUnits: 1000*u + coin*200, ContributedUnits: coin * 200, AwardedUnits: awarded * u, FundedUnits: awarded * u, Awards: awards}
	}
	m1 := MachineBooks{Num: 1, Host: 0, Credits: 149_500, CoinIn: 100_500, WalletIn: 200_000, Won: 50_000, Bonus: 1500, Games: 5,
		AFTIn: 100_000, Baseline: 500, Linked: true}
	m2 := MachineBooks{Num: 2, Host: 1, Credits: 20_000, CoinIn: 50_000, WalletIn: 60_000, Won: 10_000, Games: 3, Linked: true}
	for _, m := range []*MachineBooks{&m1, &m2} {
		m.Recorded, m.RecordedOK = floor.Meters{CurrentCredits: uint64(m.Credits), CoinIn: uint64(m.CoinIn), GamesPlayed: uint64(m.Games)}, true
	}
	return Books{
		Machines: []MachineBooks{m1, m2},
		Controllers: []jackpot.Accounts{
			{CoinInCents: 100_000, Contributions: 5, Awards: 1, Levels: []jackpot.LevelAccount{mystery(100_000, 1500, 1)},
				Machines: []jackpot.MachineAccount{{Machine: "sas-1", Games: 5, CoinInCents: 100_000, Awards: 1, AwardedCents: 1500}}},
			{CoinInCents: 50_000, Contributions: 3, Levels: []jackpot.LevelAccount{mystery(50_000, 0, 0)},
				Machines: []jackpot.MachineAccount{{Machine: "sas-2", Games: 3, CoinInCents: 50_000}}},
		},
		Payments:  []floor.BonusPayment{{Seq: 1, Machine: 1, Cents: 1500, State: floor.BonusPaid}},
		WindowMin: 1000, WindowMax: 2000,
		Wallet: &WalletBooks{Funded: 1_000_000, Balances: 900_000, In: map[byte]int64{1: 100_000}, Out: map[byte]int64{},
			Applied: 1, Refused: []int{1, 2}},
	}
}

// TestChecks: good books pass every check; each kind of bad books fails the
// check that owns it, naming what it compared.
func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		spoil  func(b *Books)
		failed string // the checks that fail, joined by "+" ("": none)
		says   string
	}{
		{"good", func(b *Books) {}, "", ""},
		{"a cent made on a machine", func(b *Books) { b.Machines[1].Credits++; b.Machines[1].Recorded.CurrentCredits++ }, "money", "machines"},
		{"a machine's own equation broken", func(b *Books) { b.Machines[0].Invariant = errors.New("meters: credits invariant broken") }, "money", "machine 1"},
		{"a cent lost in a wallet", func(b *Books) { b.Wallet.Balances-- }, "money", "wallets"},
		{"coin-in not counted", func(b *Books) { b.Machines[0].Baseline = 400 }, "contributions 2%", "machine 1: coin-in since linked 100100"},
		{"a machine never linked", func(b *Books) { b.Machines[1].Linked = false }, "contributions 2%", "machine 2 was never linked"},
		{"the mystery at 3%", func(b *Books) {
			l := &b.Controllers[1].Levels[0]
			l.RateBP, l.ContributedUnits, l.AmountUnits = 300, 50_000*300, l.AmountUnits+50_000*100
		}, "contributions 2%", "not 200"},
		{"contributions short of the rate", func(b *Books) { b.Controllers[0].Levels[0].ContributedUnits-- }, "contributions 2%", "host 1"},
		{"an award not paid", func(b *Books) { b.Payments[0].State = floor.BonusDue }, "jackpot awards paid", "not paid"},
		{"an award outside the window", func(b *Books) { b.Payments[0].Cents = 2001 }, "jackpot awards paid", "outside"},
		{"a bonus meter short", func(b *Books) { b.Machines[0].Bonus = 1400 }, "jackpot awards paid", "machine 1 paid 1400"},
		{"the floor's record behind", func(b *Books) { b.Machines[1].Recorded.CoinIn-- }, "floor records", "machine 2"},
		{"no record", func(b *Books) { b.Machines[0].RecordedOK = false }, "floor records", "no record"},
		{"a transfer applied twice", func(b *Books) { b.Wallet.In[1] = 200_000 }, "AFT once", "200000 cents in"},
		{"a transfer lost", func(b *Books) { b.Wallet.Out[2] = 700; b.Wallet.Balances += 700 }, "money+AFT once", "machine 2"},
		{"the register not obeyed", func(b *Books) { b.Wallet.Leaked = []int{2} }, "register obeyed", "host(s) [2]"},
	} {
		b := goodBooks()
		tc.spoil(&b)
		r := Report{Checks: Checks(b)}
		f := r.Failed()
		switch {
		case tc.failed == "" && len(f) > 0:
			t.Errorf("%s: failed %v: %+v", tc.name, f, r.Checks)
		case tc.failed != "" && strings.Join(f, "+") != tc.failed:
			t.Errorf("%s: failed %v, want [%s]: %+v", tc.name, f, tc.failed, r.Checks)
		case tc.failed != "":
			for _, c := range r.Checks {
				if strings.HasSuffix(tc.failed, c.Name) && !strings.Contains(c.Detail, tc.says) {
					t.Errorf("%s: %q does not say %q", tc.name, c.Detail, tc.says)
				}
			}
		}
	}
}

// TestChecksWithoutWallet: without the wallet its two checks do not run and say
// why; the others judge the machines' money alone.
func TestChecksWithoutWallet(t *testing.T) {
	b := goodBooks()
	b.Wallet, b.WalletOff = nil, "off: no wallet on PostgreSQL"
	m := &b.Machines[0] // no AFT: the player's own deposits
	m.AFTIn, m.WalletIn, m.Credits, m.Recorded.CurrentCredits = 0, 100_000, 49_500, 49_500
	r := Report{Checks: Checks(b)}
	ran := 0
	for _, c := range r.Checks {
		if c.Ran {
			ran++
			continue
		}
		if c.Detail != b.WalletOff || (c.Name != "AFT once" && c.Name != "register obeyed") {
			t.Errorf("%+v did not run", c)
		}
	}
	if ran != 4 || len(r.Failed()) != 0 {
		t.Errorf("%d checks ran, failed %v: %+v", ran, r.Failed(), r.Checks)
	}
}
