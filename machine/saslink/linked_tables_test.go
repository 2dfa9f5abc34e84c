package saslink

import (
	"strings"
	"sync/atomic"
	"testing"

	"egm/floor"
	"egm/floor/jackpots"
	"egm/machine"
	"egm/meters"
	"egm/sas"
	"egm/tables/play"
)

// countingPort counts the polls a host sends (one Write each).
type countingPort struct {
	sas.Port
	writes atomic.Int64
}

func (c *countingPort) Write(b []byte) (int, error) {
	c.writes.Add(1)
	return c.Port.Write(b)
}

// coinInBy sums the machine's per-game coin-in: the slot titles', the table games'.
func coinInBy(t *testing.T, m *machine.Machine) (slots, tables int64) {
	t.Helper()
	if err := m.View(func(s *meters.Snapshot) {
		for _, g := range s.Games() {
			if play.IsTable(g.Title) {
				tables += g.CoinInCents
			} else {
				slots += g.CoinInCents
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	return slots, tables
}

// TestTableGamesDoNotFundTheLinkedLevels: a machine plays slot games and table
// rounds on a linked floor, the floor restarting halfway (a new poller and Linked
// over the same controller and database); the controller counts exactly the slots'
// coin-in since the machine was linked, none of the table games'. The per-game
// polls happen once per link (51, 30 × B5) and, each cycle, only when the
// machine's coin-in moved (6F for each of the 5 table games).
func TestTableGamesDoNotFundTheLinkedLevels(t *testing.T) {
	l := newLinked(t, nil, 1)
	var logs []string
	l.Log = func(s string) { logs = append(logs, s); t.Log(s) }
	e := newLinkedEGM(t, 1, nil)
	cp := &countingPort{Port: e.p.Host.Port}
	e.p.Host.Port = cp
	tablesRound := func() {
		for _, g := range play.IDs() {
			if e.m.Status().CreditsCents < 50_000 {
				e.must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 200_000})
			}
			playTable(t, e.m, g)
		}
	}
	cycle := func() int64 {
		t.Helper()
		before := cp.writes.Load()
		e.cycle(l)
		return cp.writes.Load() - before
	}
	// Play before the link: none of it is contributed.
	for range 3 {
		e.play()
	}
	tablesRound()
	slots0, tables0 := coinInBy(t, e.m)
	first := cycle()
	if first < 1+1+30+5+1 {
		t.Errorf("the first cycle sent %d polls: want at least 6F, 51, 30 × B5, 5 × 6F and the consistent 6F", first)
	}
	if idle := cycle(); idle != 3 {
		t.Errorf("an idle cycle sent %d polls: want 6F (meters), 87 and 86 only", idle)
	}
	idle := cycle()
	for range 10 {
		e.play()
	}
	played := cycle()
	if played != idle+5 {
		t.Errorf("a cycle after play sent %d polls, an idle one %d: want 5 more (6F per table game)", played, idle)
	}
	t.Logf("polls a cycle: the link's first %d, idle %d, after play %d", first, idle, played)
	for i := range 4 {
		if i == 2 { // the floor restarts: new poller, new Linked, same books
			e.p = &floor.Poller{Addr: 1, Host: e.p.Host}
			l = &jackpots.Linked{C: l.C, Store: l.Store, Log: l.Log}
		}
		for range 8 {
			e.play()
		}
		tablesRound()
		if n := cycle(); i == 2 && n < 1+30+5 {
			t.Errorf("the first cycle after the restart sent %d polls: want 51, 30 × B5 and 5 × 6F at least", n)
		}
	}
	slots, tables := coinInBy(t, e.m)
	acct, err := l.C.Account(jackpots.MachineID(1))
	if err != nil {
		t.Fatal(err)
	}
	if tables-tables0 <= 0 || slots-slots0 <= 0 {
		t.Fatalf("the play proves nothing: slots %d, tables %d since linked", slots-slots0, tables-tables0)
	}
	if acct.CoinInCents != slots-slots0 {
		t.Fatalf("the controller counted %d cents; since linked the slots took %d, the table games %d", acct.CoinInCents, slots-slots0, tables-tables0)
	}
	base, ok, err := jackpots.BaselineOf(l.Store, 1)
	if err != nil || !ok || base != uint64(slots0) {
		t.Fatalf("baseline %d %v %v, want the slots' coin-in when linked %d", base, ok, err, slots0)
	}
	for _, s := range logs {
		if strings.Contains(s, "whole coin-in") {
			t.Errorf("log: %s", s)
		}
	}
}
