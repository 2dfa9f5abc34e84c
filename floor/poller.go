package floor

import (
	"errors"
	"fmt"
	"time"

	"egm/sas"
)

// Exception is one exception the floor received.
type Exception struct {
	Machine byte      `json:"machine"`
	Code    byte      `json:"code"`
	Time    time.Time `json:"time"`
	// Finding is an exception the floor raised itself (Code 0): the machine's
	// meters went backwards (meters_back.go).
	Finding string `json:"finding,omitempty"`
}

// Poller is the floor's conversation with one machine.
type Poller struct {
	Addr byte // the machine's SAS address on its line
	Num  byte // its number on the floor (0: its address; see Machine)
	Host *sas.Host

	// meters6F: +1 the machine has answered 6F (its meters are never read with 2F
	// again); −n it was silent to 6F or refused it n times in a row, each time
	// answering 2F right after: at no6FAfter it is taken for a machine without 6F
	// and read with 2F only; 0 not known yet
	meters6F int8
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

// Meters reads the machine's meters: with one extended meters poll (6F, 18
// digits) where the machine answers it, so that no meter rolls over, otherwise
// with one 2F poll (8 digits: a meter of 1,000,000.00 EUR or more reads modulo
// 10^8 cents). The floor's books (the jackpot contributions, the records) need
// the whole meter: the 2F coin-in of a machine past a million euros of play would
// fall back below what the controller had counted, and contributions stop.
func (p *Poller) Meters() (Meters, error) {
	var m map[sas.MeterCode]uint64
	err := errNo6F
	if p.meters6F > -no6FAfter {
		m, err = p.ExtendedMeters(meterCodes...)
	}
	switch {
	case err == nil:
		p.meters6F = 1
	case p.meters6F > 0: // a failed read of a machine that has 6F: never 8-digit meters in its place
		return Meters{}, err
	default:
		var u unanswered
		no6F := errors.As(err, &u)
		if m, err = p.selectedMeters(); err != nil {
			return Meters{}, err
		}
		if no6F && p.meters6F > -no6FAfter { // silent to 6F, answering 2F
			p.meters6F--
		}
	}
	return Meters{
		CurrentCredits: m[sas.MeterCurrentCredits], CoinIn: m[sas.MeterCoinIn], CoinOut: m[sas.MeterCoinOut],
		Jackpot: m[sas.MeterJackpot], Handpay: m[sas.MeterHandpaidCancel], Cancelled: m[sas.MeterCancelledCredits],
		GamesPlayed: m[sas.MeterGamesPlayed], GamesWon: m[sas.MeterGamesWon], GamesLost: m[sas.MeterGamesLost],
	}, nil
}

// Without6F reports a machine taken for one without 6F: silent to it NoAnswerAfter
// times in a row while answering 2F.
func (p *Poller) Without6F() bool { return p.meters6F <= -no6FAfter }

// NoAnswerAfter is how many silences or refusals in a row the floor takes for a
// machine that does not have a poll (one silence can be the line's).
const NoAnswerAfter = no6FAfter

// no6FAfter is how many times a machine must be silent to 6F while answering
// 2F before the floor stops asking it 6F (one silence can be the line's).
const no6FAfter = 3

// errNo6F stands for the 6F read of a machine known not to answer it.
var errNo6F = errors.New("floor: no 6F")

// selectedMeters reads meterCodes with one 2F poll (game 0).
func (p *Poller) selectedMeters() (map[sas.MeterCode]uint64, error) {
	req := []byte{0x00, 0x00} // game 0: the whole machine
	for _, c := range meterCodes {
		req = append(req, byte(c))
	}
	r, err := p.Host.LongPoll(p.Addr, 0x2F, append([]byte{byte(len(req))}, req...), true)
	if err != nil {
		return nil, fmt.Errorf("floor: 2F to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x2F)
	if err != nil {
		return nil, err
	}
	return parseSelectedMeters(data)
}

// ExtendedMeters reads the machine-wide meters codes (up to 12) with one long
// poll 6F; a meter the machine does not keep is an error.
//
//	host:  addr 6F len game(2 BCD: 0000) {code(2, LSB first)}… CRC
//	reply: addr 6F len game(2 BCD) {code(2, LSB first) size(1) value(size BCD)}… CRC
func (p *Poller) ExtendedMeters(codes ...sas.MeterCode) (map[sas.MeterCode]uint64, error) {
	return p.ExtendedMetersOf(0, codes...)
}

// ExtendedMetersOf is ExtendedMeters for game number game (0: the machine).
func (p *Poller) ExtendedMetersOf(game int, codes ...sas.MeterCode) (map[sas.MeterCode]uint64, error) {
	if len(codes) == 0 || len(codes) > 12 {
		return nil, fmt.Errorf("floor: 6F takes 1 to 12 meters, not %d", len(codes))
	}
	if game < 0 || game > 9999 {
		return nil, fmt.Errorf("floor: 6F of game %d: games are 0 to 9999", game)
	}
	req := sas.AppendBCD(nil, uint64(game), 2)
	for _, c := range codes {
		req = append(req, byte(c), 0)
	}
	r, err := p.Host.LongPoll(p.Addr, 0x6F, append([]byte{byte(len(req))}, req...), true)
	if err != nil {
		return nil, fmt.Errorf("floor: 6F to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x6F)
	if err != nil {
		return nil, err
	}
	m, err := parseExtendedMeters(data)
	if err != nil {
		return nil, fmt.Errorf("floor: 6F reply from machine %d: %w", p.Addr, err)
	}
	if g, err := sas.ParseBCD(data[1:3]); err != nil || g != uint64(game) {
		return nil, fmt.Errorf("floor: 6F reply from machine %d for game % X, asked game %d", p.Addr, data[1:3], game)
	}
	for _, c := range codes {
		if _, ok := m[c]; !ok {
			return nil, notKept(fmt.Sprintf("floor: machine %d keeps no meter %02X for game %d (6F)", p.Addr, byte(c), game))
		}
	}
	return m, nil
}

// Credits reads the current credits with the single-meter poll 1A.
func (p *Poller) Credits() (uint64, error) { return p.bcdPoll(0x1A, 0) }

// bcdPoll sends a long poll with no data whose reply is one BCD number (of size
// bytes; 0: any size), and reads it.
//
//	addr cmd → addr cmd value(BCD) CRC
func (p *Poller) bcdPoll(cmd byte, size int) (uint64, error) {
	r, err := p.Host.LongPoll(p.Addr, cmd, nil, false)
	if err != nil {
		return 0, fmt.Errorf("floor: %02X to machine %d: %w", cmd, p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, cmd)
	if err != nil {
		return 0, err
	}
	if size > 0 && len(data) != size {
		return 0, fmt.Errorf("floor: %02X reply from machine %d: % X", cmd, p.Addr, data)
	}
	n, err := sas.ParseBCD(data)
	if err != nil {
		return 0, fmt.Errorf("floor: %02X reply from machine %d: %w", cmd, p.Addr, err)
	}
	return n, nil
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
