package jackpots

import (
	"fmt"

	"egm/floor"
)

// The floor's records of the linked jackpots are the floor database's
// (floor.JackpotRecords, on bbolt or PostgreSQL); these wrap them, each failure
// a *floor.DatabaseError.

// BonusPayment is the floor's journal of one mystery award paid as a legacy
// bonus (floor.BonusPayment).
type BonusPayment = floor.BonusPayment

// Bonus payment states.
const (
	BonusDue     = floor.BonusDue     // journaled, not yet sent
	BonusSending = floor.BonusSending // MeterBefore read and kept; 8A sent (or about to be)
	BonusPaid    = floor.BonusPaid    // the machine took it (ACK, or its bonus meters moved by it)
)

// Baseline returns the coin-in a machine's linked games had when it was linked to
// the jackpot controller (its whole coin-in for a machine that does not say which
// games are linked; linked_games.go), storing coinIn as it the first time.
func Baseline(s *floor.Store, machine byte, coinIn uint64) (uint64, error) {
	v, err := s.Jackpots().SetBaseline(machine, coinIn)
	if err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: jackpot baseline of machine %d: %w", machine, err))
	}
	return v, nil
}

// BaselineOf returns a machine's stored baseline (ok false: never linked).
func BaselineOf(s *floor.Store, machine byte) (uint64, bool, error) {
	return s.Jackpots().Baseline(machine)
}

// NoteFirstRead stores coinIn as the machine's coin-in at the link's first meter
// read, unless it has a baseline or a first read already (a floor restarted
// while it learned the machine keeps the first).
func NoteFirstRead(s *floor.Store, machine byte, coinIn uint64) error {
	if err := s.Jackpots().NoteFirstRead(machine, coinIn); err != nil {
		return floor.DatabaseErr(fmt.Errorf("floor: jackpot first read of machine %d: %w", machine, err))
	}
	return nil
}

// FirstReadOf returns a machine's coin-in at the link's first meter read, while
// its baseline is not stored yet (ok false: none).
func FirstReadOf(s *floor.Store, machine byte) (uint64, bool, error) {
	return s.Jackpots().FirstRead(machine)
}

// JournalAwards adds the payments not journaled yet (by Seq), in one transaction,
// and returns how many were new.
func JournalAwards(s *floor.Store, ps []BonusPayment) (int, error) {
	n, err := s.Jackpots().JournalAwards(ps)
	if err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: journal awards: %w", err))
	}
	return n, nil
}

// PutBonus writes one payment's new state durably.
func PutBonus(s *floor.Store, p BonusPayment) error {
	if err := s.Jackpots().PutBonus(p); err != nil {
		return floor.DatabaseErr(fmt.Errorf("floor: bonus payment %d: %w", p.Seq, err))
	}
	return nil
}

// BonusPayments returns the journal in award order; with pending, only the
// payments not yet paid.
func BonusPayments(s *floor.Store, pending bool) ([]BonusPayment, error) {
	out, err := s.Jackpots().BonusPayments(pending)
	if err != nil {
		return nil, floor.DatabaseErr(fmt.Errorf("floor: bonus journal: %w", err))
	}
	return out, nil
}
