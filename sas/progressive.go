package sas

// Linked jackpots and floor bonuses on the machine's side: the SAS progressive win
// queue (long polls 84, 85, 87, exception 56), the controller's amount for a hit
// (an addressed 80), the legacy bonus (8A, exception 7C) and its meters (9A).

// Exceptions of linked jackpots and bonuses not in exceptions.go's list.
const (
	ExLegacyBonus byte = 0x7C // a legacy bonus was awarded
)

// ProgressiveHit is one entry of the SAS progressive win queue: a level hit by the
// game that waits for the controller, and its amount in cents (0 until the
// controller's amount arrived).
type ProgressiveHit struct {
	Level byte
	Cents uint64
}

// JackpotMachine is what a machine with linked jackpots and floor bonuses adds to
// Machine. The Responder answers 84, 85, 87, 8A, 9A and an addressed 80 only for a
// Machine that implements it.
type JackpotMachine interface {
	// ProgressiveHits is the hit game's queue of linked hits, in the order they
	// are paid (empty: none waits). The host answers the first with cents 0.
	ProgressiveHits() (group byte, hits []ProgressiveHit)
	// ProgressiveAward takes the controller's amount for the first unanswered hit
	// (an 80 addressed to this machine while a hit waits). handled is false when
	// no hit waits: the 80 is then an ordinary level broadcast.
	ProgressiveAward(group, level byte, cents uint64) (handled bool, err error)
	// LastProgressiveWin is the last linked level paid (ok false: none yet).
	LastProgressiveWin() (group, level byte, cents uint64, ok bool)
	// LegacyBonus pays a bonus award (8A); an error refuses it (NACK) and the
	// host sends it again later.
	LegacyBonus(cents uint64, tax byte) error
	// BonusMeters are the legacy bonus meters (9A) of game 0 (the machine).
	BonusMeters(game int) (deductible, nonDeductible, wagerMatch uint64, ok bool)
}

// jackpotPoll answers the long polls of JackpotMachine; ok false hands the poll
// back to LongPoll's own switch.
func (r *Responder) jackpotPoll(p Poll, out []byte) ([]byte, Response, bool) {
	jm, isJM := r.M.(JackpotMachine)
	if !isJM {
		return out, NoResponse, false
	}
	switch p.Cmd {
	case 0x80:
		// host: addr 80 group(1) level(1) amount(5 BCD) CRC, addressed to this
		// machine while a hit waits: the controller's amount for the first
		// unanswered hit. ACK when taken, NACK when refused (wrong level…).
		if p.Addr == 0 {
			return out, NoResponse, false
		}
		v, err := ParseBCD(p.Data[2:7])
		if err != nil {
			return out, NACK, true
		}
		handled, err := jm.ProgressiveAward(p.Data[0], p.Data[1], v)
		switch {
		case !handled:
			return out, NoResponse, false
		case err != nil:
			return out, NACK, true
		}
		return out, ACK, true

	case 0x84:
		// addr 84 group(1) level(1) amount(5 BCD) CRC: the last progressive win
		// paid (zeros when none)
		g, l, c, _ := jm.LastProgressiveWin()
		return AppendBCD(append(out, 0x84, g, l), c, 5), Reply, true

	case 0x85:
		// addr 85 group(1) level(1) amount(5 BCD) CRC: the first hit of the queue
		// still waiting for its amount (amount 0), or zeros when none waits
		g, hits := jm.ProgressiveHits()
		for _, h := range hits {
			if h.Cents == 0 {
				return AppendBCD(append(out, 0x85, g, h.Level), 0, 5), Reply, true
			}
		}
		return AppendBCD(append(out, 0x85, 0, 0), 0, 5), Reply, true

	case 0x87:
		// addr 87 len group(1) count(1) {level(1) amount(5 BCD)}… CRC: the whole
		// queue of the waiting game, amounts answered so far (0 = waiting)
		g, hits := jm.ProgressiveHits()
		out = append(out, 0x87, 0, g, byte(len(hits)))
		start := len(out) - 2
		for _, h := range hits {
			out = AppendBCD(append(out, h.Level), h.Cents, 5)
		}
		out[start-1] = byte(len(out) - start)
		return out, Reply, true

	case 0x8A:
		// host: addr 8A amount(4 BCD, cents) tax-status(1) CRC; ACK when paid
		v, err := ParseBCD(p.Data[:4])
		if err != nil || v == 0 || p.Data[4] > 2 {
			return out, NACK, true
		}
		if err := jm.LegacyBonus(v, p.Data[4]); err != nil {
			return out, NACK, true
		}
		return out, ACK, true

	case 0x9A:
		// host: addr 9A game(2 BCD) CRC
		// reply: addr 9A game(2 BCD) deductible(4) non-deductible(4) wager-match(4) CRC
		game, err := ParseBCD(p.Data[:2])
		if err != nil {
			return out, NACK, true
		}
		d, n, w, ok := jm.BonusMeters(int(game))
		if !ok {
			return out, NACK, true
		}
		out = append(out, 0x9A, p.Data[0], p.Data[1])
		for _, v := range []uint64{d, n, w} {
			out = AppendBCD(out, v, 4)
		}
		return out, Reply, true
	}
	return out, NoResponse, false
}
