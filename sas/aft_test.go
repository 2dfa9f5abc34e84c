package sas

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var testKey = func() (k [AFTKeyLen]byte) {
	for i := range k {
		k[i] = byte(0xA0 + i)
	}
	return
}()

// A transfer of 100.00 EUR cashable, in-house host to machine, pinned byte for byte.
var pinnedTransfer = AFTTransfer{Code: AFTFullOnly, Type: AFTInHouseToMachine, Cashable: 10000,
	Asset: 0x01020304, Key: testKey, ID: "ABC123", PoolID: 0x0102, LockTimeout: 1500}

const pinnedTransferHex = "" +
	"3B" + // length: 53 + 6 (id) + 0 (receipt)
	"00 00 00" + // code, index, type
	"0000010000 0000000000 0000000000" + // cashable 100.00, restricted, non-restricted
	"00" + // flags
	"04030201" + // asset, LSB first
	"A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3" + // key
	"06 414243313233" + // id
	"00000000" + // expiration
	"0201" + // pool id, LSB first
	"00" + // receipt length
	"1500" // lock timeout 15.00 s

func TestAFTTransferPinned(t *testing.T) {
	got, err := AppendAFTTransfer(nil, pinnedTransfer)
	if err != nil {
		t.Fatal(err)
	}
	want := unhex(t, pinnedTransferHex)
	if !bytes.Equal(got, want) {
		t.Fatalf("request\n got % X\nwant % X", got, want)
	}
	back, err := ParseAFTTransfer(got[1:])
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, pinnedTransfer) {
		t.Fatalf("round trip %+v, want %+v", back, pinnedTransfer)
	}
	// The whole frame as the host sends it (CRC-16/KERMIT over addr..data, LSB first).
	frame := AppendCRC(append([]byte{0x01, 0x72}, got...))
	if !CheckCRC(frame) || len(frame) != 2+1+0x3B+2 {
		t.Fatalf("frame % X", frame)
	}
	// Interrogation: 72 02 FF 00.
	q, _ := AppendAFTTransfer(nil, AFTTransfer{Code: AFTInterrogate})
	if !bytes.Equal(q, []byte{0x02, 0xFF, 0x00}) {
		t.Fatalf("interrogation % X", q)
	}
}

func TestAFTTransferReplyPinned(t *testing.T) {
	r := AFTTransferReply{Position: 0x05, Status: AFTStatusFull, ReceiptStatus: 0xFF, Type: AFTInHouseToMachine,
		Cashable: 10000, Asset: 7, ID: "XY", Time: time.Date(2026, 11, 30, 9, 45, 7, 0, time.UTC),
		CumCashable: 123456}
	got := AppendAFTTransferReply(nil, r)
	want := unhex(t, "72 3A 05 00 FF 00"+
		"0000010000 0000000000 0000000000"+
		"00 07000000 02 5859"+
		"11302026 094507 00000000 0000"+
		"05 0000123456 05 0000000000 05 0000000000")
	if !bytes.Equal(got, want) {
		t.Fatalf("reply\n got % X\nwant % X", got, want)
	}
	back, err := ParseAFTTransferReply(got[1:], time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Fatalf("round trip\n got %+v\nwant %+v", back, r)
	}
	none := AppendAFTTransferReply(nil, AFTTransferReply{Position: 0x81, Status: AFTStatusNoInfo})
	if !bytes.Equal(none, []byte{0x72, 0x03, 0x81, 0xFF, 0xFF}) {
		t.Fatalf("no-info reply % X", none)
	}
	nb, err := ParseAFTTransferReply(none[1:], nil)
	if err != nil || nb.Status != AFTStatusNoInfo || nb.Position != 0x81 {
		t.Fatalf("no-info parse %+v %v", nb, err)
	}
}

func TestAFTRegistrationPinned(t *testing.T) {
	reg := AFTRegistration{Code: AFTRegRegister, Asset: 0x0A0B0C0D, Key: testKey, POSID: 0x11223344}
	got := AppendAFTRegistration(nil, reg)
	want := unhex(t, "1D 01 0D0C0B0A A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3 44332211")
	if !bytes.Equal(got, want) {
		t.Fatalf("request\n got % X\nwant % X", got, want)
	}
	back, err := ParseAFTRegistration(got[1:])
	if err != nil || back != reg {
		t.Fatalf("parse %+v %v", back, err)
	}
	if r := AppendAFTRegistration(nil, AFTRegistration{Code: AFTRegRead}); !bytes.Equal(r, []byte{1, 0xFF}) {
		t.Fatalf("read % X", r)
	}
	reply := AppendAFTRegistrationReply(nil, AFTRegistration{Code: AFTRegStatusRegistered, Asset: 0x0A0B0C0D, Key: testKey, POSID: 0x11223344})
	if !bytes.Equal(reply[2:], append([]byte{0x01}, want[2:]...)) || reply[0] != 0x73 || reply[1] != 0x1D {
		t.Fatalf("reply % X", reply)
	}
	rb, err := ParseAFTRegistrationReply(reply[1:])
	if err != nil || rb.Code != AFTRegStatusRegistered || rb.POSID != 0x11223344 {
		t.Fatalf("reply parse %+v %v", rb, err)
	}
	if _, err := ParseAFTRegistration([]byte{AFTRegRegister}); err == nil {
		t.Fatal("a register without its fields parsed")
	}
}

func TestAFTLockPinned(t *testing.T) {
	req := AFTLock{Code: AFTLockCodeLock, Condition: AFTCondToMachine | AFTCondFromMachine, Timeout: 3000}
	got := AppendAFTLock(nil, req)
	if !bytes.Equal(got, []byte{0x00, 0x03, 0x30, 0x00}) {
		t.Fatalf("request % X", got)
	}
	if back, err := ParseAFTLock(got); err != nil || back != req {
		t.Fatalf("parse %+v %v", back, err)
	}
	st := AFTLockStatus{Asset: 1, LockStatus: AFTLocked, Available: AFTCondToMachine | AFTCondFromMachine,
		HostCashout: AFTFlagHostCashoutEnable, Status: AFTStRegistered | AFTStInHouse | AFTStEnabled,
		MaxIndex: AFTHistorySize, Cashable: 250, Limit: 100_000_00}
	reply := AppendAFTLockStatus(nil, st)
	want := unhex(t, "74 23 01000000 00 03 02 98 7F 0000000250 0000000000 0000000000 0010000000 00000000 0000")
	if !bytes.Equal(reply, want) {
		t.Fatalf("reply\n got % X\nwant % X", reply, want)
	}
	if back, err := ParseAFTLockStatus(reply[1:]); err != nil || back != st {
		t.Fatalf("reply parse %+v %v", back, err)
	}
}

func TestAFTTransferParseErrors(t *testing.T) {
	full := unhex(t, pinnedTransferHex)[1:]
	badBCD := bytes.Clone(full)
	badBCD[3] = 0xAB
	badID := bytes.Clone(full)
	badID[45] = 0 // id length 0
	tests := []struct {
		name string
		data []byte
		want AFTStatus
	}{
		{"empty", nil, AFTStatusBadFunction},
		{"unsupported code", []byte{0x05, 0}, AFTStatusUnsupported},
		{"cut short", full[:30], AFTStatusBadFunction},
		{"amount not BCD", badBCD, AFTStatusBadAmount},
		{"empty id", badID, AFTStatusBadID},
		{"trailing bytes", append(bytes.Clone(full), 1, 2, 3), AFTStatusBadFunction},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseAFTTransfer(tc.data)
			var ae *AFTError
			if !errors.As(err, &ae) || ae.Status != tc.want {
				t.Fatalf("err %v, want status %v", err, tc.want)
			}
		})
	}
	// Without the lock timeout (hosts before 6.02) the request still parses.
	if tr, err := ParseAFTTransfer(full[:len(full)-2]); err != nil || tr.LockTimeout != 0 || tr.ID != "ABC123" {
		t.Fatalf("without lock timeout: %+v %v", tr, err)
	}
}

func TestAFTStatusKinds(t *testing.T) {
	for _, tc := range []struct {
		s           AFTStatus
		pending, ok bool
	}{
		{AFTStatusFull, false, true}, {AFTStatusPartial, false, true}, {AFTStatusPending, true, false},
		{AFTStatusIDNotUnique, false, false}, {AFTStatusNotCompatible, false, false}, {AFTStatusNoInfo, false, false},
	} {
		if tc.s.Pending() != tc.pending || tc.s.OK() != tc.ok {
			t.Errorf("%v: pending %v ok %v", tc.s, tc.s.Pending(), tc.s.OK())
		}
	}
}
