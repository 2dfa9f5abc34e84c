package saslink

import (
	"context"
	"slices"
	"testing"
	"time"

	"egm/floor"
	"egm/machine"
	"egm/machine/aft"
	"egm/machine/settings"
	"egm/rng"
	"egm/sas"
)

// BenchmarkAFTCashIn is a cash-in as the host sees it over a simulated floor link
// (loopback TCP, a pseudo-terminal): floor.AFT.Transfer with a live code — the
// interrogation first, the 72 request, the acknowledgement — against the real
// machine committing durably. It reports the median latency.
func BenchmarkAFTCashIn(b *testing.B) {
	for _, tr := range []struct {
		name  string
		serve func(testing.TB, *Bridge) *floor.Poller
	}{{"tcp", serveTCP}, {"pty", servePTY}} {
		b.Run(tr.name, func(b *testing.B) {
			m, err := machine.Open(b.TempDir(), settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(5)}})
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			br, err := New(m, "B", func() ([]byte, error) { return nil, nil })
			if err != nil {
				b.Fatal(err)
			}
			p := tr.serve(b, br)
			a := &floor.AFT{P: p, Asset: 1, Key: e2eKey, POSID: 1}
			ctx := context.Background()
			if _, err := a.Register(ctx); err != nil {
				b.Fatal(err)
			}
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				c, err := m.IssueCode(aft.CodeCashIn)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				t0 := time.Now()
				rep, err := a.Transfer(ctx, floor.AFTRequest{Type: sas.AFTInHouseToMachine, Cents: 100, ID: c.ID})
				lat = append(lat, time.Since(t0))
				if err != nil || !rep.Status.OK() {
					b.Fatalf("%+v %v", rep, err)
				}
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-median")
		})
	}
}
