package floorload

import (
	"fmt"

	"egm/floor"
	"egm/jackpot"
)

// MachineBooks is one machine's side at rest: its critical memory (read offline)
// and what the floor recorded of it in PostgreSQL.
type MachineBooks struct {
	Num      byte
	Host     int
	Credits  int64
	CoinIn   int64
	WalletIn int64 // money brought to the machine: the wallet's AFT cash-ins and the player's own deposits
	WalletOut,
	Won, Voided int64
	Jackpot, Bonus int64 // jackpot meter; bonus counters summed
	Games          int64
	AFTIn, AFTOut  int64 // the AFT transfer counters (the floor wallet's transfers)
	Invariant      error // the machine's own credits equation
	Recorded       floor.Meters
	RecordedOK     bool  // the floor holds a record of it
	Baseline       int64 // its coin-in when the linked jackpots took it on
	Linked         bool
}

// WalletBooks is the floor wallet's side at rest (nil in Books: the wallet did
// not run).
type WalletBooks struct {
	Funded   int64          // brought in from outside (the players' banks)
	Balances int64          // the accounts' balances
	In, Out  map[byte]int64 // committed cash-ins and cash-outs of the journal, by machine
	Applied  int            // transfers committed
	CashIns  int            // of them, to the machines (the rest: cash-outs)
	// Register: the restricted player's cash-in was refused on these hosts, and
	// let through on Leaked (each a violation).
	Refused, Leaked []int
}

// Books is everything the checks read at rest.
type Books struct {
	Machines             []MachineBooks
	Controllers          []jackpot.Accounts // the wide-area jackpot controller, or one per floor host
	Payments             []floor.BonusPayment
	WindowMin, WindowMax int64
	Wallet               *WalletBooks
	WalletOff            string // why the wallet did not run
}

// RatePercentBP is the linked jackpots' contribution rate every machine must
// pay: 2% of its coin-in, in basis points.
const RatePercentBP = 200

// Checks are the campaign's verdicts on b.
func Checks(b Books) []Check {
	return []Check{checkMoney(b), checkContributions(b), checkAwards(b), checkRecords(b), checkAFTOnce(b), checkRegister(b)}
}

func pass(name, detail string) Check { return Check{Name: name, Pass: true, Ran: true, Detail: detail} }
func fail(name, format string, a ...any) Check {
	return Check{Name: name, Ran: true, Detail: fmt.Sprintf(format, a...)}
}
func skip(name, why string) Check { return Check{Name: name, Detail: why} }

// checkMoney: the wallets' balances and the machines' credits equal the money
// brought in, less the money taken out, plus the net of play, to the cent; and
// each machine's own credits equation holds.
func checkMoney(b Books) Check {
	const name = "money"
	var credits, in, out, net, aftIn, aftOut int64
	for _, m := range b.Machines {
		if m.Invariant != nil {
			return fail(name, "machine %d: %v", m.Num, m.Invariant)
		}
		credits += m.Credits
		in += m.WalletIn
		out += m.WalletOut
		net += m.Won + m.Voided - m.CoinIn
		aftIn += m.AFTIn
		aftOut += m.AFTOut
	}
	var funded, balances int64
	if b.Wallet != nil {
		funded, balances = b.Wallet.Funded, b.Wallet.Balances
	}
	// Brought in: the players' banks (wallet funding) and their own deposits at the
	// machines (wallet_in less the wallet's AFT cash-ins); taken out likewise.
	broughtIn := funded + in - aftIn
	takenOut := out - aftOut
	if balances+credits != broughtIn-takenOut+net {
		return fail(name, "wallets %d + machines %d = %d cents, but brought in %d - taken out %d + net of play %d = %d",
			balances, credits, balances+credits, broughtIn, takenOut, net, broughtIn-takenOut+net)
	}
	return pass(name, fmt.Sprintf("wallets %s + machines %s = brought in %s - taken out %s + net of play %s",
		euros(balances), euros(credits), euros(broughtIn), euros(takenOut), euros(net)))
}

// checkContributions: every machine's coin-in since it was linked is what its
// host's controller counted from it, and each controller's levels received
// exactly their rates of that coin-in, to the Unit — the mystery level
// RatePercentBP (2%) — with its own accounting identity holding.
func checkContributions(b Books) Check {
	const name = "contributions 2%"
	var coin, mystery, all int64
	for h, a := range b.Controllers {
		if err := a.Check(); err != nil {
			return fail(name, "%s: %v", controllerName(b, h), err)
		}
		for _, l := range a.Levels {
			if l.Name == jackpot.MysteryName && l.RateBP != RatePercentBP {
				return fail(name, "%s: the mystery takes %d bp of coin-in, not %d", controllerName(b, h), l.RateBP, RatePercentBP)
			}
			if l.ContributedUnits != a.CoinInCents*l.RateBP {
				return fail(name, "%s: level %s received %d units from coin-in %d cents, not %d", controllerName(b, h), l.Name, l.ContributedUnits, a.CoinInCents, a.CoinInCents*l.RateBP)
			}
			if l.Name == jackpot.MysteryName {
				mystery += l.ContributedUnits
			}
			all += l.ContributedUnits
		}
		coin += a.CoinInCents
	}
	for _, m := range b.Machines {
		if !m.Linked {
			return fail(name, "machine %d was never linked", m.Num)
		}
		a, ok := account(b, m)
		if !ok {
			return fail(name, "machine %d: %s has no account of it", m.Num, controllerName(b, controllerOf(b, m)))
		}
		if got := m.CoinIn - m.Baseline; got != a.CoinInCents {
			return fail(name, "machine %d: coin-in since linked %d cents, its controller counted %d (mystery contributions %d units, want %d)",
				m.Num, got, a.CoinInCents, a.CoinInCents*RatePercentBP, got*RatePercentBP)
		}
	}
	return pass(name, fmt.Sprintf("%d machines' coin-in since linked %s counted to the cent; mystery %d units = 2%%, all levels %d units", len(b.Machines), euros(coin), mystery, all))
}

// controllerOf is the index in b.Controllers of machine m's controller: the one
// wide-area controller, or its host's.
func controllerOf(b Books, m MachineBooks) int {
	if len(b.Controllers) == 1 {
		return 0
	}
	return m.Host
}

// controllerName names controller i for the reports.
func controllerName(b Books, i int) string {
	if len(b.Controllers) == 1 {
		return "the controller"
	}
	return fmt.Sprintf("host %d's controller", i+1)
}

// account is machine m's account at its controller.
func account(b Books, m MachineBooks) (jackpot.MachineAccount, bool) {
	i := controllerOf(b, m)
	if i >= len(b.Controllers) {
		return jackpot.MachineAccount{}, false
	}
	for _, a := range b.Controllers[i].Machines {
		if a.Machine == fmt.Sprintf("sas-%d", m.Num) {
			return a, true
		}
	}
	return jackpot.MachineAccount{}, false
}

// checkAwards: every mystery award the floors journaled is paid and inside the
// window, and each machine's jackpot and bonus meters equal what its controller
// awarded it.
func checkAwards(b Books) Check {
	const name = "jackpot awards paid"
	for _, p := range b.Payments {
		if p.State != floor.BonusPaid {
			return fail(name, "mystery award %d (%d cents to machine %d) is %s, not paid", p.Seq, p.Cents, p.Machine, p.State)
		}
		if p.Cents < b.WindowMin || p.Cents > b.WindowMax {
			return fail(name, "mystery award %d of %d cents outside [%d, %d]", p.Seq, p.Cents, b.WindowMin, b.WindowMax)
		}
	}
	var hits uint64
	for _, a := range b.Controllers {
		hits += a.Awards
	}
	for _, m := range b.Machines {
		a, _ := account(b, m)
		if paid := m.Jackpot + m.Bonus; paid != a.AwardedCents {
			return fail(name, "machine %d paid %d cents of jackpots and bonuses (%d + %d), its controller awarded it %d", m.Num, paid, m.Jackpot, m.Bonus, a.AwardedCents)
		}
	}
	return pass(name, fmt.Sprintf("%d awards (%d mystery journaled, all paid in the window); each machine's jackpot and bonus meters = its awards", hits, len(b.Payments)))
}

// checkRecords: the floor's last record of each machine in PostgreSQL is the
// machine's own meters at rest (the floors caught up after the faults).
func checkRecords(b Books) Check {
	const name = "floor records"
	for _, m := range b.Machines {
		switch {
		case !m.RecordedOK:
			return fail(name, "machine %d: no record in the floor database", m.Num)
		case int64(m.Recorded.CoinIn) != m.CoinIn || int64(m.Recorded.GamesPlayed) != m.Games || int64(m.Recorded.CurrentCredits) != m.Credits:
			return fail(name, "machine %d: the floor recorded coin-in %d, %d games, credits %d; the machine holds %d, %d, %d",
				m.Num, m.Recorded.CoinIn, m.Recorded.GamesPlayed, m.Recorded.CurrentCredits, m.CoinIn, m.Games, m.Credits)
		}
	}
	return pass(name, fmt.Sprintf("%d machines: the floor's last record in its database = the machine's meters at rest", len(b.Machines)))
}

// checkAFTOnce: each machine's AFT transfer counters equal the wallet journal's
// committed transfers to and from it: none applied twice, none lost.
func checkAFTOnce(b Books) Check {
	const name = "AFT once"
	if b.Wallet == nil {
		return skip(name, b.WalletOff)
	}
	for _, m := range b.Machines {
		if in, out := b.Wallet.In[m.Num], b.Wallet.Out[m.Num]; in != m.AFTIn || out != m.AFTOut {
			return fail(name, "machine %d: the wallet journal has %d cents in and %d out, the machine's AFT counters %d in and %d out", m.Num, in, out, m.AFTIn, m.AFTOut)
		}
	}
	return pass(name, fmt.Sprintf("%d transfers: each machine's AFT counters = the wallet journal's, to the cent", b.Wallet.Applied))
}

// checkRegister: the restricted player's cash-in was refused on every host.
func checkRegister(b Books) Check {
	const name = "register obeyed"
	switch {
	case b.Wallet == nil:
		return skip(name, b.WalletOff)
	case len(b.Wallet.Leaked) > 0:
		return fail(name, "a restricted player's cash-in went through on host(s) %v", b.Wallet.Leaked)
	case len(b.Wallet.Refused) == 0:
		return fail(name, "no host was tried")
	}
	return pass(name, fmt.Sprintf("the restricted player's cash-in refused on hosts %v", b.Wallet.Refused))
}
