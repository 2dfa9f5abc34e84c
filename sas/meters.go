package sas

// MeterCode is a SAS meter code (long polls 2F and 6F, the game meters). The machine
// maps its own meters to these; the map is in doc.go.
type MeterCode byte

// The meter codes this machine reports.
const (
	MeterCoinIn           MeterCode = 0x00
	MeterCoinOut          MeterCode = 0x01
	MeterJackpot          MeterCode = 0x02
	MeterHandpaidCancel   MeterCode = 0x03
	MeterCancelledCredits MeterCode = 0x04
	MeterGamesPlayed      MeterCode = 0x05
	MeterGamesWon         MeterCode = 0x06
	MeterGamesLost        MeterCode = 0x07
	MeterCurrentCredits   MeterCode = 0x0C
	// The machine's own codes for meters with no fixed SAS code in the public
	// record; they are answered by the single-meter polls below, not by 2F.
	MeterDrop         MeterCode = 0xF0
	MeterDoorOpens    MeterCode = 0xF1
	MeterPowerResets  MeterCode = 0xF2
	MeterGamesSincePU MeterCode = 0xF3
	MeterGamesSinceDC MeterCode = 0xF4
)

// singleMeters are the type-R long polls that answer one 4-byte BCD meter.
var singleMeters = map[byte]MeterCode{
	0x10: MeterCancelledCredits,
	0x11: MeterCoinIn,
	0x12: MeterCoinOut,
	0x13: MeterDrop,
	0x14: MeterJackpot,
	0x15: MeterGamesPlayed,
	0x16: MeterGamesWon,
	0x17: MeterGamesLost,
	0x1A: MeterCurrentCredits,
}

// Denomination codes of SAS's table for the machine's denominations (lore: the
// public record agrees on these; they are named so a correction is one line).
var denomCodes = map[int64]byte{
	1: 0x01, 2: 0x17, 5: 0x02, 10: 0x03, 20: 0x0B, 50: 0x05, 100: 0x06, 200: 0x0C,
}

// DenomCode returns the SAS code of a denomination in cents (0 if it has none).
func DenomCode(cents int64) byte { return denomCodes[cents] }
