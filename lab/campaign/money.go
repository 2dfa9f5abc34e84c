package campaign

import (
	"egm/floor"
	"egm/machine/aft"
	"egm/meters"
)

// OfflineMoney reads a stopped machine's AFT transfer counters and credits from
// its critical memory in dir (read-only), for the wallet's reconciliation. A
// machine that runs holds dir: the error is then meters.ErrLocked (errors.Is).
func OfflineMoney(dir string, asset uint32) (floor.MachineMoney, error) {
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		return floor.MachineMoney{}, err
	}
	defer ro.Close()
	mm := floor.MachineMoney{Asset: asset}
	ro.View(func(v *meters.Snapshot) {
		c := v.Counters()
		mm.In, mm.Out = c[aft.CounterCashableIn], c[aft.CounterCashableOut]
		mm.Credits = v.Meters().Get(meters.CurrentCredits)
	})
	return mm, nil
}
