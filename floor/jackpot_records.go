package floor

import "time"

// JackpotRecords are the floor's records of the linked jackpots (floor/jackpots
// keeps them; the controller's pools and accounts are its own database's,
// jackpot/): each machine's coin-in at the link's first meter read and its
// baseline, and the journal of the mystery awards paid as bonuses. Each
// operation is one transaction; both backends keep them.
type JackpotRecords interface {
	// NoteFirstRead stores coinIn as the machine's coin-in at the link's first
	// meter read, unless it has a first read or a baseline already.
	NoteFirstRead(machine byte, coinIn uint64) error
	// FirstRead is the machine's first read while it has no baseline (ok false:
	// none).
	FirstRead(machine byte) (coinIn uint64, ok bool, err error)
	// SetBaseline stores coinIn as the machine's baseline unless it has one, and
	// returns the one stored; its first read is done with.
	SetBaseline(machine byte, coinIn uint64) (uint64, error)
	// Baseline is the machine's baseline (ok false: none yet).
	Baseline(machine byte) (coinIn uint64, ok bool, err error)
	// JournalAwards adds the payments not journaled yet (by Seq) and returns how
	// many were new.
	JournalAwards(ps []BonusPayment) (int, error)
	// PutBonus writes one payment's new state.
	PutBonus(p BonusPayment) error
	// BonusPayments is the journal in award order (pending: only those not paid).
	BonusPayments(pending bool) ([]BonusPayment, error)
}

// Jackpots are the store's records of the linked jackpots.
func (s *Store) Jackpots() JackpotRecords { return s.b }

// Bonus payment states.
const (
	BonusDue     = "due"     // journaled, not yet sent
	BonusSending = "sending" // MeterBefore read and kept; 8A sent (or about to be)
	BonusPaid    = "paid"    // the machine took it (ACK, or its bonus meters moved by it)
)

// BonusPayment is the floor's journal of one mystery award paid to a machine as a
// legacy bonus. It goes due → sending → paid, each step one durable transaction:
// before the first 8A the machine's bonus meters are read and kept (MeterBefore),
// so after a crash the floor knows whether the machine took it (meters at least
// MeterBefore + Cents) before it sends it again. One payment per machine is in
// flight at a time, so the meters move only by it.
type BonusPayment struct {
	Seq         uint64    `json:"seq"` // the controller's award number
	Machine     byte      `json:"machine"`
	MachineID   string    `json:"machine_id"`
	Game        uint64    `json:"game"` // the contribution's game that crossed the trigger
	Cents       int64     `json:"cents"`
	State       string    `json:"state"`
	MeterBefore uint64    `json:"meter_before"`
	Paid        time.Time `json:"paid,omitzero"`
}
