package machine

import (
	"encoding/json"
	"errors"
	"fmt"

	"egm/meters"
)

// The machine is the only owner of critical memory: no other package gets the
// writable store. Readers (the operator menu, the floor link's meters, the tools)
// read it through View and Seq; the floor link commits its exception queue through
// CommitLink, under the machine's lock and with the machine's handling of a failed
// write; and OnCommit adds the link's state to the machine's own commits. Both
// hand the link a LinkSetter, which writes its own value (LinkKey) and nothing
// else of critical memory.

// LinkSetter sets the floor link's own value of critical memory (LinkKey) in the
// commit the machine is making: all the link may write.
type LinkSetter interface {
	SetLink(v json.RawMessage) error
}

// linkTx is the LinkSetter of one commit.
type linkTx struct{ tx *meters.Tx }

func (l linkTx) SetLink(v json.RawMessage) error { return l.tx.SetValue(LinkKey, v) }

// ErrNoStore is wrapped by View and CommitLink when the machine has no critical
// memory to read or write: a reopen that failed (RAM ERROR), a RAM error at
// Open, or a machine that was closed.
var ErrNoStore = errors.New("machine: critical memory is not open")

// View calls fn with the committed state of critical memory. A stopped store (a
// failed write, before the attendant key) is still read: it holds the last
// commit that reached the disk. Without a store fn is not called and the error
// wraps ErrNoStore. fn must not keep the snapshot; it may call the Machine.
func (m *Machine) View(fn func(*meters.Snapshot)) error {
	st, err := m.store()
	if err != nil {
		return err
	}
	st.View(fn)
	return nil
}

// Seq is critical memory's commit sequence number (it grows by one per commit),
// or 0 without a store.
func (m *Machine) Seq() uint64 {
	st, err := m.store()
	if err != nil {
		return 0
	}
	return st.Seq()
}

// MemoryStats are the open store's counters since it opened (commits, fdatasyncs,
// bytes written), or zero without a store: what a benchmark of the machine's
// games (machine/autoplay's) reports per game.
func (m *Machine) MemoryStats() meters.Stats {
	st, err := m.store()
	if err != nil {
		return meters.Stats{}
	}
	return st.Stats()
}

// store is the open store, read under the machine's lock. A store closed by a
// reopen after it was returned still answers View with its last commit.
func (m *Machine) store() (*meters.Store, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return nil, fmt.Errorf("%w: the machine is closed", ErrNoStore)
	case m.st == nil:
		return nil, fmt.Errorf("%w: %v", ErrNoStore, m.memErr)
	}
	return m.st, nil
}

// CommitLink commits fn (the floor link's own state: its exception queue, set
// through the LinkSetter) to critical memory in a commit of its own, under the machine's lock and exactly as
// the machine commits: the commit hook runs in it, and a failed write stops play
// (critical memory error) as one of the machine's own would; the status that
// results goes out to subscribers. Without a store the error wraps ErrNoStore; a
// failed write, or a critical memory error already there, wraps the machine's
// (meters.ErrStopped, or a *meters.RAMError), and nothing is written. fn must not
// call the Machine.
func (m *Machine) CommitLink(fn func(l LinkSetter) error) error {
	m.mu.Lock()
	var err error
	switch {
	case m.closed:
		err = fmt.Errorf("%w: the machine is closed", ErrNoStore)
	case m.st == nil:
		err = fmt.Errorf("%w: %v", ErrNoStore, m.memErr)
	case m.memErr != nil:
		err = fmt.Errorf("machine: link commit: critical memory error: %w", m.memErr)
	default:
		if err = m.update(func(tx *meters.Tx) error { return fn(linkTx{tx}) }); err != nil {
			st := m.status()
			m.emit(Output{Kind: OutState, Status: &st})
		}
	}
	outs := m.out
	m.out = nil
	m.mu.Unlock()
	m.subs.deliver(outs)
	return err
}

// StoredCashout returns the cash-out request critical memory holds as waiting for
// the wallet, if any: for a tool that reads a machine's critical memory from
// outside (the lab's power-fail checks read a stopped machine's state directory
// read-only) without knowing how the machine stores its own state.
func StoredCashout(v *meters.Snapshot) (Cashout, bool) {
	raw, ok := v.Value(durableKey)
	var d durable
	if !ok || json.Unmarshal(raw, &d) != nil || d.Cashout == nil {
		return Cashout{}, false
	}
	return *d.Cashout, true
}
