package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"

	"egm/floor"
)

// The floor's control endpoint (egm-floor run --wallet --control ADDR): HTTP with JSON
// bodies, on a loopback address or a unix socket only, so that a player's scan
// (egm-floor wallet scan --floor ADDR) reaches the wallet the running floor holds.
//
//	POST /v1/scan       ControlScan                                        → ControlScanReply
//	POST /v1/account    ControlAccount                                     → Account
//	GET  /v1/balances                                                      → Balances
//	GET  /v1/reconcile  (the linked machines' AFT meters read over SAS)    → Reconciliation
//	GET  /v1/events                                                        → []WalletEvent
//	POST /v1/restrict   RestrictRequest (player protection)                → Restriction
//	POST /v1/lift       LiftRequest                                        → Restriction
//	GET  /v1/restrictions[?player=P][&all=1]                               → []Restriction
//	POST /v1/born       ControlBorn (the account's date of birth)          → Account
//
// A refusal is {"error": "…"} with status 409 (the wallet or the machine said no),
// 400 (a malformed request) or 503 (the outcome is not known yet: the transfer
// stays pending). The payload (the one-time code) is never logged.

// ControlScan is a player's scan sent to the running floor.
type ControlScan struct {
	Payload string `json:"payload"`
	Player  string `json:"player"`
	Cents   int64  `json:"cents"`
	// TimeoutMS: how long to wait for the machine (0 or more than the floor's own
	// limit: the floor's); after it the transfer stays pending (503).
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
}

// ControlScanReply is the transfer a scan made and the player's account after it.
type ControlScanReply struct {
	Transfer Transfer `json:"transfer"`
	Account  Account  `json:"account"`
}

// ControlAccount opens a player's account and funds it.
type ControlAccount struct {
	Player string `json:"player"`
	Fund   int64  `json:"fund"`
}

// Balances are the accounts and the money the wallet put on each machine.
type Balances struct {
	Accounts []Account       `json:"accounts"`
	Machines []WalletMachine `json:"machines"`
	// Currency is the ISO code of the amounts: the floor's ("" read as EUR).
	Currency string `json:"currency,omitempty"`
}

type controlError struct {
	Error string `json:"error"`
}

// ErrControlBusy is a unix socket another running floor serves.
var ErrControlBusy = errors.New("floor: control endpoint: another floor serves it")

// ServeControl serves the wallet's control endpoint on spec until ctx ends; it
// returns the address it listens on (tcp: HOST:PORT; unix:PATH).
func ServeControl(ctx context.Context, spec string, wl *WalletLoop) (string, error) {
	network, addr, err := floor.ControlNetwork(spec)
	if err != nil {
		return "", err
	}
	if network == "unix" {
		if _, err := os.Stat(addr); err == nil {
			// A socket left by a floor that stopped; a live one answers.
			if c, err := net.DialTimeout("unix", addr, time.Second); err == nil {
				c.Close()
				return "", fmt.Errorf("%w: %s", ErrControlBusy, spec)
			}
			os.Remove(addr)
		}
	}
	ln, err := listenControl(network, addr)
	if err != nil {
		return "", fmt.Errorf("floor: control: %w", err)
	}
	srv := &http.Server{Handler: wl.controlMux(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if network == "unix" {
		return "unix:" + addr, nil
	}
	return ln.Addr().String(), nil
}

// listenControl listens on the control endpoint. A unix socket is created private
// to its owner from the start (under a umask of 077), never open to others even
// for an instant — it moves players' money — and then made 0600.
func listenControl(network, addr string) (net.Listener, error) {
	if network != "unix" {
		return net.Listen(network, addr)
	}
	old := syscall.Umask(0o077)
	ln, err := net.Listen(network, addr)
	syscall.Umask(old)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(addr, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// DirWord is a transfer's direction for people: cash-in or cash-out.
func DirWord(d Direction) string {
	if d == DirIn {
		return "cash-in"
	}
	return "cash-out"
}

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		replyJSON(w, http.StatusBadRequest, controlError{fmt.Sprintf("floor: control: bad request: %v", err)})
		return false
	}
	return true
}

func replyJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
