package desk

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// controlMux is the control endpoint's handlers over the loop's wallet.
func (wl *WalletLoop) controlMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/scan", func(w http.ResponseWriter, r *http.Request) {
		var req ControlScan
		if !readJSON(w, r, &req) {
			return
		}
		wait := wl.Timeout
		if d := time.Duration(req.TimeoutMS) * time.Millisecond; d > 0 && d < wait {
			wait = d
		}
		ctx, cancel := context.WithTimeout(r.Context(), wait)
		defer cancel()
		t, err := wl.W.Scan(ctx, req.Payload, req.Player, req.Cents)
		if err != nil {
			wl.say("scan by %q: %v", req.Player, err)
			status := http.StatusConflict
			if errors.Is(err, ErrTransferState) {
				status = http.StatusServiceUnavailable
			}
			replyJSON(w, status, controlError{err.Error()})
			return
		}
		a, _ := wl.W.Account(req.Player)
		wl.say("transfer %d: %s of %s on asset %d by %s: %s", t.Seq, DirWord(t.Dir), wl.W.plain(t.Cents), t.Asset, t.Player, t.State)
		replyJSON(w, http.StatusOK, ControlScanReply{Transfer: t, Account: a})
	})
	mux.HandleFunc("POST /v1/account", func(w http.ResponseWriter, r *http.Request) {
		var req ControlAccount
		if !readJSON(w, r, &req) {
			return
		}
		if req.Player == "" || req.Fund < 0 {
			replyJSON(w, http.StatusBadRequest, controlError{"floor: control: account: a player is required and the funding must not be negative"})
			return
		}
		a, err := wl.openAccount(req)
		if err != nil {
			replyJSON(w, http.StatusConflict, controlError{err.Error()})
			return
		}
		replyJSON(w, http.StatusOK, a)
	})
	mux.HandleFunc("GET /v1/balances", func(w http.ResponseWriter, r *http.Request) {
		b, err := BalancesOf(wl.W)
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		replyJSON(w, http.StatusOK, b)
	})
	mux.HandleFunc("GET /v1/reconcile", func(w http.ResponseWriter, r *http.Request) {
		money, err := wl.Money()
		if err != nil {
			replyJSON(w, http.StatusServiceUnavailable, controlError{err.Error()})
			return
		}
		rec, err := wl.W.Reconcile(money)
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
		ev, err := wl.W.Events()
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		if ev == nil {
			ev = []WalletEvent{}
		}
		replyJSON(w, http.StatusOK, ev)
	})
	wl.protectRoutes(mux)
	return mux
}

// openAccount opens the player's account (if new) and funds it.
func (wl *WalletLoop) openAccount(req ControlAccount) (Account, error) {
	return OpenAccount(wl.W, req.Player, req.Fund)
}

// OpenAccount opens player's account in w (a no-op if it is open) and adds fund
// cents from outside.
func OpenAccount(w *Wallet, player string, fund int64) (Account, error) {
	if err := w.CreateAccount(player); err != nil {
		return Account{}, err
	}
	if fund > 0 {
		if err := w.Fund(player, fund); err != nil {
			return Account{}, err
		}
	}
	return w.Account(player)
}

// BalancesOf reads the accounts and the machines of w (empty lists, never nil).
func BalancesOf(w *Wallet) (Balances, error) {
	as, err := w.Accounts()
	if err != nil {
		return Balances{}, err
	}
	ms, err := w.Machines()
	if err != nil {
		return Balances{}, err
	}
	if as == nil {
		as = []Account{}
	}
	if ms == nil {
		ms = []WalletMachine{}
	}
	return Balances{Accounts: as, Machines: ms, Currency: w.st.Currency().Code}, nil
}
