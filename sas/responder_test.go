package sas

import (
	"bytes"
	"testing"
	"time"
)

type fakeEGM struct {
	meters   map[MeterCode]uint64
	game1    map[MeterCode]uint64
	enabled  bool
	now      time.Time
	set      time.Time
	progress [][3]uint64
}

func (f *fakeEGM) Exception() byte { return 0 }
func (f *fakeEGM) AckException()   {}
func (f *fakeEGM) Meter(game int, c MeterCode) (uint64, bool) {
	m := f.meters
	if game == 1 {
		m = f.game1
	}
	v, ok := m[c]
	return v, ok
}
func (f *fakeEGM) SetEnabled(e bool) error { f.enabled = e; return nil }
func (f *fakeEGM) Games() []GameInfo {
	return []GameInfo{
		{Number: 1, GameID: "GL", AdditionalID: "001", DenomCents: 1, MaxBet: 200, Group: 1, Options: 0x0102, PaytableID: "GS9400", BasePercent: "9400", Enabled: true,
			Name: "Gold Spin", Denoms: []int64{1, 5}, Levels: 0x0A000301},
		{Number: 2, GameID: "CC", AdditionalID: "002", DenomCents: 200, MaxBet: 20, PaytableID: "HT9400", BasePercent: "9400", Enabled: false},
	}
}
func (f *fakeEGM) SelectedGame() int               { return 2 }
func (f *fakeEGM) Now() time.Time                  { return f.now }
func (f *fakeEGM) SetTime(t time.Time) error       { f.set = t; return nil }
func (f *fakeEGM) ROMSignature(seed uint16) uint16 { return seed ^ 0xBEEF }
func (f *fakeEGM) Progressive(g, l byte, v uint64) {
	f.progress = append(f.progress, [3]uint64{uint64(g), uint64(l), v})
}
func (f *fakeEGM) SerialNumber() string { return "EGM-0001" }

func newFake() *fakeEGM {
	return &fakeEGM{
		meters: map[MeterCode]uint64{MeterCoinIn: 123456, MeterCoinOut: 2, MeterJackpot: 3, MeterCancelledCredits: 4,
			MeterGamesPlayed: 55, MeterGamesWon: 20, MeterGamesLost: 35, MeterCurrentCredits: 9876, MeterDrop: 0,
			MeterDoorOpens: 7, MeterPowerResets: 8, MeterGamesSincePU: 12, MeterGamesSinceDC: 3},
		game1: map[MeterCode]uint64{MeterCoinIn: 500, MeterGamesPlayed: 6},
		now:   time.Date(2026, 11, 30, 8, 15, 42, 0, time.Local),
	}
}

func bcd4(v uint64) []byte { return AppendBCD(nil, v, 4) }

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TestLongPollReplies pins every implemented long poll's exact reply bytes (address
// through the last data byte; the CRC is checked separately).
func TestLongPollReplies(t *testing.T) {
	gl := []byte("GL001\x01\xC8\x01\x01\x02GS94009400")
	tests := []struct {
		name string
		cmd  byte
		data []byte
		resp Response
		want []byte
	}{
		{"disable", 0x01, nil, ACK, nil},
		{"enable", 0x02, nil, ACK, nil},
		{"meters 10–15", 0x0F, nil, Reply, cat([]byte{0x0F}, bcd4(4), bcd4(123456), bcd4(2), bcd4(0), bcd4(3), bcd4(55))},
		{"cancelled credits", 0x10, nil, Reply, cat([]byte{0x10}, bcd4(4))},
		{"coin in", 0x11, nil, Reply, cat([]byte{0x11}, bcd4(123456))},
		{"games lost", 0x17, nil, Reply, cat([]byte{0x17}, bcd4(35))},
		{"games since", 0x18, nil, Reply, []byte{0x18, 0x00, 0x12, 0x00, 0x03}},
		{"current credits", 0x1A, nil, Reply, cat([]byte{0x1A}, bcd4(9876))},
		{"meter set", 0x1C, nil, Reply, cat([]byte{0x1C}, bcd4(123456), bcd4(2), bcd4(0), bcd4(3), bcd4(55), bcd4(20), bcd4(7), bcd4(8))},
		{"machine info", 0x1F, nil, Reply, cat([]byte{0x1F}, gl)},
		{"ROM signature", 0x21, []byte{0x34, 0x12}, Reply, []byte{0x21, 0x34 ^ 0xEF, 0x12 ^ 0xBE}},
		{"selected meters game 0", 0x2F, []byte{0x00, 0x00, 0x00, 0x0C, 0x99}, Reply, cat([]byte{0x2F, 12, 0x00, 0x00, 0x00}, bcd4(123456), []byte{0x0C}, bcd4(9876))},
		{"selected meters game 1", 0x2F, []byte{0x00, 0x01, 0x05}, Reply, cat([]byte{0x2F, 7, 0x00, 0x01, 0x05}, bcd4(6))},
		{"selected meters bad game", 0x2F, []byte{0x00, 0x09, 0x05}, NACK, nil},
		{"number of games", 0x51, nil, Reply, []byte{0x51, 0x00, 0x02}},
		{"game 1 configuration", 0x53, []byte{0x00, 0x01}, Reply, cat([]byte{0x53, 0x00, 0x01}, gl)},
		{"game 3 configuration", 0x53, []byte{0x00, 0x03}, NACK, nil},
		{"version and serial", 0x54, nil, Reply, cat([]byte{0x54, 11}, []byte("602EGM-0001"))},
		{"selected game", 0x55, nil, Reply, []byte{0x55, 0x00, 0x02}},
		{"enabled games", 0x56, nil, Reply, []byte{0x56, 3, 1, 0x00, 0x01}},
		{"date and time", 0x7E, nil, Reply, []byte{0x7E, 0x11, 0x30, 0x20, 0x26, 0x08, 0x15, 0x42}},
		{"set date and time", 0x7F, []byte{0x12, 0x31, 0x20, 0x26, 0x23, 0x59, 0x58}, ACK, nil},
		{"set a date that is not", 0x7F, []byte{0x02, 0x30, 0x20, 0x26, 0x10, 0x00, 0x00}, NACK, nil},
		{"progressive level", 0x80, []byte{0x01, 0x02, 0x00, 0x01, 0x23, 0x45, 0x67}, ACK, nil},
		{"progressive levels", 0x86, []byte{0x01, 0x01, 0x00, 0x00, 0x50, 0x00, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00, 0x00}, ACK, nil},
		{"progressive levels, bad BCD", 0x86, []byte{0x01, 0x01, 0x00, 0x00, 0x5A, 0x00, 0x00}, NACK, nil},
		{"unknown", 0x99, nil, NoResponse, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			r := &Responder{M: f}
			got, resp := r.LongPoll(Poll{Addr: 1, Cmd: tc.cmd, Data: tc.data}, nil)
			if resp != tc.resp {
				t.Fatalf("response %d, want %d", resp, tc.resp)
			}
			if resp == Reply && !bytes.Equal(got, tc.want) {
				t.Fatalf("reply\n got % X\nwant % X", got, tc.want)
			}
		})
	}
}

func TestLongPollEffects(t *testing.T) {
	f := newFake()
	r := &Responder{M: f}
	r.LongPoll(Poll{Cmd: 0x02}, nil)
	if !f.enabled {
		t.Fatal("enable did not enable")
	}
	r.LongPoll(Poll{Cmd: 0x01}, nil)
	if f.enabled {
		t.Fatal("disable did not disable")
	}
	r.LongPoll(Poll{Cmd: 0x7F, Data: []byte{0x12, 0x31, 0x20, 0x26, 0x23, 0x59, 0x58}}, nil)
	if want := time.Date(2026, 12, 31, 23, 59, 58, 0, time.Local); !f.set.Equal(want) {
		t.Fatalf("time set to %v, want %v", f.set, want)
	}
	r.LongPoll(Poll{Cmd: 0x86, Data: []byte{0x01, 0x01, 0x00, 0x00, 0x50, 0x00, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00, 0x00}}, nil)
	if len(f.progress) != 2 || f.progress[0] != [3]uint64{1, 1, 500000} || f.progress[1] != [3]uint64{1, 2, 40000} {
		t.Fatalf("progressives stored %v", f.progress)
	}
}

// FuzzResponder: any data for any known command never panics (the frame reader
// guarantees S polls their length; M polls carry anything).
func FuzzResponder(f *testing.F) {
	f.Add(byte(0x2F), []byte{0x00, 0x01, 0x05})
	f.Add(byte(0x86), []byte{0x01, 0x01, 0, 0, 0x50, 0, 0})
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
		(&Responder{M: newFake()}).LongPoll(Poll{Addr: 1, Cmd: cmd, Data: data}, nil)
	})
}
