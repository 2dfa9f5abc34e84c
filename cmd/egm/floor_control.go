package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"time"

	"egm/floor"
)

// The floor's control endpoint (egm floor --wallet --control ADDR): HTTP with JSON
// bodies, on a loopback address or a unix socket only, so that a player's scan
// (egm wallet scan --floor ADDR) reaches the wallet the running floor holds.
//
//	POST /v1/scan       {"payload":"EGM1…","player":"alice","cents":10000[,"timeout_ms":N]} → controlScanReply
//	POST /v1/account    {"player":"alice","fund":50000}                    → floor.Account
//	GET  /v1/balances                                                      → balancesReport
//	GET  /v1/reconcile  (the linked machines' AFT meters read over SAS)    → floor.Reconciliation
//	GET  /v1/events                                                        → []floor.WalletEvent
//
// A refusal is {"error": "…"} with status 409 (the wallet or the machine said no),
// 400 (a malformed request) or 503 (the outcome is not known yet: the transfer
// stays pending). The payload (the one-time code) is never logged.

type controlScan struct {
	Payload string `json:"payload"`
	Player  string `json:"player"`
	Cents   int64  `json:"cents"`
	// TimeoutMS: how long to wait for the machine (0 or more than the floor's own
	// limit: the floor's); after it the transfer stays pending (503).
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
}

type controlScanReply struct {
	Transfer floor.Transfer `json:"transfer"`
	Account  floor.Account  `json:"account"`
}

type controlAccount struct {
	Player string `json:"player"`
	Fund   int64  `json:"fund"`
}

type controlError struct {
	Error string `json:"error"`
}

// controlNetwork checks spec (HOST:PORT on a loopback address, or unix:PATH) and
// returns the network and address to listen on.
func controlNetwork(spec string) (string, string, error) {
	if path, ok := strings.CutPrefix(spec, "unix:"); ok {
		if path == "" {
			return "", "", errors.New("egm floor: --control unix:PATH needs a path")
		}
		return "unix", path, nil
	}
	host, _, err := net.SplitHostPort(spec)
	if err != nil {
		return "", "", fmt.Errorf("egm floor: --control %q: want 127.0.0.1:PORT or unix:PATH", spec)
	}
	ip := net.ParseIP(host)
	if host == "localhost" {
		ip = net.IPv4(127, 0, 0, 1)
	}
	if ip == nil || !ip.IsLoopback() {
		return "", "", fmt.Errorf("egm floor: --control %q: only a loopback address (127.0.0.1, ::1) or a unix socket: the endpoint moves money", spec)
	}
	return "tcp", spec, nil
}

// serveControl serves the control endpoint until ctx ends; it returns the address
// it listens on.
func serveControl(ctx context.Context, spec string, fw *floorWallet) (string, error) {
	network, addr, err := controlNetwork(spec)
	if err != nil {
		return "", err
	}
	if network == "unix" {
		if _, err := os.Stat(addr); err == nil {
			// A socket left by a floor that stopped; a live one answers.
			if c, err := net.DialTimeout("unix", addr, time.Second); err == nil {
				c.Close()
				return "", fmt.Errorf("egm floor: --control %s: another floor serves it", spec)
			}
			os.Remove(addr)
		}
	}
	ln, err := listenControl(network, addr)
	if err != nil {
		return "", fmt.Errorf("egm floor: control: %w", err)
	}
	srv := &http.Server{Handler: fw.controlMux(), ReadHeaderTimeout: 5 * time.Second}
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

func (fw *floorWallet) controlMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/scan", func(w http.ResponseWriter, r *http.Request) {
		var req controlScan
		if !readJSON(w, r, &req) {
			return
		}
		wait := fw.timeout
		if d := time.Duration(req.TimeoutMS) * time.Millisecond; d > 0 && d < wait {
			wait = d
		}
		ctx, cancel := context.WithTimeout(r.Context(), wait)
		defer cancel()
		t, err := fw.w.Scan(ctx, req.Payload, req.Player, req.Cents)
		if err != nil {
			fw.say("scan by %q: %v", req.Player, err)
			status := http.StatusConflict
			if errors.Is(err, floor.ErrTransferState) {
				status = http.StatusServiceUnavailable
			}
			replyJSON(w, status, controlError{err.Error()})
			return
		}
		a, _ := fw.w.Account(req.Player)
		fw.say("transfer %d: %s of %s on asset %d by %s: %s", t.Seq, dirWord(t.Dir), euros(t.Cents), t.Asset, t.Player, t.State)
		replyJSON(w, http.StatusOK, controlScanReply{Transfer: t, Account: a})
	})
	mux.HandleFunc("POST /v1/account", func(w http.ResponseWriter, r *http.Request) {
		var req controlAccount
		if !readJSON(w, r, &req) {
			return
		}
		if req.Player == "" || req.Fund < 0 {
			replyJSON(w, http.StatusBadRequest, controlError{"egm floor: account: a player is required and the funding must not be negative"})
			return
		}
		if err := fw.w.CreateAccount(req.Player); err != nil {
			replyJSON(w, http.StatusConflict, controlError{err.Error()})
			return
		}
		if req.Fund > 0 {
			if err := fw.w.Fund(req.Player, req.Fund); err != nil {
				replyJSON(w, http.StatusConflict, controlError{err.Error()})
				return
			}
		}
		a, err := fw.w.Account(req.Player)
		if err != nil {
			replyJSON(w, http.StatusConflict, controlError{err.Error()})
			return
		}
		replyJSON(w, http.StatusOK, a)
	})
	mux.HandleFunc("GET /v1/balances", func(w http.ResponseWriter, r *http.Request) {
		as, err := fw.w.Accounts()
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		ms, err := fw.w.Machines()
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		if as == nil {
			as = []floor.Account{}
		}
		if ms == nil {
			ms = []floor.WalletMachine{}
		}
		replyJSON(w, http.StatusOK, balancesReport{as, ms})
	})
	mux.HandleFunc("GET /v1/reconcile", func(w http.ResponseWriter, r *http.Request) {
		money, err := fw.money()
		if err != nil {
			replyJSON(w, http.StatusServiceUnavailable, controlError{err.Error()})
			return
		}
		rec, err := fw.w.Reconcile(money)
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		if rec.Problems == nil {
			rec.Problems = []string{}
		}
		replyJSON(w, http.StatusOK, rec)
	})
	mux.HandleFunc("GET /v1/events", func(w http.ResponseWriter, r *http.Request) {
		ev, err := fw.w.Events()
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		if ev == nil {
			ev = []floor.WalletEvent{}
		}
		replyJSON(w, http.StatusOK, ev)
	})
	return mux
}

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		replyJSON(w, http.StatusBadRequest, controlError{fmt.Sprintf("egm floor: control: bad request: %v", err)})
		return false
	}
	return true
}

func replyJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// floorClient is the wallet commands' side of the control endpoint.
type floorClient struct {
	base string
	c    *http.Client
}

func newFloorClient(spec string) (*floorClient, error) {
	network, addr, err := controlNetwork(spec)
	if err != nil {
		return nil, errors.New(strings.Replace(err.Error(), "egm floor: --control", "egm wallet: --floor", 1))
	}
	tr := &http.Transport{}
	base := "http://" + addr
	if network == "unix" {
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", addr)
		}
		base = "http://floor"
	}
	return &floorClient{base: base, c: &http.Client{Transport: tr, Timeout: 2 * time.Minute}}, nil
}

// call sends in (nil: a GET) to path and decodes the reply into out; a refusal
// is the floor's error text.
func (fc *floorClient) call(path string, in, out any) error {
	var resp *http.Response
	var err error
	if in == nil {
		resp, err = fc.c.Get(fc.base + path)
	} else {
		b, _ := json.Marshal(in)
		resp, err = fc.c.Post(fc.base+path, "application/json", strings.NewReader(string(b)))
	}
	if err != nil {
		return fmt.Errorf("egm wallet: the floor's control endpoint: %w (is `egm floor --wallet --control …` running?)", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var e controlError
		if json.NewDecoder(resp.Body).Decode(&e) != nil || e.Error == "" {
			return fmt.Errorf("egm wallet: the floor answered %s", resp.Status)
		}
		return errors.New(e.Error)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("egm wallet: the floor's reply: %w", err)
	}
	return nil
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
