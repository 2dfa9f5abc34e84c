package jackpot

import "fmt"

// store keeps a controller's records: a bbolt file of its own (store_bolt.go,
// Open) or the floor's PostgreSQL database shared by every floor host on it
// (store_pg.go, OpenPostgres). The money rules are one code path over it.
type store interface {
	// update runs fn in one write transaction that holds the controller's
	// writer lock from its first call of state to its end: bbolt's one writer,
	// PostgreSQL's lock of the state row, so that two writers — two goroutines,
	// or two floor processes — never work on the same state. fn may run more
	// than once (PostgreSQL after a deadlock): it sets its results afresh.
	update(fn func(t txn) error) error
	// view runs fn in one read transaction of a consistent snapshot.
	view(fn func(t txn) error) error
	close() error
	// shared tells whether other processes may write the records (PostgreSQL):
	// the state in memory is then only the latest seen.
	shared() bool
}

// txn is one transaction of a store.
type txn interface {
	// state is the stored state (nil: a new database), in an update locked
	// until the transaction ends.
	state() (*state, error)
	putState(s *state) error

	// machine is a registered machine's account (ok false: not registered).
	machine(id string) (m MachineAccount, ok bool, err error)
	putMachine(m MachineAccount) error
	machines() ([]MachineAccount, error)

	// game is the idempotency record of machine's game (ok false: none).
	game(machine string, game uint64) (g gameRecord, ok bool, err error)
	// putGame records a contribution and forgets machine's games older than
	// window below it.
	putGame(machine string, game uint64, g gameRecord, window uint64) error

	// games are the idempotency records kept, each machine's in game order.
	games() ([]keptGame, error)

	// hit is the award of machine's n-th hit of level in game (ok false: none).
	hit(machine string, game uint64, level string, n int) (a Award, ok bool, err error)
	// logAward stores an award in the log (of which the last keep are
	// listed), and, for a progressive hit (n ≥ 0), as the answer to the hit,
	// forgetting machine's hits of games older than window.
	logAward(a Award, n int, keep, window uint64) error
	// hits are the answers to progressive hits kept (of the latest games).
	hits() ([]keptHit, error)
	// awards are the last keep awards, oldest first.
	awards(keep uint64) ([]Award, error)
}

// keptGame is one idempotency record with its key.
type keptGame struct {
	Machine string
	Game    uint64
	Record  gameRecord
}

// keptHit is the answer to a machine's n-th hit of a level in one game.
type keptHit struct {
	Award Award
	N     int
}

// stored is the stored state of a database that has one (ErrCorrupt if none).
func stored(t txn) (*state, error) {
	s, err := t.state()
	if err == nil && s == nil {
		err = fmt.Errorf("%w: no state stored", ErrCorrupt)
	}
	return s, err
}
