package floor

import (
	"errors"
	"fmt"

	"egm/sas"
)

// Meters are a machine's meters as the floor reads them over SAS (cents and counts).
// The JSON keys match the machine's own `egm meters --json`, so the two can be
// compared key by key.
type Meters struct {
	CurrentCredits uint64 `json:"current_credits_cents"`
	CoinIn         uint64 `json:"coin_in_cents"`
	CoinOut        uint64 `json:"coin_out_cents"`
	Jackpot        uint64 `json:"jackpot_cents"`
	Handpay        uint64 `json:"handpay_cents"`
	Cancelled      uint64 `json:"cancelled_credits_cents"`
	GamesPlayed    uint64 `json:"games_played"`
	GamesWon       uint64 `json:"games_won"`
	GamesLost      uint64 `json:"games_lost"`
}

// meterPoll is the 2F request: game 0 (the machine), and the codes above.
var meterCodes = []sas.MeterCode{
	sas.MeterCurrentCredits, sas.MeterCoinIn, sas.MeterCoinOut, sas.MeterJackpot,
	sas.MeterHandpaidCancel, sas.MeterCancelledCredits, sas.MeterGamesPlayed,
	sas.MeterGamesWon, sas.MeterGamesLost,
}

// checkReply verifies a long-poll reply's address, command and CRC and returns its
// data (between the command and the CRC).
func checkReply(r []byte, addr, cmd byte) ([]byte, error) {
	switch {
	case r == nil:
		return nil, unanswered(fmt.Sprintf("floor: no reply to %02X from machine %d", cmd, addr))
	case len(r) == 1 && r[0] == addr|0x80:
		return nil, unanswered(fmt.Sprintf("floor: machine %d refused %02X (NACK)", addr, cmd))
	case len(r) < 4 || r[0] != addr || r[1] != cmd:
		return nil, fmt.Errorf("floor: malformed reply to %02X: % X", cmd, r)
	case !sas.CheckCRC(r):
		return nil, fmt.Errorf("floor: reply to %02X with a wrong CRC: % X", cmd, r)
	}
	return r[2 : len(r)-2], nil
}

// unanswered is a poll the machine was silent to or refused (NACK), as a machine
// is to a poll it does not have.
type unanswered string

func (u unanswered) Error() string { return string(u) }

// notKept is a meter a machine answered for with size 0: it does not keep it
// (6F), for the machine or for that game.
type notKept string

func (n notKept) Error() string { return string(n) }

// IsUnanswered reports a poll the machine was silent to or refused (NACK), as a
// machine is to a poll it does not have.
func IsUnanswered(err error) bool {
	var u unanswered
	return errors.As(err, &u)
}

// IsNotKept reports a meter the machine answered for with size 0 (6F): it does
// not keep it, for the machine or for that game.
func IsNotKept(err error) bool {
	var n notKept
	return errors.As(err, &n)
}

// parseSelectedMeters decodes a 2F reply's data: len game(2) {code meter(4)}….
func parseSelectedMeters(data []byte) (map[sas.MeterCode]uint64, error) {
	if len(data) < 3 || int(data[0]) != len(data)-1 {
		return nil, fmt.Errorf("floor: 2F reply length byte disagrees with its data (% X)", data)
	}
	out := map[sas.MeterCode]uint64{}
	for i := 3; i < len(data); i += 5 {
		if i+5 > len(data) {
			return nil, fmt.Errorf("floor: 2F reply cut inside meter %02X", data[i])
		}
		v, err := sas.ParseBCD(data[i+1 : i+5])
		if err != nil {
			return nil, fmt.Errorf("floor: meter %02X: %w", data[i], err)
		}
		out[sas.MeterCode(data[i])] = v
	}
	return out, nil
}

// parseExtendedMeters reads a 6F/AF reply's data: len game(2) {code(2, LSB
// first) size(1) value(size BCD)}…; a meter of size 0 is one the machine does not
// keep (left out of the map).
func parseExtendedMeters(data []byte) (map[sas.MeterCode]uint64, error) {
	if len(data) < 3 || int(data[0]) != len(data)-1 {
		return nil, fmt.Errorf("length byte disagrees with its data (% X)", data)
	}
	out := map[sas.MeterCode]uint64{}
	for i := 3; i < len(data); {
		if i+3 > len(data) {
			return nil, fmt.Errorf("cut inside a meter's code and size at byte %d", i)
		}
		code := uint16(data[i]) | uint16(data[i+1])<<8
		size := int(data[i+2])
		i += 3
		if size > 9 || i+size > len(data) {
			return nil, fmt.Errorf("meter %04X: %d bytes of value", code, size)
		}
		if size > 0 && code <= 0xFF {
			v, err := sas.ParseBCD(data[i : i+size])
			if err != nil {
				return nil, fmt.Errorf("meter %04X: %w", code, err)
			}
			out[sas.MeterCode(code)] = v
		}
		i += size
	}
	return out, nil
}
