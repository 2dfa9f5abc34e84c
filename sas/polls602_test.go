package sas

import (
	"bytes"
	"testing"
)

// fakeHP is a machine locked up in a handpay (or not).
type fakeHP struct {
	*fakeEGM
	pending bool
	resets  int
	method  byte
}

func (f *fakeHP) PendingHandpay() (Handpay, bool) {
	if !f.pending {
		return Handpay{}, false
	}
	return Handpay{Cents: 1_234_567, ResetToCredit: false}, true
}

func (f *fakeHP) RemoteHandpayReset() byte {
	if !f.pending {
		return HandpayResetNotPending
	}
	f.pending = false
	f.resets++
	return HandpayResetDone
}

func (f *fakeHP) HandpayResetMethod(m byte) byte {
	switch {
	case !f.pending:
		return HandpayResetNotPending
	case m != 0:
		return HandpayResetUnable
	}
	f.method = m
	return HandpayResetDone
}

// TestPolls602Replies pins every reply of polls602.go byte for byte (address
// and CRC left out, as in TestLongPollReplies).
func TestPolls602Replies(t *testing.T) {
	ext := func(code uint16, v uint64) []byte {
		return AppendBCD([]byte{byte(code), byte(code >> 8), 9}, v, 9)
	}
	tests := []struct {
		name    string
		pending bool
		cmd     byte
		data    []byte
		resp    Response
		want    []byte
	}{
		{"handpay information, none", false, 0x1B, nil, Reply, cat([]byte{0x1B, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, make([]byte, 10))},
		{"handpay information", true, 0x1B, nil, Reply, cat([]byte{0x1B, 0, 0, 0x00, 0x01, 0x23, 0x45, 0x67, 0, 0, 0}, make([]byte, 10))},
		{"remote handpay reset", true, 0x94, nil, Reply, []byte{0x94, 0x00}},
		{"remote handpay reset, none pending", false, 0x94, nil, Reply, []byte{0x94, 0x02}},
		{"reset method standard", true, 0xA8, []byte{0x00}, Reply, []byte{0xA8, 0x00}},
		{"reset method to credits: unable", true, 0xA8, []byte{0x01}, Reply, []byte{0xA8, 0x01}},
		{"reset method, none pending", false, 0xA8, []byte{0x00}, Reply, []byte{0xA8, 0x02}},
		{"reset method unknown", true, 0xA8, []byte{0x07}, Reply, []byte{0xA8, 0x01}},
		{"handpaid cancelled credits", false, 0x2D, []byte{0x00, 0x00}, Reply, cat([]byte{0x2D, 0, 0}, bcd4(77))},
		{"handpaid cancelled credits, game 1", false, 0x2D, []byte{0x00, 0x01}, Reply, cat([]byte{0x2D, 0x00, 0x01}, bcd4(12))},
		{"handpaid cancelled credits, bad game", false, 0x2D, []byte{0x00, 0x07}, NACK, nil},
		{"game 1 meters", false, 0x52, []byte{0x00, 0x01}, Reply, cat([]byte{0x52, 0x00, 0x01}, bcd4(500), bcd4(40), bcd4(0), bcd4(6))},
		{"game 3 meters", false, 0x52, []byte{0x00, 0x03}, NACK, nil},
		{"extended meters", false, 0x6F, []byte{0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x0D, 0x00, 0x00, 0x01},
			Reply, cat([]byte{0x6F, 2 + 12 + 12 + 3 + 3, 0x00, 0x00}, ext(0, 123456), ext(0x0C, 9876), []byte{0x0D, 0x00, 0}, []byte{0x00, 0x01, 0})},
		{"extended meters AF, game 1", false, 0xAF, []byte{0x00, 0x01, 0x05, 0x00}, Reply, cat([]byte{0xAF, 14, 0x00, 0x01}, ext(5, 6))},
		{"extended meters, odd length", false, 0x6F, []byte{0x00, 0x00, 0x00}, NACK, nil},
		{"enabled features", false, 0xA0, []byte{0x00, 0x00}, Reply, []byte{0xA0, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00}},
		{"player denomination", false, 0xB1, nil, Reply, []byte{0xB1, 0x0C}},
		{"enabled denominations", false, 0xB2, nil, Reply, []byte{0xB2, 3, 2, 0x01, 0x02}},
		{"extended game 1", false, 0xB5, []byte{0x00, 0x01}, Reply, cat([]byte{0xB5, 28, 0x00, 0x01, 0x02, 0x00, 0x01, 0x01, 0x03, 0x00, 0x0A, 9}, []byte("Gold Spin"), []byte{6}, []byte("GS9400"), []byte{0, 0})},
		{"extended game 9", false, 0xB5, []byte{0x00, 0x09}, NACK, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.meters[MeterHandpaidCancel] = 77
			f.game1[MeterCoinOut] = 40
			f.game1[MeterJackpot] = 0
			f.game1[MeterHandpaidCancel] = 12
			m := &fakeHP{fakeEGM: f, pending: tc.pending}
			got, resp := (&Responder{M: m}).LongPoll(Poll{Addr: 1, Cmd: tc.cmd, Data: tc.data}, nil)
			if resp != tc.resp {
				t.Fatalf("response %d, want %d (% X)", resp, tc.resp, got)
			}
			if resp == Reply && !bytes.Equal(got, tc.want) {
				t.Fatalf("reply\n got % X\nwant % X", got, tc.want)
			}
		})
	}
}

// TestHandpayPollsNeedAHandpayMachine: a machine without handpays is silent.
func TestHandpayPollsNeedAHandpayMachine(t *testing.T) {
	for _, cmd := range []byte{0x1B, 0x94, 0xA8} {
		if _, resp := (&Responder{M: newFake()}).LongPoll(Poll{Addr: 1, Cmd: cmd, Data: []byte{0}}, nil); resp != NoResponse {
			t.Errorf("%02X answered by a machine without handpays", cmd)
		}
	}
}

// bigBet is a machine whose game 1 takes 4,000 credits (1 cent, 40.00 a game).
type bigBet struct{ *fakeEGM }

func (b bigBet) Games() []GameInfo {
	g := b.fakeEGM.Games()
	g[0].MaxBet = 4000
	return g
}

// TestMaxBetFields pins the max bet in B5 (2 BCD bytes: the whole 4,000) and in
// 53 (one byte: 255 at most).
func TestMaxBetFields(t *testing.T) {
	r := &Responder{M: bigBet{newFake()}}
	got, resp := r.LongPoll(Poll{Addr: 1, Cmd: 0xB5, Data: []byte{0x00, 0x01}}, nil)
	want := cat([]byte{0xB5, 28, 0x00, 0x01, 0x40, 0x00, 0x01, 0x01, 0x03, 0x00, 0x0A, 9}, []byte("Gold Spin"), []byte{6}, []byte("GS9400"), []byte{0, 0})
	if resp != Reply || !bytes.Equal(got, want) {
		t.Fatalf("B5 game 1\n got % X\nwant % X", got, want)
	}
	got, _ = r.LongPoll(Poll{Addr: 1, Cmd: 0xB5, Data: []byte{0x00, 0x00}}, nil)
	if len(got) < 6 || got[4] != 0x40 || got[5] != 0x00 {
		t.Fatalf("B5 game 0: max bet % X, want 40 00 (the largest game's)", got[4:6])
	}
	got, _ = r.LongPoll(Poll{Addr: 1, Cmd: 0x53, Data: []byte{0x00, 0x01}}, nil)
	if want := cat([]byte{0x53, 0x00, 0x01}, []byte("GL001\x01\xFF\x01\x01\x02GS94009400")); !bytes.Equal(got, want) {
		t.Fatalf("53 game 1\n got % X\nwant % X", got, want)
	}
}

// TestHandpayInformationWire: 1B on the wire is 24 bytes, address to CRC, as a
// host reading a fixed length expects.
func TestHandpayInformationWire(t *testing.T) {
	m := &fakeHP{fakeEGM: newFake(), pending: true}
	body, resp := (&Responder{M: m}).LongPoll(Poll{Addr: 1, Cmd: 0x1B}, nil)
	if resp != Reply {
		t.Fatalf("response %d", resp)
	}
	wire := AppendCRC(append([]byte{0x01}, body...))
	want := unhex(t, "01 1B 00 00 0001234567 0000 00 00000000000000000000")
	if len(wire) != 24 || !bytes.Equal(wire[:22], want) || !CheckCRC(wire) {
		t.Fatalf("1B wire (%d bytes) % X, want % X + CRC", len(wire), wire, want)
	}
	if fixedReplies[0x1B] != 24 {
		t.Fatalf("the host reads %d bytes for 1B, not 24", fixedReplies[0x1B])
	}
}
