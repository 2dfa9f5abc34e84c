package desk

import (
	"net/http"
	"net/url"
)

// ControlBorn records the date of birth (YYYY-MM-DD) on a player's account.
type ControlBorn struct {
	Player string `json:"player"`
	Born   string `json:"born"`
}

// protectRoutes are the control endpoint's player protection handlers: the
// register's changes (each one bbolt transaction with its event) and its listing.
func (wl *WalletLoop) protectRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/restrict", func(w http.ResponseWriter, r *http.Request) {
		var req RestrictRequest
		if !readJSON(w, r, &req) {
			return
		}
		res, err := wl.W.Restrict(req)
		wl.registerReply(w, res, err)
	})
	mux.HandleFunc("POST /v1/lift", func(w http.ResponseWriter, r *http.Request) {
		var req LiftRequest
		if !readJSON(w, r, &req) {
			return
		}
		res, err := wl.W.Lift(req)
		wl.registerReply(w, res, err)
	})
	mux.HandleFunc("GET /v1/restrictions", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		rs, err := wl.W.Restrictions(q.Get("player"), q.Get("all") == "1")
		if err != nil {
			replyJSON(w, http.StatusInternalServerError, controlError{err.Error()})
			return
		}
		replyJSON(w, http.StatusOK, rs)
	})
	mux.HandleFunc("POST /v1/born", func(w http.ResponseWriter, r *http.Request) {
		var req ControlBorn
		if !readJSON(w, r, &req) {
			return
		}
		a, err := wl.W.SetBirthDate(req.Player, req.Born)
		if err != nil {
			replyJSON(w, http.StatusConflict, controlError{err.Error()})
			return
		}
		replyJSON(w, http.StatusOK, a)
	})
}

func (wl *WalletLoop) registerReply(w http.ResponseWriter, r Restriction, err error) {
	if err != nil {
		replyJSON(w, http.StatusConflict, controlError{err.Error()})
		return
	}
	wl.say("register: %s", RestrictionLine(r))
	replyJSON(w, http.StatusOK, r)
}

// The desk's player protection, through the control endpoint.

func (d controlDesk) Restrict(req RestrictRequest) (Restriction, error) {
	var r Restriction
	err := d.fc.Call("/v1/restrict", req, &r)
	return r, err
}

func (d controlDesk) Lift(req LiftRequest) (Restriction, error) {
	var r Restriction
	err := d.fc.Call("/v1/lift", req, &r)
	return r, err
}

func (d controlDesk) Restrictions(player string, all bool) ([]Restriction, error) {
	q := url.Values{}
	if player != "" {
		q.Set("player", player)
	}
	if all {
		q.Set("all", "1")
	}
	path := "/v1/restrictions"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	rs := []Restriction{}
	err := d.fc.Call(path, nil, &rs)
	if rs == nil {
		rs = []Restriction{}
	}
	return rs, err
}

func (d controlDesk) BirthDate(player, born string) (Account, error) {
	var a Account
	err := d.fc.Call("/v1/born", ControlBorn{Player: player, Born: born}, &a)
	return a, err
}

// The desk's player protection, on the database.

func (d dbDesk) Restrict(req RestrictRequest) (Restriction, error) { return d.w.Restrict(req) }
func (d dbDesk) Lift(req LiftRequest) (Restriction, error)         { return d.w.Lift(req) }
func (d dbDesk) Restrictions(player string, all bool) ([]Restriction, error) {
	return d.w.Restrictions(player, all)
}
func (d dbDesk) BirthDate(player, born string) (Account, error) {
	return d.w.SetBirthDate(player, born)
}
