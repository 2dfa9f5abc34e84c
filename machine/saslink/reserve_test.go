package saslink

import (
	"testing"

	"egm/machine"
	"egm/sas"
)

// TestReservedOverSAS: a reservation of the machine for its player raises
// exception 6F (game locked) in the reservation's commit, the machine offers no
// AFT transfer while it holds (74), a host disable and enable over it leave it
// reserved, and its end raises nothing more.
func TestReservedOverSAS(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b)
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 2_000}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Drain(64, zeroTime); err != nil {
		t.Fatal(err)
	}
	drained := func() []byte {
		ex, err := p.Drain(64, zeroTime)
		if err != nil {
			t.Fatal(err)
		}
		var codes []byte
		for _, e := range ex {
			codes = append(codes, e.Code)
		}
		return codes
	}
	if err := m.Handle(machine.Input{Kind: machine.InReserve, Who: "attendant", Minutes: 30}); err != nil {
		t.Fatal(err)
	}
	if got := drained(); string(got) != string([]byte{sas.ExGameLocked}) {
		t.Fatalf("exceptions % X after the reservation, want %02X", got, sas.ExGameLocked)
	}
	if st := m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.Available != 0 {
		t.Fatalf("transfers %02X available while reserved", st.Available)
	}
	if err := b.SetEnabled(false); err != nil {
		t.Fatal(err)
	}
	if err := b.SetEnabled(true); err != nil {
		t.Fatal(err)
	}
	if st := m.Status().State; st != machine.Reserved {
		t.Fatalf("after the host's disable and enable: %s", st)
	}
	if err := m.Handle(machine.Input{Kind: machine.InAttendantKey}); err != nil {
		t.Fatal(err)
	}
	if got := drained(); len(got) != 0 {
		t.Fatalf("the end raised % X", got)
	}
}
