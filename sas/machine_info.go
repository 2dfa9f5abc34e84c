package sas

import (
	"fmt"
	"strings"
)

// Long poll 1F, "send gaming machine ID and information": the machine as a whole,
// in the game-configuration layout 53 also uses. SAS carries no currency (every
// amount is credits × denomination, in the accounting unit); this machine puts
// the ISO 4217 code of the currency its meters count in (EUR, KZT) in 1F's
// three-character additional ID, so that a floor in another currency can refuse
// to link it. 53 keeps each game's own additional ID.

// CurrencyReporter is a Machine that names its currency: 1F carries the code in
// the additional ID (a Machine without it: the first game's additional ID).
type CurrencyReporter interface {
	// Currency is the ISO 4217 code of the currency the machine's meters count
	// in: three ASCII letters.
	Currency() string
}

// MachineInfo is a 1F reply as the host reads it.
type MachineInfo struct {
	GameID       string // 2 ASCII characters
	AdditionalID string // 3 ASCII characters: this machine's currency code
	DenomCode    byte   // SAS denomination code (DenomCode)
	MaxBet       byte
	Group        byte
	Options      uint16
	PaytableID   string // 6 ASCII characters
	BasePercent  string // 4 ASCII digits
}

// machineInfoLen is the data of a 1F reply: 2+3+1+1+1+2+6+4 bytes.
const machineInfoLen = 20

// machineInfo is 1F's reply: the first game's configuration with the machine's
// currency as the additional ID; ok is false when there is nothing to say (no
// game and no currency: 1F is not answered).
func machineInfo(m Machine) (g GameInfo, ok bool) {
	games := m.Games()
	if len(games) > 0 {
		g, ok = games[0], true
	}
	if c, is := m.(CurrencyReporter); is {
		if code := c.Currency(); code != "" {
			g.AdditionalID, ok = code, true
		}
	}
	return g, ok
}

// appendMachineInfo writes a 1F reply's data (the layout of 53's after its game
// number; appendGameConfig):
//
//	offset  size  field
//	     0     2  game ID            ASCII ("GL", "CC")
//	     2     3  additional ID      ASCII: the machine's ISO 4217 currency (EUR, KZT)
//	     5     1  denomination       SAS denomination code of the first game's
//	     6     1  max bet            credits, at most 255
//	     7     1  progressive group
//	     8     2  game options       bits, high byte first
//	    10     6  paytable ID        ASCII
//	    16     4  base %             ASCII digits ("9400": 94.00%)
//
//	host:  addr 1F CRC-less (type R)
//	reply: addr 1F data(20) CRC
func appendMachineInfo(out []byte, g GameInfo) []byte { return appendGameConfig(out, g) }

// ParseMachineInfo reads a 1F reply's data (after the address and command,
// without the CRC).
func ParseMachineInfo(data []byte) (MachineInfo, error) {
	if len(data) != machineInfoLen {
		return MachineInfo{}, fmt.Errorf("sas: 1F reply of %d data bytes, want %d (% X)", len(data), machineInfoLen, data)
	}
	text := func(b []byte) string { return strings.TrimRight(string(b), " ") }
	return MachineInfo{GameID: text(data[0:2]), AdditionalID: text(data[2:5]), DenomCode: data[5], MaxBet: data[6], Group: data[7],
		Options: uint16(data[8])<<8 | uint16(data[9]), PaytableID: text(data[10:16]), BasePercent: text(data[16:20])}, nil
}
