package machine

import (
	"testing"

	"egm/machine/aft"
	"egm/machine/settings"
	"egm/rng"
	"egm/sas"
)

// BenchmarkAFTTransfer is one cash-in by AFT on a real state directory, every
// commit fdatasynced: the one-time code issued, the 72 transfer (journal commit,
// then the money commit) and the host's FF acknowledgement — four commits. It
// reports durable transfers per second and fsyncs per transfer.
func BenchmarkAFTTransfer(b *testing.B) {
	m, err := Open(b.TempDir(), settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: 1, Key: aftTestKey, POSID: 1})
	st0 := m.st.Stats()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c, err := m.IssueCode(aft.CodeCashIn)
		if err != nil {
			b.Fatal(err)
		}
		rep := m.AFTTransfer(sas.AFTTransfer{Type: sas.AFTInHouseToMachine, Cashable: 100, Asset: 1, Key: aftTestKey, ID: c.ID})
		if rep.Status != sas.AFTStatusFull {
			b.Fatal(rep.Status)
		}
		m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogate})
	}
	b.StopTimer()
	st := m.st.Stats()
	n := float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "transfers/s")
	b.ReportMetric(float64(st.Syncs-st0.Syncs)/n, "fsyncs/transfer")
	b.ReportMetric(float64(st.CommitBytes-st0.CommitBytes+st.CompactBytes-st0.CompactBytes)/n, "bytes/transfer")
}
