package jackpot

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// The controller's bbolt file (Open): one process's, every write one fsynced
// transaction under bbolt's single writer.

// Buckets.
var (
	bMeta     = []byte("meta")     // "state" → the money state
	bMachines = []byte("machines") // machine id → its account (accounts.go)
	bGames    = []byte("games")    // machine \0 game → contribution record
	bHits     = []byte("hits")     // machine \0 game \0 level [\0 n] → award
	bAwards   = []byte("awards")   // award seq (big endian) → award, the last AwardLog
	kState    = []byte("state")
)

type boltStore struct{ db *bolt.DB }

// openBolt opens (or creates) the file at path with its buckets.
func openBolt(path string) (*boltStore, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 && fi.Size() < 4096 {
		return nil, fmt.Errorf("%w: %s is %d bytes, shorter than one page", ErrCorrupt, path, fi.Size())
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%w: %s", ErrInUse, path)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("jackpot: open %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("%w: open %s: %v", ErrCorrupt, path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bMeta, bMachines, bGames, bHits, bAwards} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return fmt.Errorf("jackpot: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, wrap(err)
	}
	return &boltStore{db: db}, nil
}

func (b *boltStore) update(fn func(t txn) error) error {
	return b.db.Update(func(tx *bolt.Tx) error { return fn(boltTxn{tx}) })
}

func (b *boltStore) view(fn func(t txn) error) error {
	return b.db.View(func(tx *bolt.Tx) error { return fn(boltTxn{tx}) })
}

func (b *boltStore) close() error { return b.db.Close() }
func (b *boltStore) shared() bool { return false }

type boltTxn struct{ tx *bolt.Tx }

func (t boltTxn) state() (*state, error) {
	raw := t.tx.Bucket(bMeta).Get(kState)
	if raw == nil {
		return nil, nil
	}
	s, err := decodeState(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return s, nil
}

func (t boltTxn) putState(s *state) error { return t.tx.Bucket(bMeta).Put(kState, encodeState(s)) }

func (t boltTxn) machine(id string) (MachineAccount, bool, error) {
	v := t.tx.Bucket(bMachines).Get([]byte(id))
	if v == nil {
		return MachineAccount{}, false, nil
	}
	m, err := decodeMachine(id, v)
	return m, err == nil, err
}

func (t boltTxn) putMachine(m MachineAccount) error {
	return t.tx.Bucket(bMachines).Put([]byte(m.Machine), encodeMachine(m))
}

func (t boltTxn) machines() ([]MachineAccount, error) {
	var out []MachineAccount
	err := t.tx.Bucket(bMachines).ForEach(func(k, v []byte) error {
		m, err := decodeMachine(string(k), v)
		out = append(out, m)
		return err
	})
	return out, err
}

func (t boltTxn) game(machine string, game uint64) (gameRecord, bool, error) {
	old := t.tx.Bucket(bGames).Get(gameKey(machine, game))
	if old == nil {
		return gameRecord{}, false, nil
	}
	g, err := decodeGame(old)
	if err != nil {
		return gameRecord{}, false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return g, true, nil
}

func (t boltTxn) putGame(machine string, game uint64, g gameRecord, window uint64) error {
	b := t.tx.Bucket(bGames)
	if err := b.Put(gameKey(machine, game), encodeGame(g)); err != nil {
		return err
	}
	return prune(b, machine, game, window)
}

// hitKey is machine \0 game \0 level, then \0 n for a game's second hit on.
func hitKey(machine string, game uint64, level string, n int) []byte {
	key := append(gameKey(machine, game), 0)
	key = append(key, level...)
	if n > 0 {
		key = append(key, 0, byte(n))
	}
	return key
}

func (t boltTxn) hit(machine string, game uint64, level string, n int) (Award, bool, error) {
	old := t.tx.Bucket(bHits).Get(hitKey(machine, game, level, n))
	if old == nil {
		return Award{}, false, nil
	}
	a, err := decodeAward(old)
	if err != nil {
		return Award{}, false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return a, true, nil
}

func (t boltTxn) logAward(a Award, n int, keep, window uint64) error {
	b := t.tx.Bucket(bAwards)
	if err := b.Put(u64be(a.Seq), encodeAward(a)); err != nil {
		return err
	}
	if a.Seq > keep {
		if err := b.Delete(u64be(a.Seq - keep)); err != nil {
			return err
		}
	}
	if n < 0 {
		return nil
	}
	hits := t.tx.Bucket(bHits)
	if err := hits.Put(hitKey(a.Machine, a.Game, a.Level, n), encodeAward(a)); err != nil {
		return err
	}
	return prune(hits, a.Machine, a.Game, window)
}

func (t boltTxn) awards(uint64) ([]Award, error) {
	var out []Award
	err := t.tx.Bucket(bAwards).ForEach(func(_, v []byte) error {
		a, err := decodeAward(v)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		out = append(out, a)
		return nil
	})
	return out, err
}

// prune deletes machine's records of games older than the window below game.
func prune(b *bolt.Bucket, machine string, game, window uint64) error {
	if game <= window {
		return nil
	}
	cut := game - window
	prefix := append([]byte(machine), 0)
	cur := b.Cursor()
	for {
		k, _ := cur.Seek(prefix)
		if k == nil || !bytes.HasPrefix(k, prefix) || len(k) < len(prefix)+8 || beU64(k[len(prefix):len(prefix)+8]) >= cut {
			return nil
		}
		if err := b.Delete(k); err != nil {
			return err
		}
	}
}

// gameKey is machine \0 game (big endian), so a machine's games sort in order.
func gameKey(machine string, game uint64) []byte {
	k := make([]byte, 0, len(machine)+9)
	k = append(k, machine...)
	k = append(k, 0)
	return append(k, u64be(game)...)
}

func u64be(v uint64) []byte {
	return []byte{byte(v >> 56), byte(v >> 48), byte(v >> 40), byte(v >> 32), byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
}

func beU64(b []byte) uint64 {
	var v uint64
	for _, x := range b {
		v = v<<8 | uint64(x)
	}
	return v
}

func (t boltTxn) games() ([]keptGame, error) {
	var out []keptGame
	err := t.tx.Bucket(bGames).ForEach(func(k, v []byte) error {
		if len(k) < 10 || k[len(k)-9] != 0 {
			return fmt.Errorf("%w: game record key %q", ErrCorrupt, k)
		}
		g, err := decodeGame(v)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		out = append(out, keptGame{Machine: string(k[:len(k)-9]), Game: beU64(k[len(k)-8:]), Record: g})
		return nil
	})
	return out, err
}

func (t boltTxn) hits() ([]keptHit, error) {
	var out []keptHit
	err := t.tx.Bucket(bHits).ForEach(func(k, v []byte) error {
		a, err := decodeAward(v)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		n := 0
		if key := hitKey(a.Machine, a.Game, a.Level, 0); !bytes.Equal(k, key) {
			if len(k) != len(key)+2 || !bytes.HasPrefix(k, key) || k[len(key)] != 0 {
				return fmt.Errorf("%w: hit record key %q holds %+v", ErrCorrupt, k, a)
			}
			n = int(k[len(k)-1])
		}
		out = append(out, keptHit{Award: a, N: n})
		return nil
	})
	return out, err
}
