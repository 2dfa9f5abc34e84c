package sas

import (
	"bytes"
	"reflect"
	"testing"
	"time"
)

// Every AFT parser of outside bytes: it must never panic, and what it accepts must
// encode back to bytes that parse to the same message.

func FuzzAFTTransfer(f *testing.F) {
	full := unhex(f, pinnedTransferHex)[1:]
	f.Add(full)
	f.Add(full[:len(full)-2])
	f.Add([]byte{0xFF, 0x00})
	f.Add([]byte{0x80})
	f.Add([]byte{0x01, 0x00, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseAFTTransfer(data)
		if err != nil {
			return
		}
		enc, err := AppendAFTTransfer(nil, tr)
		if err != nil {
			t.Fatalf("parsed %+v does not encode: %v", tr, err)
		}
		back, err := ParseAFTTransfer(enc[1:])
		if err != nil || !reflect.DeepEqual(back, tr) {
			t.Fatalf("round trip %+v → % X → %+v %v", tr, enc, back, err)
		}
	})
}

func FuzzAFTTransferReply(f *testing.F) {
	r := AFTTransferReply{Position: 3, Status: AFTStatusFull, Type: AFTInHouseToHost, Cashable: 99, ID: "Q",
		Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), CumCashable: 7}
	f.Add(AppendAFTTransferReply(nil, r)[1:])
	f.Add([]byte{3, 1, 0xFF, 0xFF})
	f.Add([]byte{2, 0, 0x87})
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ParseAFTTransferReply(data, time.UTC)
		if err != nil || rep.Status == AFTStatusNoInfo || len(data) < 5 {
			return
		}
		// A full reply re-encodes with 5-byte cumulative meters; it must parse the same.
		enc := AppendAFTTransferReply(nil, rep)
		back, err := ParseAFTTransferReply(enc[1:], time.UTC)
		if err != nil || !reflect.DeepEqual(back, rep) {
			t.Fatalf("round trip %+v → % X → %+v %v", rep, enc, back, err)
		}
	})
}

func FuzzAFTRegistration(f *testing.F) {
	f.Add(AppendAFTRegistration(nil, AFTRegistration{Code: AFTRegRegister, Asset: 5, Key: testKey, POSID: 9})[1:])
	f.Add([]byte{0xFF})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseAFTRegistration(data)
		if err != nil {
			return
		}
		enc := AppendAFTRegistrationReply(nil, r)
		back, err := ParseAFTRegistrationReply(enc[1:])
		if err != nil || (len(data) == 29 && back != r) {
			t.Fatalf("round trip %+v → %+v %v", r, back, err)
		}
	})
}

func FuzzAFTRegistrationReply(f *testing.F) {
	f.Add(AppendAFTRegistrationReply(nil, AFTRegistration{Code: AFTRegStatusRegistered, Asset: 5, Key: testKey})[1:])
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseAFTRegistrationReply(data)
		if err != nil {
			return
		}
		if enc := AppendAFTRegistrationReply(nil, r); !bytes.Equal(enc[1:], data) {
			t.Fatalf("re-encoded % X, read % X", enc[1:], data)
		}
	})
}

func FuzzAFTLock(f *testing.F) {
	f.Add([]byte{0x00, 0x03, 0x30, 0x00})
	f.Add([]byte{0xFF, 0x00, 0x00, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseAFTLock(data)
		if err != nil {
			return
		}
		if enc := AppendAFTLock(nil, r); !bytes.Equal(enc, data) {
			t.Fatalf("re-encoded % X, read % X", enc, data)
		}
	})
}

func FuzzAFTLockStatus(f *testing.F) {
	f.Add(AppendAFTLockStatus(nil, AFTLockStatus{Asset: 1, LockStatus: AFTNotLocked, Cashable: 5, Limit: 9})[1:])
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseAFTLockStatus(data)
		if err != nil {
			return
		}
		if enc := AppendAFTLockStatus(nil, s); !bytes.Equal(enc[1:], data) {
			t.Fatalf("re-encoded % X, read % X", enc[1:], data)
		}
	})
}
