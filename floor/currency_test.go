package floor

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"egm/money"
	"egm/sas"
)

// currencyEGM is the test machine naming its currency in 1F, counting every
// other poll it answers.
type currencyEGM struct {
	*egm
	code  string
	polls atomic.Int64 // general polls and meter reads
}

func (c *currencyEGM) Currency() string { return c.code }
func (c *currencyEGM) Exception() byte  { c.polls.Add(1); return c.egm.Exception() }
func (c *currencyEGM) Meter(game int, code sas.MeterCode) (uint64, bool) {
	c.polls.Add(1)
	return c.egm.Meter(game, code)
}

func serveCurrency(t *testing.T, m *currencyEGM) string {
	t.Helper()
	return serveTCPHandler(t, &sas.Responder{M: m}, 1)
}

// A EUR floor links its EUR machine and refuses the KZT one, once in its log, with
// no poll of its meters or exceptions; a KZT floor links the KZT machine.
func TestFloorRefusesAMachineInAnotherCurrency(t *testing.T) {
	eur := &currencyEGM{egm: &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 100, sas.MeterGamesPlayed: 1}}, code: "EUR"}
	kzt := &currencyEGM{egm: &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 50_000, sas.MeterGamesPlayed: 1}}, code: "KZT"}
	kzt.Queue.Push(sas.ExSlotDoorOpen)
	ms, err := ParseMachines([]string{"1=" + serveCurrency(t, eur), "1=" + serveCurrency(t, kzt)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	st, err := OpenStore(filepath.Join(t.TempDir(), "floor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var downs []string
	cycles := 0
	l := &Loop{Store: st, Interval: 10 * time.Millisecond,
		Cycled: func(rec *MetersRecord, _ []Exception) {
			if rec.Machine != 1 {
				t.Errorf("machine %d cycled", rec.Machine)
			}
			if cycles++; cycles == 5 {
				cancel()
			}
		},
		Down: func(m *Machine, err error) {
			if !IsCurrency(err) {
				t.Errorf("machine %d: %v", m.Num, err)
			}
			downs = append(downs, err.Error())
		}}
	if err := l.Run(ctx, ms); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		m.Close()
	}
	if len(downs) != 1 || downs[0] != "floor: machine 2 counts in KZT, this floor in EUR: not linked" {
		t.Fatalf("log %q", downs)
	}
	if n := kzt.polls.Load(); n != 0 {
		t.Fatalf("the KZT machine answered %d polls beside 1F", n)
	}
	if _, found, _ := st.LatestMeters(2); found {
		t.Fatal("the KZT machine's meters are on the EUR floor")
	}
	if eur.polls.Load() == 0 {
		t.Fatal("the EUR machine was not polled")
	}

	// the same machine on a floor in tenge
	kzFloor, err := ParseMachines([]string{serveCurrency(t, kzt)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	kzFloor[0].Currency = money.KZT
	rec, ex, err := kzFloor[0].Cycle(context.Background(), st, nil)
	kzFloor[0].Close()
	if err != nil || rec.Meters.CoinIn != 50_000 || len(ex) != 1 {
		t.Fatalf("KZT floor: %+v %v %v", rec, ex, err)
	}
	// a machine that names no currency in 1F (the first game's additional ID) is
	// taken as the floor's
	plain, err := ParseMachines([]string{serveTCP(t, &egm{Meters: map[sas.MeterCode]uint64{}}, 1)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := plain[0].Cycle(context.Background(), st, nil); err != nil {
		t.Fatalf("no currency: %v", err)
	}
	plain[0].Close()
}

// The floor database records its currency: a new one takes the floor's, one
// in another is refused, a database from before the record counts in euros.
func TestStoreCurrency(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kzt.db")
	st, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Currency() != money.EUR {
		t.Fatalf("a new store in %v", st.Currency())
	}
	if err := st.SetCurrency(money.KZT); err != nil || st.Currency() != money.KZT {
		t.Fatalf("%v %v", err, st.Currency())
	}
	st.Close()
	if st, err = OpenStore(path); err != nil {
		t.Fatal(err)
	}
	if st.Currency() != money.KZT {
		t.Fatalf("reopened in %v", st.Currency())
	}
	var sce *storeCurrencyError
	if err := st.SetCurrency(money.EUR); !errors.As(err, &sce) || sce.has != "KZT" || sce.want != "EUR" {
		t.Fatalf("EUR on a KZT database: %v", err)
	}
	st.Close()

	old := filepath.Join(dir, "old.db") // meters recorded before the currency was
	if st, err = OpenStore(old); err != nil {
		t.Fatal(err)
	}
	if err := st.Record(&MetersRecord{Machine: 1, Time: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SetCurrency(money.KZT); err == nil {
		t.Fatal("an old database took tenge")
	}
	if err := st.SetCurrency(money.EUR); err != nil {
		t.Fatal(err)
	}
	st.Close()
}
