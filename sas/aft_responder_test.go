package sas

import (
	"bytes"
	"testing"
)

type fakeAFT struct {
	*fakeEGM
	got []any
}

func (f *fakeAFT) AFTTransfer(r AFTTransfer) AFTTransferReply {
	f.got = append(f.got, r)
	return AFTTransferReply{Position: 1, Status: AFTStatusPending, ReceiptStatus: 0xFF, Type: r.Type, Cashable: r.Cashable, ID: r.ID}
}
func (f *fakeAFT) AFTRegister(r AFTRegistration) AFTRegistration {
	f.got = append(f.got, r)
	return AFTRegistration{Code: AFTRegStatusRegistered, Asset: r.Asset, Key: r.Key, POSID: r.POSID}
}
func (f *fakeAFT) AFTLock(r AFTLock) AFTLockStatus {
	f.got = append(f.got, r)
	return AFTLockStatus{Asset: 1, LockStatus: AFTLocked, MaxIndex: AFTHistorySize}
}

func TestResponderAFT(t *testing.T) {
	transfer := unhex(t, pinnedTransferHex)
	badAmount := bytes.Clone(transfer)
	badAmount[4] = 0xFA
	tests := []struct {
		name  string
		cmd   byte
		data  []byte
		resp  Response
		reply []byte // the body after the command
	}{
		{"transfer", 0x72, transfer[1:], Reply, nil},
		{"amount not BCD: status 83", 0x72, badAmount[1:], Reply, []byte{0x02, 0x00, 0x83}},
		{"unsupported code: C1", 0x72, []byte{0x33, 0x00}, Reply, []byte{0x02, 0x00, 0xC1}},
		{"register", 0x73, AppendAFTRegistration(nil, AFTRegistration{Code: AFTRegRegister, Asset: 1, Key: testKey})[1:], Reply, nil},
		{"register of 3 bytes: NACK", 0x73, []byte{1, 2, 3}, NACK, nil},
		{"lock", 0x74, AppendAFTLock(nil, AFTLock{Code: AFTLockCodeLock, Timeout: 100}), Reply, nil},
		{"lock timeout not BCD: NACK", 0x74, []byte{0, 0, 0xFF, 0}, NACK, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeAFT{fakeEGM: newFake()}
			r := &Responder{M: f}
			out, resp := r.LongPoll(Poll{Addr: 1, Cmd: tc.cmd, Data: tc.data}, nil)
			if resp != tc.resp {
				t.Fatalf("response %v, want %v", resp, tc.resp)
			}
			if tc.reply != nil && !bytes.Equal(out[1:], tc.reply) {
				t.Fatalf("reply % X, want % X", out[1:], tc.reply)
			}
			if tc.resp == Reply && tc.reply == nil && (len(f.got) != 1 || out[0] != tc.cmd) {
				t.Fatalf("machine saw %v; reply % X", f.got, out)
			}
			// A broadcast is never answered and never reaches the machine.
			f.got = nil
			if _, resp := r.LongPoll(Poll{Addr: 0, Cmd: tc.cmd, Data: tc.data}, nil); resp != NoResponse || len(f.got) != 0 {
				t.Fatalf("broadcast: %v, machine saw %v", resp, f.got)
			}
		})
	}
	// A machine without AFT leaves the polls unanswered, as before.
	if _, resp := (&Responder{M: newFake()}).LongPoll(Poll{Addr: 1, Cmd: 0x74, Data: []byte{0xFF, 0, 0, 0}}, nil); resp != NoResponse {
		t.Fatalf("machine without AFT answered 74: %v", resp)
	}
}
