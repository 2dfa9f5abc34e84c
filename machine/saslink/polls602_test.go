package saslink

import (
	"bytes"
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/sas"
)

// TestExtendedGameInfoMaxBet pins B5 for gems-secrets at 1 cent byte for byte:
// its max bet is the 4,000 credits it takes (40.00), whole in the 2-byte BCD
// field; 53 carries the one-byte field's 255.
func TestExtendedGameInfoMaxBet(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.DenominationsCents = []int64{1, 5}
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-B5", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	n := b.gameNumber("gems-secrets")
	if n == 0 {
		t.Fatal("no gems-secrets")
	}
	g := b.Games()[n-1]
	if g.DenomCents != 1 || g.MaxBet != 4000 {
		t.Fatalf("gems-secrets: denomination %d, max bet %d credits; want 1 and 4000", g.DenomCents, g.MaxBet)
	}
	num := sas.AppendBCD(nil, uint64(n), 2)
	r := &sas.Responder{M: b}
	got, resp := r.LongPoll(sas.Poll{Addr: 1, Cmd: 0xB5, Data: num}, nil)
	want := append([]byte{0xB5, 0}, num...)
	want = append(want, 0x40, 0x00, 0x01, 0x03, 0x00, 0x00, 0x00)
	want = append(append(want, byte(len(g.Name))), g.Name...)
	want = append(append(want, 6), "GS9400"...)
	want = append(want, 0x00, 0x00)
	want[1] = byte(len(want) - 2)
	if resp != sas.Reply || !bytes.Equal(got, want) {
		t.Fatalf("B5 game %d\n got % X\nwant % X", n, got, want)
	}
	got, _ = r.LongPoll(sas.Poll{Addr: 1, Cmd: 0x53, Data: num}, nil)
	if len(got) < 10 || got[9] != 0xFF {
		t.Fatalf("53 game %d: % X, want max bet FF", n, got)
	}
}

// TestHandpaidCancelledCreditsByGame pins 2D for game N: cancelled credits are
// never a game's, so each game answers 0 and the machine its meter.
func TestHandpaidCancelledCreditsByGame(t *testing.T) {
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-2D", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	r := &sas.Responder{M: b}
	for _, n := range []uint64{0, 1, 7, uint64(len(b.Games()))} {
		num := sas.AppendBCD(nil, n, 2)
		got, resp := r.LongPoll(sas.Poll{Addr: 1, Cmd: 0x2D, Data: num}, nil)
		want := append(append([]byte{0x2D}, num...), 0, 0, 0, 0)
		if resp != sas.Reply || !bytes.Equal(got, want) {
			t.Fatalf("2D game %d: %d % X, want % X", n, resp, got, want)
		}
	}
	num := sas.AppendBCD(nil, uint64(len(b.Games())+1), 2)
	if _, resp := r.LongPoll(sas.Poll{Addr: 1, Cmd: 0x2D, Data: num}, nil); resp != sas.NACK {
		t.Fatalf("2D for a game the machine has not: %d, want NACK", resp)
	}
}
