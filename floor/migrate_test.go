package floor

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// A bbolt floor copied into an empty database of each kind: the currency, the
// latest meters, the exception log in order, the jackpot baselines and first
// reads and the bonus journal all read back equal, with the totals reported; a
// second copy into the same database is refused and writes nothing.
func TestCopyRecords(t *testing.T) {
	src := openDB(t, "bbolt:"+filepath.Join(t.TempDir(), "old.db"))
	defer src.Close()
	if err := src.b.SetCurrency("EUR"); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 1, 20, 0, 0, 123_456_000, time.UTC)
	var coinIn uint64
	for m := byte(1); m <= 5; m++ {
		mt := Meters{CurrentCredits: uint64(m) * 100, CoinIn: uint64(m) * 1_000_003, CoinOut: uint64(m) * 7, GamesPlayed: uint64(m) * 11}
		coinIn += mt.CoinIn
		ex := []Exception{{Machine: m, Code: 0x11, Time: at}, {Machine: m, Code: 0x12, Time: at.Add(time.Second)}}
		if m == 3 {
			ex = append(ex, Exception{Machine: m, Time: at, Finding: "meters backwards: coin in"})
		}
		if err := src.Record(&MetersRecord{Machine: m, Time: at.Add(time.Duration(m) * time.Minute), Meters: mt, Currency: "EUR"}, ex); err != nil {
			t.Fatal(err)
		}
	}
	jp := src.Jackpots()
	if err := jp.NoteFirstRead(1, 500); err != nil { // still learning
		t.Fatal(err)
	}
	for m := byte(2); m <= 4; m++ {
		if _, err := jp.SetBaseline(m, uint64(m)*1000); err != nil {
			t.Fatal(err)
		}
	}
	bonuses := []BonusPayment{
		{Seq: 1, Machine: 2, MachineID: "floor-2", Game: 77, Cents: 812_345, State: BonusPaid, MeterBefore: 10, Paid: at},
		{Seq: 2, Machine: 4, MachineID: "floor-4", Game: 91, Cents: 1_000_000, State: BonusDue},
	}
	if _, err := jp.JournalAwards(bonuses); err != nil {
		t.Fatal(err)
	}
	if err := jp.PutBonus(bonuses[0]); err != nil {
		t.Fatal(err)
	}
	eachBackend(t, func(t *testing.T, spec string) {
		dst := openDB(t, spec)
		defer dst.Close()
		c, err := CopyRecords(dst, src)
		if err != nil {
			t.Fatal(err)
		}
		want := Copied{Currency: "EUR", Machines: 5, CoinIn: coinIn, Exceptions: 11, Baselines: 4, BonusPayments: 2, BonusCents: 1_812_345}
		if c != want {
			t.Fatalf("copied %+v, want %+v", c, want)
		}
		if got := dst.Currency().Code; got != "EUR" {
			t.Fatalf("the copy counts in %s", got)
		}
		if _, err := CopyRecords(dst, src); !errors.Is(err, ErrNotEmpty) {
			t.Fatalf("a second copy into the same database: %v, want ErrNotEmpty", err)
		}
		ex, err := dst.Exceptions()
		if err != nil || len(ex) != 11 {
			t.Fatalf("after the refused copy: %d exceptions (%v), want 11", len(ex), err)
		}
	})
}
