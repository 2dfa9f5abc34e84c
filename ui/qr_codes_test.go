package ui

import (
	"errors"
	"sync"
	"testing"
	"time"

	"egm/ui/internal/qrpanel"
	"egm/wallet"
)

// countingCodes issues codes valid for two minutes and counts the calls.
type countingCodes struct {
	mu    sync.Mutex
	now   *time.Time
	calls int
	fail  error
}

func (c *countingCodes) Present(k wallet.Kind) (string, wallet.Payload, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	if c.fail != nil {
		return "", wallet.Payload{}, c.fail
	}
	return "code", wallet.Payload{Kind: k, Expiry: c.now.Add(2 * time.Minute)}, nil
}

func (c *countingCodes) n() int { c.mu.Lock(); defer c.mu.Unlock(); return c.calls }

// settle waits for the fetch started by want to finish.
func settle(q *qrpanel.QrCode) {
	for {
		q.Mu.Lock()
		f := q.Fetching
		q.Mu.Unlock()
		if !f {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

func TestQRCodeRefresh(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	c := &countingCodes{now: &now}
	q := &qrpanel.QrCode{Codes: c, Now: func() time.Time { return now }}
	step := func(kind wallet.Kind, key string) { q.Want(kind, key); settle(q) }

	step(wallet.CashIn, "")
	step(wallet.CashIn, "")
	if c.n() != 1 {
		t.Fatalf("%d codes issued for one panel", c.n())
	}
	if text, p, _, err := q.Shown(); text != "code" || p.Kind != wallet.CashIn || err != nil {
		t.Fatalf("shown %q %+v %v", text, p, err)
	}
	now = now.Add(2*time.Minute - qrpanel.RefreshBefore - time.Second)
	step(wallet.CashIn, "")
	if c.n() != 1 {
		t.Fatal("refreshed too early")
	}
	now = now.Add(2 * time.Second) // within refreshBefore of the expiry
	step(wallet.CashIn, "")
	if c.n() != 2 {
		t.Fatal("not refreshed before the expiry")
	}
	step(wallet.CashOut, "C7") // a cash-out: a new code at once
	if _, p, _, _ := q.Shown(); c.n() != 3 || p.Kind != wallet.CashOut {
		t.Fatalf("cash-out: %d calls, kind %s", c.n(), p.Kind)
	}
	step(wallet.CashOut, "C8") // the next cash-out
	if c.n() != 4 {
		t.Fatal("a new cash-out kept the old code")
	}
	// An error is shown, not retried every frame, until the panel changes.
	c.fail = errors.New("machine: not now")
	step(wallet.CashIn, "")
	step(wallet.CashIn, "")
	if _, _, _, err := q.Shown(); err == nil || c.n() != 5 {
		t.Fatalf("error %v after %d calls", err, c.n())
	}
	c.fail = nil
	q.Reset()
	step(wallet.CashIn, "")
	if text, _, _, err := q.Shown(); text == "" || err != nil {
		t.Fatalf("after reset: %q %v", text, err)
	}
}

func TestCountdown(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0:00", -time.Second: "0:00", 65 * time.Second: "1:05", 9*time.Second + 999*time.Millisecond: "0:09", 2 * time.Minute: "2:00"} {
		if got := qrpanel.Countdown(d); got != want {
			t.Errorf("countdown(%v) = %q, want %q", d, got, want)
		}
	}
}
