package floor

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"egm/sas"
)

// jackpotsHook records the linked jackpots' part of each cycle.
type jackpotsHook struct {
	coinIn []uint64
	err    error
}

func (j *jackpotsHook) Cycle(p *Poller, mt Meters) error {
	j.coinIn = append(j.coinIn, mt.CoinIn)
	return j.err
}

// walletHook records the wallet's part of each cycle.
type walletHook struct {
	noted  [][]byte // the exception codes of each Note
	cycled int
}

func (w *walletHook) Note(m *Machine, ex []Exception) {
	var codes []byte
	for _, e := range ex {
		codes = append(codes, e.Code)
	}
	w.noted = append(w.noted, codes)
}
func (w *walletHook) Cycle(ctx context.Context, m *Machine) { w.cycled++ }

// TestCycleHooks: a machine's cycle gives the linked jackpots the meters it read
// and the wallet the exceptions it read, then the wallet its turn after the
// record; a failure of the jackpots fails the cycle before the record, and the
// wallet still has the exceptions read (a cash-out request survives the failure)
// but not its turn.
func TestCycleHooks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		jpErr    error
		recorded bool
		cycled   int
	}{
		{"good", nil, true, 1},
		{"jackpots fail", errors.New("link lost"), false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 4200, sas.MeterGamesPlayed: 3}}
			m.Queue.Push(sas.ExAFTHostCashOut)
			ms, err := ParseMachines([]string{serveTCP(t, m, 1)}, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer ms[0].Close()
			st, err := OpenStore(filepath.Join(t.TempDir(), "floor.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			jp, wh := &jackpotsHook{err: tc.jpErr}, &walletHook{}
			ms[0].wallet = wh
			_, _, err = ms[0].Cycle(context.Background(), st, jp)
			if !errors.Is(err, tc.jpErr) {
				t.Fatalf("cycle: %v, want %v", err, tc.jpErr)
			}
			if len(jp.coinIn) != 1 || jp.coinIn[0] != 4200 {
				t.Errorf("jackpots saw coin-in %v, want [4200]", jp.coinIn)
			}
			if len(wh.noted) != 1 || len(wh.noted[0]) != 1 || wh.noted[0][0] != sas.ExAFTHostCashOut {
				t.Errorf("wallet noted %v, want the cash-out request", wh.noted)
			}
			if wh.cycled != tc.cycled {
				t.Errorf("wallet cycled %d times, want %d", wh.cycled, tc.cycled)
			}
			if _, ok, _ := st.LatestMeters(1); ok != tc.recorded {
				t.Errorf("recorded %v, want %v", ok, tc.recorded)
			}
		})
	}
}
