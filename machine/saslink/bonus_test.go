package saslink

import (
	"testing"

	"egm/floor/jackpots"
	"egm/jackpot"
	"egm/sas"
)

// smallMystery is a mystery level with a narrow, cheap window so that a test sees
// several awards: reset 10.00, trigger in [10.00, 30.00] EUR.
func smallMystery() []jackpot.LevelConfig {
	lv := jackpot.DefaultLevels()
	lv[2].ResetCents, lv[2].TriggerMinCents, lv[2].TriggerMaxCents = 1_000, 1_000, 3_000
	return lv
}

// TestMysteryPaidAsBonusOverSAS: the mystery awards the controller makes are paid
// by the floor to the crossing machine as legacy bonuses (8A), exactly once each;
// the machines' bonus meters (9A) equal the awards.
func TestMysteryPaidAsBonusOverSAS(t *testing.T) {
	l := newLinked(t, smallMystery(), 1, 2)
	es := []*linkedEGM{newLinkedEGM(t, 1, nil), newLinkedEGM(t, 2, nil)}
	for _, e := range es {
		e.cycle(l)
	}
	for range 60 {
		for _, e := range es {
			for range 3 {
				e.play()
			}
			e.cycle(l)
		}
	}
	for _, e := range es {
		e.cycle(l) // pay what the last cycles journaled
	}
	awards, err := l.C.Awards()
	if err != nil {
		t.Fatal(err)
	}
	byMachine := map[string]int64{}
	n := 0
	for _, a := range awards {
		if a.Level != jackpot.MysteryName {
			continue
		}
		n++
		if a.Cents < 1_000 || a.Cents > 3_000 {
			t.Fatalf("award %+v outside the window", a)
		}
		byMachine[a.Machine] += a.Cents
	}
	if n < 3 {
		t.Fatalf("only %d mystery awards", n)
	}
	for _, e := range es {
		got, err := e.p.BonusMeters()
		if err != nil {
			t.Fatal(err)
		}
		if int64(got) != byMachine[jackpots.MachineID(e.p.Addr)] {
			t.Fatalf("machine %d bonus meters %d, awards %d", e.p.Addr, got, byMachine[jackpots.MachineID(e.p.Addr)])
		}
	}
	ps, err := jackpots.BonusPayments(l.Store, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != n {
		t.Fatalf("journal %d payments, %d awards", len(ps), n)
	}
	for _, p := range ps {
		if p.State != jackpots.BonusPaid { // paid once: the bonus meters above equal the awards
			t.Fatalf("payment %+v", p)
		}
	}
	acc, err := l.C.Accounts()
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestBonusReconciledAfterACrash: a payment journaled as sending is resent only if
// the machine's bonus meters show it did not arrive.
func TestBonusReconciledAfterACrash(t *testing.T) {
	for _, arrived := range []bool{true, false} {
		l := newLinked(t, nil, 1)
		e := newLinkedEGM(t, 1, nil)
		e.cycle(l)
		before, err := e.p.BonusMeters()
		if err != nil {
			t.Fatal(err)
		}
		p := jackpots.BonusPayment{Seq: 999, Machine: 1, MachineID: "sas-1", Cents: 950_000, State: jackpots.BonusSending, MeterBefore: before}
		if _, err := jackpots.JournalAwards(l.Store, []jackpots.BonusPayment{p}); err != nil {
			t.Fatal(err)
		}
		if err := jackpots.PutBonus(l.Store, p); err != nil {
			t.Fatal(err)
		}
		if arrived { // the floor crashed after the 8A reached the machine
			if err := e.p.LegacyBonus(950_000, 0); err != nil {
				t.Fatal(err)
			}
		}
		e.cycle(l)
		got, _ := e.p.BonusMeters()
		if got != before+950_000 {
			t.Fatalf("arrived %v: bonus meters %d, want %d (paid once)", arrived, got, before+950_000)
		}
		ps, _ := jackpots.BonusPayments(l.Store, false)
		if len(ps) != 1 || ps[0].State != jackpots.BonusPaid {
			t.Fatalf("journal %+v", ps)
		}
		ex, _ := e.p.Drain(64, zeroTime)
		found := false
		for _, x := range ex {
			found = found || x.Code == sas.ExLegacyBonus
		}
		if !found {
			t.Fatalf("no 7C in %+v", ex)
		}
	}
}
