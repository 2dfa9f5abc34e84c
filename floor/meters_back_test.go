package floor

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"egm/sas"
)

// TestMetersBackwardsFlagged: a machine whose meters go down between two cycles
// (its critical memory cleared or rolled back) is flagged by the floor: an
// exception of the floor's own, kept in the exception log and said in the
// report; meters that only go up, and an 8-digit meter rolling over, are not.
func TestMetersBackwardsFlagged(t *testing.T) { eachBackend(t, testMetersBackwardsFlagged) }

func testMetersBackwardsFlagged(t *testing.T, spec string) {
	e := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 5_000, sas.MeterGamesPlayed: 50, sas.MeterCoinOut: 4_000}}
	ms, err := ParseMachines([]string{"1=" + serveTCP(t, e, 1)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := openDB(t, spec)
	defer st.Close()
	cycle := func() []Exception {
		t.Helper()
		_, ex, err := ms[0].Cycle(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	set := func(in, played uint64) {
		e.Mu.Lock()
		e.Meters[sas.MeterCoinIn], e.Meters[sas.MeterGamesPlayed] = in, played
		e.Mu.Unlock()
	}
	if ex := cycle(); len(ex) != 0 {
		t.Fatalf("first read: %+v", ex)
	}
	set(6_000, 60)
	if ex := cycle(); len(ex) != 0 {
		t.Fatalf("meters up: %+v", ex)
	}
	set(1_000, 10) // rolled back
	rec := &MetersRecord{}
	ex := cycle()
	if len(ex) != 1 || ex[0].Code != 0 || ex[0].Machine != 1 ||
		!strings.Contains(ex[0].Finding, "coin_in 6000 → 1000, games_played 60 → 10") {
		t.Fatalf("rolled back: %+v", ex)
	}
	log, err := st.Exceptions()
	if err != nil || len(log) != 1 || log[0].Finding != ex[0].Finding {
		t.Fatalf("exception log %+v %v", log, err)
	}
	var out bytes.Buffer
	*rec, _, _ = st.LatestMeters(1)
	PrintCycle(&out, rec, ex)
	if !strings.Contains(out.String(), "FLOOR: machine 1 meters went backwards") {
		t.Fatalf("report:\n%s", out.String())
	}
	if ex := cycle(); len(ex) != 0 { // once per step back
		t.Fatalf("after the flag: %+v", ex)
	}
	if w := metersBackwards(Meters{CoinIn: 99_999_000}, Meters{CoinIn: 500}, true); w != "" {
		t.Fatalf("an 8-digit rollover flagged: %s", w)
	}
	if w := metersBackwards(Meters{CoinIn: 99_999_000}, Meters{CoinIn: 500}, false); w == "" {
		t.Fatal("an 18-digit meter going down not flagged")
	}
}
