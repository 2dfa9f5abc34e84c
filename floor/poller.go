package floor

import (
	"fmt"
	"time"

	"egm/sas"
)

// Exception is one exception the floor received.
type Exception struct {
	Machine byte      `json:"machine"`
	Code    byte      `json:"code"`
	Time    time.Time `json:"time"`
}

// Poller is the floor's conversation with one machine.
type Poller struct {
	Addr byte // the machine's SAS address on its line
	Num  byte // its number on the floor (0: its address; see Machine)
	Host *sas.Host
}

// ID is the machine's number on the floor: Num, or its address.
func (p *Poller) ID() byte {
	if p.Num != 0 {
		return p.Num
	}
	return p.Addr
}

// Exception asks for the next exception (0: none).
func (p *Poller) Exception() (byte, error) {
	code, err := p.Host.GeneralPoll(p.Addr)
	if err != nil {
		return 0, fmt.Errorf("floor: general poll of machine %d: %w", p.Addr, err)
	}
	return code, nil
}

// Drain reads exceptions until the machine has none left (at most limit). SAS's
// implied acknowledgement: a general poll again would be an implied NACK (the
// machine reports the same exception again), so each exception read is
// acknowledged with a long poll (1A, the credits) before the next general poll.
func (p *Poller) Drain(limit int, now func() time.Time) ([]Exception, error) {
	var out []Exception
	for range limit {
		code, err := p.Exception()
		if err != nil {
			return out, err
		}
		if code == sas.ExNone {
			break
		}
		out = append(out, Exception{Machine: p.Addr, Code: code, Time: now()})
		if _, err := p.Credits(); err != nil { // the implied ACK
			return out, err
		}
	}
	return out, nil
}

// Meters reads the machine's meters with one 2F poll.
func (p *Poller) Meters() (Meters, error) {
	req := []byte{0x00, 0x00} // game 0: the whole machine
	for _, c := range meterCodes {
		req = append(req, byte(c))
	}
	r, err := p.Host.LongPoll(p.Addr, 0x2F, append([]byte{byte(len(req))}, req...), true)
	if err != nil {
		return Meters{}, fmt.Errorf("floor: 2F to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x2F)
	if err != nil {
		return Meters{}, err
	}
	m, err := parseSelectedMeters(data)
	if err != nil {
		return Meters{}, err
	}
	return Meters{
		CurrentCredits: m[sas.MeterCurrentCredits], CoinIn: m[sas.MeterCoinIn], CoinOut: m[sas.MeterCoinOut],
		Jackpot: m[sas.MeterJackpot], Handpay: m[sas.MeterHandpaidCancel], Cancelled: m[sas.MeterCancelledCredits],
		GamesPlayed: m[sas.MeterGamesPlayed], GamesWon: m[sas.MeterGamesWon], GamesLost: m[sas.MeterGamesLost],
	}, nil
}

// Credits reads the current credits with the single-meter poll 1A.
func (p *Poller) Credits() (uint64, error) {
	r, err := p.Host.LongPoll(p.Addr, 0x1A, nil, false)
	if err != nil {
		return 0, fmt.Errorf("floor: 1A to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x1A)
	if err != nil {
		return 0, err
	}
	return sas.ParseBCD(data)
}

// SetEnabled sends 02 (enable) or 01 (disable) and expects the ACK.
func (p *Poller) SetEnabled(enabled bool) error {
	cmd := byte(0x01)
	if enabled {
		cmd = 0x02
	}
	r, err := p.Host.LongPoll(p.Addr, cmd, nil, true)
	if err != nil {
		return fmt.Errorf("floor: %02X to machine %d: %w", cmd, p.Addr, err)
	}
	if len(r) != 1 || r[0] != p.Addr {
		return fmt.Errorf("floor: machine %d did not ACK %02X (% X)", p.Addr, cmd, r)
	}
	return nil
}
