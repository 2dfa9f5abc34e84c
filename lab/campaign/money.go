package campaign

import (
	"egm/floor/desk"
	"egm/machine/aft"
	"egm/meters"
)

// OfflineMoney reads a stopped machine's AFT transfer counters and credits from
// its critical memory in dir (read-only), for the wallet's reconciliation. A
// machine that runs holds dir: the error is then meters.ErrLocked (errors.Is).
func OfflineMoney(dir string, asset uint32) (desk.MachineMoney, error) {
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		return desk.MachineMoney{}, err
	}
	defer ro.Close()
	mm := desk.MachineMoney{Asset: asset}
	ro.View(func(v *meters.Snapshot) {
		c := v.Counters()
		mm.In, mm.Out = c[aft.CounterCashableIn], c[aft.CounterCashableOut]
		mm.Credits = v.Meters().Get(meters.CurrentCredits)
	})
	return mm, nil
}
