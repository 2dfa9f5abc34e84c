package sas

import (
	"time"
)

// GameInfo describes one game (title) for long polls 1F, 53, 55 and 56.
type GameInfo struct {
	Number       int    // 1..n; 0 is the machine as a whole
	GameID       string // 2 ASCII characters
	AdditionalID string // 3 ASCII characters
	DenomCents   int64
	// MaxBet is the game's largest bet in credits. 1F and 53 carry it in one byte
	// (at most 255: a larger one reads 255); B5 carries it whole in 2 BCD bytes.
	MaxBet      int
	Group       byte   // progressive group
	Options     uint16 // game options bits
	PaytableID  string // 6 ASCII characters
	BasePercent string // 4 ASCII digits, "9400" for 94.00%
	Enabled     bool
	Name        string  // the game's name (B5), up to 20 ASCII characters
	Denoms      []int64 // every denomination it is offered at (B2; DenomCents when empty)
	Levels      uint32  // the SAS progressive levels it takes part in, bit 0 = level 1 (B5)
}

// Machine is what the long polls read and change. The machine implements it; the
// Responder turns it into the protocol's bytes.
type Machine interface {
	Exception() byte
	AckException()
	// Meter is a meter in the accounting unit (one cent) for game 0 (the whole
	// machine) or one game; ok false when the machine has no such meter.
	Meter(game int, code MeterCode) (value uint64, ok bool)
	SetEnabled(enabled bool) error
	Games() []GameInfo
	SelectedGame() int
	Now() time.Time
	SetTime(time.Time) error
	// ROMSignature is the CRC-16 of the program seeded with the host's seed.
	ROMSignature(seed uint16) uint16
	// Progressive stores a level amount broadcast by the floor's controller.
	Progressive(group, level byte, cents uint64)
	SerialNumber() string
}

// Version is the SAS version the machine reports (long poll 54).
const Version = "602"

// Responder answers long polls from a Machine: it is the Link's Handler.
type Responder struct {
	M   Machine
	rom romState // long poll 21 computed off the link (rom.go)
}

// Exception implements Handler.
func (r *Responder) Exception() byte { return r.M.Exception() }

// AckException implements Handler.
func (r *Responder) AckException() { r.M.AckException() }

// LongPoll implements Handler. Each reply's layout is drawn above its case.
func (r *Responder) LongPoll(p Poll, out []byte) ([]byte, Response) {
	m := r.M
	meter := func(game int, c MeterCode) uint64 {
		v, _ := m.Meter(game, c)
		return v
	}
	if r.metersUnavailable(p.Cmd) { // critical memory unreadable: silence (unavailable.go)
		return out, NoResponse
	}
	if reply, resp, ok := r.jackpotPoll(p, out); ok { // linked jackpots and bonuses: progressive.go
		return reply, resp
	}
	if reply, resp, ok := r.soundPoll(p, out); ok { // sound off/on: sound.go
		return reply, resp
	}
	if reply, resp, ok := r.polls602(p, out); ok { // handpay, extended meters, features, B-series: polls602.go
		return reply, resp
	}
	switch p.Cmd {
	case 0x01, 0x02: // disable / enable: ACK
		if err := m.SetEnabled(p.Cmd == 0x02); err != nil {
			return out, NACK
		}
		return out, ACK

	case 0x0F:
		// addr 0F cancelled(4) coin-in(4) coin-out(4) drop(4) jackpot(4) games(4) CRC
		out = append(out, 0x0F)
		for _, c := range []MeterCode{MeterCancelledCredits, MeterCoinIn, MeterCoinOut, MeterDrop, MeterJackpot, MeterGamesPlayed} {
			out = AppendBCD(out, meter(0, c), 4)
		}
		return out, Reply

	case 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x1A:
		// addr cmd meter(4) CRC
		return AppendBCD(append(out, p.Cmd), meter(0, singleMeters[p.Cmd]), 4), Reply

	case 0x18:
		// addr 18 games-since-power-up(2) games-since-door-closure(2) CRC
		out = AppendBCD(append(out, 0x18), meter(0, MeterGamesSincePU), 2)
		return AppendBCD(out, meter(0, MeterGamesSinceDC), 2), Reply

	case 0x19:
		// addr 19 coin-in(4) coin-out(4) drop(4) jackpot(4) games(4) CRC
		out = append(out, 0x19)
		for _, c := range []MeterCode{MeterCoinIn, MeterCoinOut, MeterDrop, MeterJackpot, MeterGamesPlayed} {
			out = AppendBCD(out, meter(0, c), 4)
		}
		return out, Reply

	case 0x1C:
		// addr 1C coin-in coin-out drop jackpot games-played games-won door-opens power-resets (4 each) CRC
		out = append(out, 0x1C)
		for _, c := range []MeterCode{MeterCoinIn, MeterCoinOut, MeterDrop, MeterJackpot, MeterGamesPlayed, MeterGamesWon, MeterDoorOpens, MeterPowerResets} {
			out = AppendBCD(out, meter(0, c), 4)
		}
		return out, Reply

	case 0x1F:
		// addr 1F game-id(2) additional-id(3: the currency) denom(1) max-bet(1) group(1) options(2) paytable(6) base%(4) CRC
		// (machine_info.go draws the layout)
		g, ok := machineInfo(m)
		if !ok {
			return out, NoResponse
		}
		return appendMachineInfo(append(out, 0x1F), g), Reply

	case 0x21:
		// addr 21 signature(2, low byte first) CRC; the host sent seed(2)
		// (or silence while it is computed off the link: rom.go)
		seed := uint16(p.Data[0]) | uint16(p.Data[1])<<8
		s, ok := r.romSignature(seed)
		if !ok {
			return out, NoResponse
		}
		return append(out, 0x21, byte(s), byte(s>>8)), Reply

	case 0x2F:
		// host: addr 2F len game(2 BCD) code… CRC
		// reply: addr 2F len game(2 BCD) {code meter(4)}… CRC
		if len(p.Data) < 3 {
			return out, NACK
		}
		game, err := ParseBCD(p.Data[:2])
		if err != nil || int(game) > len(m.Games()) {
			return out, NACK
		}
		out = append(out, 0x2F, 0)
		start := len(out)
		out = append(out, p.Data[0], p.Data[1])
		for _, c := range p.Data[2:] {
			v, ok := m.Meter(int(game), MeterCode(c))
			if !ok {
				continue
			}
			out = AppendBCD(append(out, c), v, 4)
		}
		out[start-1] = byte(len(out) - start)
		return out, Reply

	case 0x51:
		// addr 51 number-of-games(2 BCD) CRC
		return AppendBCD(append(out, 0x51), uint64(len(m.Games())), 2), Reply

	case 0x53:
		// host: addr 53 game(2 BCD) CRC
		// reply: addr 53 game(2 BCD) then 1F's layout CRC
		game, err := ParseBCD(p.Data)
		gs := m.Games()
		if err != nil || game < 1 || int(game) > len(gs) {
			return out, NACK
		}
		out = append(out, 0x53, p.Data[0], p.Data[1])
		return appendGameConfig(out, gs[game-1]), Reply

	case 0x54:
		// addr 54 len version(3 ASCII) serial(ASCII) CRC
		sn := m.SerialNumber()
		if len(sn) > 40 {
			sn = sn[:40]
		}
		out = append(out, 0x54, byte(3+len(sn)))
		return append(append(out, Version...), sn...), Reply

	case 0x55:
		// addr 55 game(2 BCD) CRC
		return AppendBCD(append(out, 0x55), uint64(m.SelectedGame()), 2), Reply

	case 0x56:
		// addr 56 len count(1) game(2 BCD)… CRC
		out = append(out, 0x56, 0, 0)
		n := 0
		for _, g := range m.Games() {
			if g.Enabled {
				out = AppendBCD(out, uint64(g.Number), 2)
				n++
			}
		}
		out[1], out[2] = byte(1+2*n), byte(n)
		return out, Reply

	case 0x7E:
		// addr 7E date MMDDYYYY(4 BCD) time HHMMSS(3 BCD) CRC
		t := m.Now()
		out = append(out, 0x7E)
		out = AppendBCD(out, uint64(int(t.Month())*1_000_000+t.Day()*10_000+t.Year()), 4)
		return AppendBCD(out, uint64(t.Hour()*10_000+t.Minute()*100+t.Second()), 3), Reply

	case 0x7F:
		// host: addr 7F date(4 BCD) time(3 BCD) CRC; ACK
		d, err1 := ParseBCD(p.Data[:4])
		c, err2 := ParseBCD(p.Data[4:7])
		if err1 != nil || err2 != nil {
			return out, NACK
		}
		t := time.Date(int(d%10_000), time.Month(d/1_000_000), int(d/10_000%100),
			int(c/10_000), int(c/100%100), int(c%100), 0, time.Local)
		if t.Month() != time.Month(d/1_000_000) || t.Day() != int(d/10_000%100) || c/10_000 > 23 || c/100%100 > 59 || c%100 > 59 {
			return out, NACK
		}
		if err := m.SetTime(t); err != nil {
			return out, NACK
		}
		return out, ACK

	case 0x80:
		// host: addr 80 group(1) level(1) amount(5 BCD) CRC; ACK when addressed
		v, err := ParseBCD(p.Data[2:7])
		if err != nil {
			return out, NACK
		}
		m.Progressive(p.Data[0], p.Data[1], v)
		return out, ACK

	case 0x86:
		// host: addr 86 len group(1) {level(1) amount(5 BCD)}… CRC; ACK when addressed
		if len(p.Data) < 1 || (len(p.Data)-1)%6 != 0 {
			return out, NACK
		}
		for i := 1; i < len(p.Data); i += 6 {
			if _, err := ParseBCD(p.Data[i+1 : i+6]); err != nil {
				return out, NACK
			}
		}
		for i := 1; i < len(p.Data); i += 6 {
			v, _ := ParseBCD(p.Data[i+1 : i+6])
			m.Progressive(p.Data[0], p.Data[i], v)
		}
		return out, ACK

	case 0x72, 0x73, 0x74: // AFT: aft_responder.go, layouts in aft_*.go
		return r.aftPoll(p, out)
	}
	return out, NoResponse
}

// appendGameConfig writes the layout shared by 1F and 53:
// game-id(2) additional-id(3) denom(1) max-bet(1) group(1) options(2) paytable(6) base%(4)
func appendGameConfig(out []byte, g GameInfo) []byte {
	out = appendASCII(out, g.GameID, 2)
	out = appendASCII(out, g.AdditionalID, 3)
	out = append(out, DenomCode(g.DenomCents), byte(min(max(g.MaxBet, 0), 255)), g.Group, byte(g.Options>>8), byte(g.Options))
	out = appendASCII(out, g.PaytableID, 6)
	return appendASCII(out, g.BasePercent, 4)
}

// appendASCII writes s in exactly n bytes, padded with spaces or cut.
func appendASCII(out []byte, s string, n int) []byte {
	for i := 0; i < n; i++ {
		if i < len(s) {
			out = append(out, s[i])
		} else {
			out = append(out, ' ')
		}
	}
	return out
}
