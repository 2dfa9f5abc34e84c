package sas

import (
	"bytes"
	"testing"
)

// currencyEGM is the fake machine naming its currency.
type currencyEGM struct {
	*fakeEGM
	code  string
	games bool
}

func (c currencyEGM) Currency() string { return c.code }
func (c currencyEGM) Games() []GameInfo {
	if !c.games {
		return nil
	}
	return c.fakeEGM.Games()
}

// 1F carries the machine's currency in the additional ID (53 keeps the game's),
// and the host reads it back; a machine without a currency keeps the first
// game's additional ID; one with neither games nor currency does not answer.
func TestMachineInfoCurrency(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       Machine
		resp    Response
		id      string
		gameID  string
		payable string
	}{
		{"KZT", currencyEGM{newFake(), "KZT", true}, Reply, "KZT", "GL", "GS9400"},
		{"EUR, no games", currencyEGM{newFake(), "EUR", false}, Reply, "EUR", "", ""},
		{"no currency", newFake(), Reply, "001", "GL", "GS9400"},
		{"neither", currencyEGM{newFake(), "", false}, NoResponse, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, resp := (&Responder{M: tc.m}).LongPoll(Poll{Addr: 1, Cmd: 0x1F}, nil)
			if resp != tc.resp {
				t.Fatalf("response %d, want %d", resp, tc.resp)
			}
			if resp != Reply {
				return
			}
			info, err := ParseMachineInfo(got[1:])
			if err != nil {
				t.Fatal(err)
			}
			if info.AdditionalID != tc.id || info.GameID != tc.gameID || info.PaytableID != tc.payable {
				t.Fatalf("%+v", info)
			}
			if tc.id == "KZT" && (info.MaxBet != 200 || info.Options != 0x0102 || info.BasePercent != "9400") {
				t.Fatalf("%+v", info)
			}
		})
	}
	g53, _ := (&Responder{M: currencyEGM{newFake(), "KZT", true}}).LongPoll(Poll{Addr: 1, Cmd: 0x53, Data: []byte{0x00, 0x01}}, nil)
	if !bytes.Contains(g53, []byte("GL001")) {
		t.Fatalf("53 lost the game's additional ID: % X", g53)
	}
	if _, err := ParseMachineInfo([]byte("GL001")); err == nil {
		t.Fatal("a short 1F reply parsed")
	}
}
