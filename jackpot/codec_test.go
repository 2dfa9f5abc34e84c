package jackpot

import (
	"bytes"
	"testing"
	"time"

	"egm/rng"
)

func sampleState() *state {
	s := newState(smallLevels(), rng.NewSeeded(3))
	src := rng.NewSeeded(4)
	for i := range 500 {
		s.contribute(int64(50+i%40*100), src)
		if i%97 == 0 {
			s.hit(i%2, src)
		}
	}
	return s
}

func TestStateRoundTrip(t *testing.T) {
	for _, s := range []*state{newState(DefaultLevels(), rng.NewSeeded(1)), sampleState()} {
		b := encodeState(s)
		got, err := decodeState(b)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encodeState(got), b) {
			t.Fatal("state changed in a round trip")
		}
	}
}

func TestRecordsRoundTrip(t *testing.T) {
	a := Award{Seq: 9, Machine: "egm-17", Game: 1 << 40, Level: MysteryName, Cents: 1_034_567, Time: time.Unix(1_800_000_000, 12).UTC()}
	got, err := decodeAward(encodeAward(a))
	if err != nil || got != a {
		t.Fatalf("award %+v %v", got, err)
	}
	g := gameRecord{Bet: 4000, Awards: []Award{a, a}}
	gg, err := decodeGame(encodeGame(g))
	if err != nil || gg.Bet != g.Bet || len(gg.Awards) != 2 || gg.Awards[1] != a {
		t.Fatalf("game %+v %v", gg, err)
	}
}

// FuzzDecodeState holds that any stored bytes either decode to a state that keeps
// the accounting identity and re-encodes to the same bytes, or are refused.
func FuzzDecodeState(f *testing.F) {
	f.Add(encodeState(newState(DefaultLevels(), rng.NewSeeded(1))))
	f.Add(encodeState(sampleState()))
	f.Add([]byte("EJS1"))
	st := encodeState(sampleState())
	f.Add(st[:len(st)-4]) // a body to be resealed
	f.Fuzz(func(t *testing.T, b []byte) {
		// The bytes as given, and the same bytes with a valid checksum appended (so
		// the fuzzer also reaches the parser behind the CRC).
		resealed := (&enc{b: append([]byte(nil), b...)}).seal()
		for _, in := range [][]byte{b, resealed} {
			s, err := decodeState(in)
			if err != nil {
				continue
			}
			if err := s.check(); err != nil {
				t.Fatalf("decoded a state that breaks the identity: %v", err)
			}
			if !bytes.Equal(encodeState(s), in) {
				t.Fatal("decoded bytes do not re-encode to themselves")
			}
		}
	})
}

// FuzzDecodeRecords does the same for the award, idempotency and machine records.
func FuzzDecodeRecords(f *testing.F) {
	a := Award{Seq: 1, Machine: "m1", Game: 2, Level: Grand, Cents: 500_000, Time: time.Unix(1, 0).UTC()}
	f.Add(encodeAward(a))
	f.Add(encodeGame(gameRecord{Bet: 100, Awards: []Award{a}}))
	f.Add(encodeMachine(MachineAccount{LastGame: 9, Games: 8, CoinInCents: 4000, Awards: 1, AwardedCents: 40_000}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if a, err := decodeAward(b); err == nil && !bytes.Equal(encodeAward(a), b) {
			t.Fatal("award does not re-encode to itself")
		}
		if g, err := decodeGame(b); err == nil && !bytes.Equal(encodeGame(g), b) {
			t.Fatal("game record does not re-encode to itself")
		}
		if m, err := decodeMachine("m", b); err == nil && !bytes.Equal(encodeMachine(m), b) {
			t.Fatal("machine record does not re-encode to itself")
		}
	})
}
