package sas

import (
	"bytes"
	"errors"
	"testing"
)

// fakeJM is a machine with linked jackpots and bonuses.
type fakeJM struct {
	*fakeEGM
	hits    []ProgressiveHit
	award   [3]uint64 // group, level, cents of the last award taken
	bonus   []uint64
	refuse  bool
	meters3 [3]uint64
}

func (f *fakeJM) ProgressiveHits() (byte, []ProgressiveHit) { return 1, f.hits }
func (f *fakeJM) ProgressiveAward(g, l byte, c uint64) (bool, error) {
	if len(f.hits) == 0 {
		return false, nil
	}
	if l != f.hits[0].Level {
		return true, errors.New("wrong level")
	}
	f.award = [3]uint64{uint64(g), uint64(l), c}
	return true, nil
}
func (f *fakeJM) LastProgressiveWin() (byte, byte, uint64, bool) { return 1, 2, 41_234, true }
func (f *fakeJM) LegacyBonus(c uint64, tax byte) error {
	if f.refuse {
		return errors.New("busy")
	}
	f.bonus = append(f.bonus, c, uint64(tax))
	return nil
}
func (f *fakeJM) BonusMeters(game int) (uint64, uint64, uint64, bool) {
	return f.meters3[0], f.meters3[1], f.meters3[2], game == 0
}

func bcd5(v uint64) []byte { return AppendBCD(nil, v, 5) }

// TestJackpotPollReplies pins the linked jackpot and bonus polls byte for byte.
func TestJackpotPollReplies(t *testing.T) {
	waiting := []ProgressiveHit{{Level: 2, Cents: 0}}
	twoHits := []ProgressiveHit{{Level: 1, Cents: 612_345}, {Level: 2, Cents: 0}}
	tests := []struct {
		name   string
		hits   []ProgressiveHit
		refuse bool
		addr   byte
		cmd    byte
		data   []byte
		resp   Response
		want   []byte
	}{
		{"84 last win", nil, false, 1, 0x84, nil, Reply, cat([]byte{0x84, 1, 2}, bcd5(41_234))},
		{"85 nothing waits", nil, false, 1, 0x85, nil, Reply, cat([]byte{0x85, 0, 0}, bcd5(0))},
		{"85 the waiting hit", twoHits, false, 1, 0x85, nil, Reply, cat([]byte{0x85, 1, 2}, bcd5(0))},
		{"87 empty queue", nil, false, 1, 0x87, nil, Reply, []byte{0x87, 2, 1, 0}},
		{"87 two hits", twoHits, false, 1, 0x87, nil, Reply, cat([]byte{0x87, 14, 1, 2, 1}, bcd5(612_345), []byte{2}, bcd5(0))},
		{"80 award taken", waiting, false, 1, 0x80, cat([]byte{1, 2}, bcd5(40_020)), ACK, nil},
		{"80 award for another level", waiting, false, 1, 0x80, cat([]byte{1, 1}, bcd5(40_020)), NACK, nil},
		{"80 award, bad BCD", waiting, false, 1, 0x80, []byte{1, 2, 0, 0, 0, 0, 0xAA}, NACK, nil},
		{"80 broadcast while a hit waits: a level, not an award", waiting, false, 0, 0x80, cat([]byte{1, 2}, bcd5(40_020)), ACK, nil},
		{"8A bonus", nil, false, 1, 0x8A, cat(bcd4(950_000), []byte{0}), ACK, nil},
		{"8A bonus refused", nil, true, 1, 0x8A, cat(bcd4(950_000), []byte{0}), NACK, nil},
		{"8A zero", nil, false, 1, 0x8A, cat(bcd4(0), []byte{0}), NACK, nil},
		{"8A bad tax status", nil, false, 1, 0x8A, cat(bcd4(100), []byte{3}), NACK, nil},
		{"9A meters", nil, false, 1, 0x9A, []byte{0, 0}, Reply, cat([]byte{0x9A, 0, 0}, bcd4(950_000), bcd4(1), bcd4(2))},
		{"9A game 3", nil, false, 1, 0x9A, []byte{0, 3}, NACK, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeJM{fakeEGM: newFake(), hits: tc.hits, refuse: tc.refuse, meters3: [3]uint64{950_000, 1, 2}}
			got, resp := (&Responder{M: f}).LongPoll(Poll{Addr: tc.addr, Cmd: tc.cmd, Data: tc.data}, nil)
			if resp != tc.resp {
				t.Fatalf("response %d, want %d", resp, tc.resp)
			}
			if resp == Reply && !bytes.Equal(got, tc.want) {
				t.Fatalf("reply\n got % X\nwant % X", got, tc.want)
			}
			switch tc.name {
			case "80 award taken":
				if f.award != [3]uint64{1, 2, 40_020} || len(f.progress) != 0 {
					t.Fatalf("award %v, broadcasts %v", f.award, f.progress)
				}
			case "80 broadcast while a hit waits: a level, not an award":
				if f.award != [3]uint64{} || len(f.progress) != 1 {
					t.Fatalf("award %v, broadcasts %v", f.award, f.progress)
				}
			case "8A bonus":
				if len(f.bonus) != 2 || f.bonus[0] != 950_000 {
					t.Fatalf("bonus %v", f.bonus)
				}
			}
		})
	}
	// A machine without linked jackpots does not answer them.
	if _, resp := (&Responder{M: newFake()}).LongPoll(Poll{Addr: 1, Cmd: 0x87}, nil); resp != NoResponse {
		t.Fatalf("87 to a plain machine: %d", resp)
	}
}

// FuzzJackpotPolls: any data for the linked jackpot and bonus polls never panics.
func FuzzJackpotPolls(f *testing.F) {
	f.Add(byte(0x80), []byte{1, 2, 0, 0, 4, 0, 0x20})
	f.Add(byte(0x8A), []byte{0, 0x95, 0, 0, 0})
	f.Add(byte(0x9A), []byte{0, 0})
	f.Fuzz(func(t *testing.T, cmd byte, data []byte) {
		sh, ok := pollShapes[cmd]
		if !ok {
			return
		}
		switch sh.kind {
		case 'R':
			data = nil
		case 'S':
			if len(data) != sh.n {
				return
			}
		}
		fk := &fakeJM{fakeEGM: newFake(), hits: []ProgressiveHit{{Level: 1}}}
		(&Responder{M: fk}).LongPoll(Poll{Addr: 1, Cmd: cmd, Data: data}, nil)
	})
}
