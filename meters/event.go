package meters

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"time"
)

// EventTail is how many events critical memory keeps. Older events are dropped and
// the chain stays verifiable from an anchor: the hash of the last dropped event.
const EventTail = 1000

// EventKind names what happened.
type EventKind string

// Event kinds. The machine may use others; these are the ones regulators ask for and
// the ones this package writes itself.
const (
	EvPowerUp        EventKind = "power_up"
	EvPowerDown      EventKind = "power_down"
	EvDoorOpen       EventKind = "door_open"
	EvDoorClose      EventKind = "door_close"
	EvTilt           EventKind = "tilt"
	EvTiltClear      EventKind = "tilt_clear"
	EvHandpay        EventKind = "handpay"
	EvHandpayReset   EventKind = "handpay_reset"
	EvGameVoided     EventKind = "game_voided"
	EvHostCommand    EventKind = "host_command"
	EvAMLFlag        EventKind = "aml_flag"
	EvConfigChange   EventKind = "config_change"
	EvRAMError       EventKind = "ram_error"
	EvRAMClear       EventKind = "ram_clear"
	EvMemoryInit     EventKind = "memory_init"     // written by this package: a new, empty store
	EvMemoryRepair   EventKind = "memory_repair"   // written by this package: a bad copy rewritten from a good one
	EvMemoryRecovery EventKind = "memory_recovery" // written by this package: an unacknowledged write cut short by a crash was discarded
)

// Event is one entry of the event log. Seq orders events; Time is recorded as given
// (a clock that jumps backwards does not reorder anything). Hash is the hex SHA-256
// of the previous entry's hash and this entry's content.
type Event struct {
	Seq    uint64    `json:"seq"`
	Time   time.Time `json:"time"`
	Kind   EventKind `json:"kind"`
	Detail string    `json:"detail,omitempty"`
	Hash   string    `json:"hash"`
}

// Anchor is where the kept part of the chain starts: the seq and hash of the last
// dropped event (0 and the zero hash while nothing was dropped).
type Anchor struct {
	Seq  uint64 `json:"seq"`
	Hash string `json:"hash"`
}

// genesisHash is the "previous hash" of event 1.
var genesisHash = hex.EncodeToString(make([]byte, sha256.Size))

// eventHash is SHA-256(prev hash bytes || seq BE || unix nanoseconds BE || len(kind) BE
// || kind || len(detail) BE || detail).
func eventHash(prevHex string, e Event) (string, error) {
	prev, err := hex.DecodeString(prevHex)
	if err != nil || len(prev) != sha256.Size {
		return "", fmt.Errorf("meters: event chain: bad previous hash %q", prevHex)
	}
	h := sha256.New()
	h.Write(prev)
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], e.Seq)
	h.Write(n[:])
	binary.BigEndian.PutUint64(n[:], uint64(e.Time.UnixNano()))
	h.Write(n[:])
	for _, s := range []string{string(e.Kind), e.Detail} {
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ChainError names the first event whose hash or sequence does not follow.
type ChainError struct {
	Seq    uint64 // the first broken entry
	Index  int    // its index in the list given to VerifyChain
	Reason string
}

func (e *ChainError) Error() string {
	return fmt.Sprintf("meters: event chain broken at event seq %d (entry %d): %s", e.Seq, e.Index, e.Reason)
}

// VerifyChain checks events (oldest first) against the anchor and returns a
// *ChainError naming the first entry that does not follow, or nil.
func VerifyChain(anchor Anchor, events []Event) error {
	prev, seq := anchor.Hash, anchor.Seq
	for i, e := range events {
		if e.Seq != seq+1 {
			return &ChainError{Seq: e.Seq, Index: i, Reason: fmt.Sprintf("seq %d follows %d", e.Seq, seq)}
		}
		want, err := eventHash(prev, e)
		if err != nil {
			return &ChainError{Seq: e.Seq, Index: i, Reason: err.Error()}
		}
		if e.Hash != want {
			return &ChainError{Seq: e.Seq, Index: i, Reason: "hash does not match content and previous hash"}
		}
		prev, seq = e.Hash, e.Seq
	}
	return nil
}
