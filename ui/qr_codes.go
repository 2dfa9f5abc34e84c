package ui

import (
	"fmt"
	"sync"
	"time"

	"egm/wallet"
)

// WalletCodes gives the screen the QR codes the machine shows: a live code of the
// kind asked, as signed text and its payload. cmd/egm sets it (a *wallet.Presenter
// over the machine's code issuer); the screen never sees the machine's key.
type WalletCodes interface {
	Present(kind wallet.Kind) (string, wallet.Payload, error)
}

// refreshBefore: a new code is asked for this long before the shown one expires, so
// that a phone never reads a code that expires while the wallet sends it.
const refreshBefore = 10 * time.Second

// qrCode is the code a QR panel shows, fetched off the frame loop (issuing a code
// commits it to the machine's critical memory).
type qrCode struct {
	codes WalletCodes
	now   func() time.Time

	mu       sync.Mutex
	kind     wallet.Kind
	key      string    // what the code is for (the live cash-out code's id); a new key asks anew
	next     time.Time // no new fetch for the same code before this (a live code comes back unchanged)
	text     string
	payload  wallet.Payload
	err      error
	fetching bool
	gen      int // bumps with every new text (the panel redraws its image)
}

// want makes sure a live code of kind for key is shown or being fetched; it asks
// for a new one when none is held, the kind or key changed, or the held one is
// about to expire.
func (q *qrCode) want(kind wallet.Kind, key string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.fetching {
		return
	}
	stale := q.text == "" || q.kind != kind || q.key != key || !q.now().Add(refreshBefore).Before(q.payload.Expiry)
	if !stale || (q.kind == kind && q.key == key && q.now().Before(q.next)) {
		return
	}
	if q.err != nil && q.kind == kind && q.key == key {
		return // an error is shown until the kind or key changes (reset)
	}
	if q.kind != kind || q.key != key {
		q.text, q.err = "", nil
	}
	q.kind, q.key, q.fetching = kind, key, true
	go func() {
		text, p, err := q.codes.Present(kind)
		q.mu.Lock()
		defer q.mu.Unlock()
		q.fetching = false
		q.next = q.now().Add(time.Second)
		if q.kind != kind || q.key != key {
			return // the panel moved on meanwhile
		}
		if err != nil {
			q.err = err
			return
		}
		q.text, q.payload, q.err = text, p, nil
		q.gen++
	}()
}

// reset forgets the code (the panel closed).
func (q *qrCode) reset() {
	q.mu.Lock()
	q.text, q.err, q.kind, q.key = "", nil, 0, ""
	q.mu.Unlock()
}

// shown returns the code to draw (text empty while it is being fetched).
func (q *qrCode) shown() (text string, p wallet.Payload, gen int, err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.text, q.payload, q.gen, q.err
}

// countdown is the time left on a code as the screen shows it: "1:05", "0:09".
func countdown(left time.Duration) string {
	if left < 0 {
		left = 0
	}
	s := int64(left / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
