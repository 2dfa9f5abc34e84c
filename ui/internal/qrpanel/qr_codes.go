package qrpanel

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

// RefreshBefore: a new code is asked for this long before the shown one expires, so
// that a phone never reads a code that expires while the wallet sends it.
const RefreshBefore = 10 * time.Second

// QrCode is the code a QR panel shows, fetched off the frame loop (issuing a code
// commits it to the machine's critical memory).
type QrCode struct {
	Codes WalletCodes
	Now   func() time.Time

	Mu       sync.Mutex
	kind     wallet.Kind
	key      string    // what the code is for (the live cash-out code's id); a new key asks anew
	next     time.Time // no new fetch for the same code before this (a live code comes back unchanged)
	text     string
	payload  wallet.Payload
	err      error
	Fetching bool
	gen      int // bumps with every new text (the panel redraws its image)
}

// Want makes sure a live code of kind for key is shown or being fetched; it asks
// for a new one when none is held, the kind or key changed, or the held one is
// about to expire.
func (q *QrCode) Want(kind wallet.Kind, key string) {
	q.Mu.Lock()
	defer q.Mu.Unlock()
	if q.Fetching {
		return
	}
	stale := q.text == "" || q.kind != kind || q.key != key || !q.Now().Add(RefreshBefore).Before(q.payload.Expiry)
	if !stale || (q.kind == kind && q.key == key && q.Now().Before(q.next)) {
		return
	}
	if q.err != nil && q.kind == kind && q.key == key {
		return // an error is shown until the kind or key changes (reset)
	}
	if q.kind != kind || q.key != key {
		q.text, q.err = "", nil
	}
	q.kind, q.key, q.Fetching = kind, key, true
	go func() {
		text, p, err := q.Codes.Present(kind)
		q.Mu.Lock()
		defer q.Mu.Unlock()
		q.Fetching = false
		q.next = q.Now().Add(time.Second)
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

// Reset forgets the code (the panel closed).
func (q *QrCode) Reset() {
	q.Mu.Lock()
	q.text, q.err, q.kind, q.key = "", nil, 0, ""
	q.Mu.Unlock()
}

// Shown returns the code to draw (text empty while it is being fetched).
func (q *QrCode) Shown() (text string, p wallet.Payload, gen int, err error) {
	q.Mu.Lock()
	defer q.Mu.Unlock()
	return q.text, q.payload, q.gen, q.err
}

// Countdown is the time left on a code as the screen shows it: "1:05", "0:09".
func Countdown(left time.Duration) string {
	if left < 0 {
		left = 0
	}
	s := int64(left / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
