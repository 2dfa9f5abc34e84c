package floor

import (
	"fmt"

	"egm/sas"
)

// The host's side of linked jackpot hits and floor bonuses.

// ProgressiveHits reads the machine's SAS progressive win queue with long poll 87:
// the waiting game's linked hits in order, with the amounts answered so far (0:
// waiting for the controller).
//
//	host:  addr 87
//	reply: addr 87 len group(1) count(1) {level(1) amount(5 BCD)}… CRC
func (p *Poller) ProgressiveHits() (byte, []sas.ProgressiveHit, error) {
	r, err := p.Host.LongPoll(p.Addr, 0x87, nil, false)
	if err != nil {
		return 0, nil, fmt.Errorf("floor: 87 to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x87)
	if err != nil {
		return 0, nil, err
	}
	g, hits, err := parseProgressiveHits(data)
	if err != nil {
		return 0, nil, fmt.Errorf("floor: 87 reply from machine %d: %w", p.Addr, err)
	}
	return g, hits, nil
}

// parseProgressiveHits reads 87's data: len group count {level amount(5 BCD)}….
func parseProgressiveHits(data []byte) (byte, []sas.ProgressiveHit, error) {
	if len(data) < 3 || int(data[0]) != len(data)-1 || len(data) != 3+6*int(data[2]) {
		return 0, nil, fmt.Errorf("malformed (% X)", data)
	}
	var hits []sas.ProgressiveHit
	for i := 3; i < len(data); i += 6 {
		v, err := sas.ParseBCD(data[i+1 : i+6])
		if err != nil {
			return 0, nil, err
		}
		hits = append(hits, sas.ProgressiveHit{Level: data[i], Cents: v})
	}
	return data[1], hits, nil
}

// Award sends the controller's amount for the machine's first unanswered hit: a
// long poll 80 addressed to the machine while its hit waits. Send it only for the
// hit a ProgressiveHits read just before named: an addressed 80 carries no game.
//
//	addr 80 group(1) level(1) amount(5 BCD) CRC → ACK
func (p *Poller) Award(group, level byte, cents uint64) error {
	data := sas.AppendBCD([]byte{group, level}, cents, 5)
	r, err := p.Host.LongPoll(p.Addr, 0x80, data, true)
	if err != nil {
		return fmt.Errorf("floor: 80 to machine %d: %w", p.Addr, err)
	}
	if len(r) != 1 || r[0] != p.Addr {
		return fmt.Errorf("floor: machine %d did not take the award of %d cents for level %d (% X)", p.Addr, cents, level, r)
	}
	return nil
}

// GamesPlayed reads the games-played meter (long poll 15).
func (p *Poller) GamesPlayed() (uint64, error) { return p.bcdPoll(0x15, 0) }

// LegacyBonus pays a bonus with long poll 8A (amount in cents, the accounting
// unit; tax status 0 deductible, 1 non-deductible, 2 wager match). A NACK means the
// machine could not take it now (a game in progress…): send it again later, after
// reading BonusMeters.
//
//	addr 8A amount(4 BCD) tax(1) CRC → ACK
func (p *Poller) LegacyBonus(cents uint64, tax byte) error {
	data := sas.AppendBCD(nil, cents, 4)
	r, err := p.Host.LongPoll(p.Addr, 0x8A, append(data, tax), true)
	if err != nil {
		return fmt.Errorf("floor: 8A to machine %d: %w", p.Addr, err)
	}
	if len(r) != 1 || r[0] != p.Addr {
		return fmt.Errorf("%w: machine %d (% X)", ErrBonusRefused, p.Addr, r)
	}
	return nil
}

// ErrBonusRefused is a legacy bonus the machine did not ACK.
var ErrBonusRefused = fmt.Errorf("floor: legacy bonus not taken")

// BonusMeters reads the machine's legacy bonus meters (long poll 9A, game 0) and
// returns their sum: deductible + non-deductible + wager match, in cents.
//
//	host:  addr 9A game(2 BCD) CRC
//	reply: addr 9A game(2 BCD) deductible(4) non-deductible(4) wager-match(4) CRC
func (p *Poller) BonusMeters() (uint64, error) {
	r, err := p.Host.LongPoll(p.Addr, 0x9A, []byte{0, 0}, true)
	if err != nil {
		return 0, fmt.Errorf("floor: 9A to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x9A)
	if err != nil {
		return 0, err
	}
	sum, err := parseBonusMeters(data)
	if err != nil {
		return 0, fmt.Errorf("floor: 9A reply from machine %d: %w", p.Addr, err)
	}
	return sum, nil
}

// parseBonusMeters reads 9A's data: game(2 BCD) and three 4-byte BCD meters, summed.
func parseBonusMeters(data []byte) (uint64, error) {
	if len(data) != 14 {
		return 0, fmt.Errorf("%d bytes, want 14", len(data))
	}
	var sum uint64
	for i := 2; i < 14; i += 4 {
		v, err := sas.ParseBCD(data[i : i+4])
		if err != nil {
			return 0, err
		}
		sum += v
	}
	return sum, nil
}
