package desk

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Player protection (R-PLAYER-1, R-PLAYER-2): the register of the players who may
// not put money into a machine, kept by the wallet because the wallet is where the
// player is known. See doc.go, "Player protection", and docs/floor.md.
//
// The house rules say who may be restricted, for how long and by whom:
//   - self-exclusion (the Kazakh house rules, section 5, 6–8, 15–16): the player's
//     own written application, for six months to one year; it cannot be withdrawn,
//     it may be extended by a new application, it ends by itself on its last day;
//   - court (section 5, 10 and 17): a person whose capacity a court restricted for
//     gambling abuse, on the list until a court decision lifts it: no end date;
//   - staff (the Estonian house rules, Piirangud 5 and 10): the casino's staff or
//     management restrict a player's right to bet for one day or longer;
//   - under 21 (Kazakh section 4, 5.1; Estonian Piirangud 3): from the date of
//     birth on the account; it ends on the 21st birthday.
// The information is confidential (Kazakh section 5, 12–14): the machine and its
// screen learn only that the wallet declined the cash-in, never why.

// bucketRestrictions holds the register: player + 0x00 + id (8, big-endian) →
// Restriction, so a player's restrictions are one prefix seek.
var bucketRestrictions = []byte("wallet_restrictions")

// RestrictionKind is why a player may not put money in.
type RestrictionKind string

// The kinds of restriction.
const (
	KindSelfExclusion RestrictionKind = "self_exclusion" // the self-exclusion register
	KindCourt         RestrictionKind = "court"          // restricted by a court
	KindStaff         RestrictionKind = "staff"          // restricted by staff, a day or longer
	KindUnder21       RestrictionKind = "under_21"       // the account's date of birth (not stored: computed)
)

// Limits of the register, from the house rules.
const (
	SelfExclusionMinMonths = 6  // Kazakh house rules, section 5, 6
	SelfExclusionMaxMonths = 12 // "
	StaffMinDays           = 1  // Estonian house rules, Piirangud 10: a day or longer
	StaffMaxDays           = 3650
	MinAge                 = 21
	maxNote                = 200 // by, why: characters
)

// Restriction is one entry of the register: who, what kind, from when until when
// (Until zero: until lifted — a court's), by whom and why, and its lifting.
type Restriction struct {
	ID      uint64          `json:"id"` // 0: the under-21 restriction computed from the date of birth
	Player  string          `json:"player"`
	Kind    RestrictionKind `json:"kind"`
	From    time.Time       `json:"from"`
	Until   time.Time       `json:"until,omitzero"`
	By      string          `json:"by"`
	Why     string          `json:"why"`
	Created time.Time       `json:"created,omitzero"`
	// Lifted: staff lifted it (a staff restriction, or a court's on the court's
	// decision) at that time.
	Lifted   time.Time `json:"lifted,omitzero"`
	LiftedBy string    `json:"lifted_by,omitempty"`
	LiftWhy  string    `json:"lift_why,omitempty"`
}

// ActiveAt reports whether r bars the player at t.
func (r Restriction) ActiveAt(t time.Time) bool {
	return !t.Before(r.From) && (r.Until.IsZero() || t.Before(r.Until)) && (r.Lifted.IsZero() || t.Before(r.Lifted))
}

// KindWord is a kind for people.
func KindWord(k RestrictionKind) string {
	switch k {
	case KindSelfExclusion:
		return "self-exclusion register"
	case KindCourt:
		return "restricted by a court"
	case KindStaff:
		return "restricted by staff"
	case KindUnder21:
		return "under 21"
	}
	return string(k)
}

// ErrRestricted is a cash-in refused by player protection: the player is on the
// register, restricted, or under 21.
var ErrRestricted = errors.New("floor: wallet: the player may not play")

// ErrRegister is a change to the register the house rules do not allow.
var ErrRegister = errors.New("floor: wallet: register")

// RestrictRequest is a new entry of the register. Kind is KindStaff (Days),
// KindSelfExclusion (Months) or KindCourt (neither: until lifted). From zero: now.
type RestrictRequest struct {
	Player string          `json:"player"`
	Kind   RestrictionKind `json:"kind"`
	Days   int             `json:"days,omitempty"`
	Months int             `json:"months,omitempty"`
	From   time.Time       `json:"from,omitzero"`
	By     string          `json:"by"`
	Why    string          `json:"why"`
}

// LiftRequest lifts restriction ID.
type LiftRequest struct {
	ID  uint64 `json:"id"`
	By  string `json:"by"`
	Why string `json:"why"`
}

func restrictKey(player string, id uint64) []byte {
	return binary.BigEndian.AppendUint64(append([]byte(player), 0), id)
}

func validNote(what, s string) error {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxNote {
		return fmt.Errorf("%w: %s must be 1..%d characters (who, and why, are recorded)", ErrRegister, what, maxNote)
	}
	return nil
}

// Restrict enters a restriction in the register (one transaction with its event
// in the wallet's log). A player need not have an account yet.
func (w *Wallet) Restrict(req RestrictRequest) (Restriction, error) {
	if err := validPlayer(req.Player); err != nil {
		return Restriction{}, userError{err}
	}
	if err := validNote("--by", req.By); err != nil {
		return Restriction{}, userError{err}
	}
	if err := validNote("--why", req.Why); err != nil {
		return Restriction{}, userError{err}
	}
	now := w.opt.Now()
	from := req.From
	if from.IsZero() {
		from = now
	}
	r := Restriction{Player: req.Player, Kind: req.Kind, From: from, By: strings.TrimSpace(req.By), Why: strings.TrimSpace(req.Why), Created: now}
	switch req.Kind {
	case KindStaff:
		if req.Days < StaffMinDays || req.Days > StaffMaxDays || req.Months != 0 {
			return Restriction{}, userError{fmt.Errorf("%w: staff restrict for %d..%d days (a day or longer), not %d", ErrRegister, StaffMinDays, StaffMaxDays, req.Days)}
		}
		r.Until = from.AddDate(0, 0, req.Days)
	case KindSelfExclusion:
		if req.Months < SelfExclusionMinMonths || req.Months > SelfExclusionMaxMonths || req.Days != 0 {
			return Restriction{}, userError{fmt.Errorf("%w: a self-exclusion is for %d..%d months, not %d", ErrRegister, SelfExclusionMinMonths, SelfExclusionMaxMonths, req.Months)}
		}
		r.Until = from.AddDate(0, req.Months, 0)
	case KindCourt:
		if req.Days != 0 || req.Months != 0 {
			return Restriction{}, userError{fmt.Errorf("%w: a court's restriction has no term: it lasts until a court lifts it", ErrRegister)}
		}
	default:
		return Restriction{}, userError{fmt.Errorf("%w: kind %q: staff, self_exclusion or court (under 21 comes from the date of birth)", ErrRegister, req.Kind)}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.update(func(tx walletTx) error {
		r.ID = 0
		id, err := tx.addRestriction(r)
		if err != nil {
			return err
		}
		r.ID = id
		return w.logEvent(tx, WalletEvent{Kind: "restriction", Player: r.Player, Message: "restriction " + RestrictionLine(r)})
	})
	if err != nil {
		return Restriction{}, err
	}
	return r, nil
}

// Lift ends restriction id now: a staff restriction (staff or management), or a
// court's on the court's decision (why names it). A self-exclusion cannot be
// withdrawn (Kazakh house rules, section 5, 8): it ends on its last day.
func (w *Wallet) Lift(req LiftRequest) (Restriction, error) {
	if err := validNote("--by", req.By); err != nil {
		return Restriction{}, userError{err}
	}
	if err := validNote("--why", req.Why); err != nil {
		return Restriction{}, userError{err}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.opt.Now()
	var r Restriction
	err := w.update(func(tx walletTx) error {
		var found bool
		var err error
		r, found, err = tx.restriction(req.ID)
		switch {
		case err != nil:
			return err
		case !found:
			return userError{fmt.Errorf("%w: no restriction %d", ErrRegister, req.ID)}
		case r.Kind == KindSelfExclusion:
			return userError{fmt.Errorf("%w: restriction %d is a self-exclusion: it cannot be withdrawn, it ends on %s", ErrRegister, r.ID, day(r.Until))}
		case !r.Lifted.IsZero():
			return userError{fmt.Errorf("%w: restriction %d was lifted on %s", ErrRegister, r.ID, r.Lifted.Format(time.DateTime))}
		case !r.Until.IsZero() && !now.Before(r.Until):
			return userError{fmt.Errorf("%w: restriction %d ended on %s", ErrRegister, r.ID, day(r.Until))}
		}
		r.Lifted, r.LiftedBy, r.LiftWhy = now, strings.TrimSpace(req.By), strings.TrimSpace(req.Why)
		if err := tx.putRestriction(r); err != nil {
			return err
		}
		return w.logEvent(tx, WalletEvent{Kind: "restriction", Player: r.Player,
			Message: fmt.Sprintf("restriction %d (%s) of %s lifted by %s: %s", r.ID, KindWord(r.Kind), r.Player, r.LiftedBy, r.LiftWhy)})
	})
	if err != nil {
		return Restriction{}, err
	}
	return r, nil
}

// SetBirthDate records the date of birth (YYYY-MM-DD) on player's account, as on
// the identity document shown at the desk; the account must be open.
func (w *Wallet) SetBirthDate(player, born string) (Account, error) {
	d, err := time.Parse(time.DateOnly, born)
	now := w.opt.Now()
	if err != nil || d.Year() < 1900 || d.After(now) {
		return Account{}, userError{fmt.Errorf("floor: wallet: date of birth %q: YYYY-MM-DD, not in the future", born)}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var a Account
	err = w.update(func(tx walletTx) error {
		var ok bool
		var err error
		a, ok, err = tx.account(player)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: %q", ErrNoAccount, player)
		}
		if a.Born == born {
			return nil
		}
		old := a.Born
		a.Born = born
		if err := tx.putAccount(a); err != nil {
			return err
		}
		msg := fmt.Sprintf("account %s: date of birth %s", player, born)
		if old != "" {
			msg += " (was " + old + ")"
		}
		return w.logEvent(tx, WalletEvent{Kind: "account", Player: player, Message: msg})
	})
	return a, err
}

// under21 is the under-21 restriction of a, if a's date of birth says so at now.
func under21(a Account, now time.Time) (Restriction, bool) {
	if a.Born == "" {
		return Restriction{}, false
	}
	d, err := time.ParseInLocation(time.DateOnly, a.Born, now.Location())
	if err != nil {
		return Restriction{}, false
	}
	adult := d.AddDate(MinAge, 0, 0)
	if !now.Before(adult) {
		return Restriction{}, false
	}
	return Restriction{Player: a.Player, Kind: KindUnder21, From: d, Until: adult, By: "date of birth " + a.Born,
		Why: fmt.Sprintf("no one under %d may play", MinAge)}, true
}

// barring returns the restriction that bars player at now (the one that ends
// last), if any.
func (w *Wallet) barring(tx walletTx, player string, now time.Time) (Restriction, bool, error) {
	var bar Restriction
	found := false
	take := func(r Restriction) {
		if !found || (!bar.Until.IsZero() && (r.Until.IsZero() || r.Until.After(bar.Until))) {
			bar, found = r, true
		}
	}
	a, _, err := tx.account(player)
	if err != nil {
		return bar, false, err
	}
	if r, ok := under21(a, now); ok {
		take(r)
	}
	reg, err := tx.restrictions(player)
	if err != nil {
		return bar, false, err
	}
	for _, r := range reg {
		if r.ActiveAt(now) {
			take(r)
		}
	}
	return bar, found, nil
}

// Barred reports the restriction that bars player now, if any.
func (w *Wallet) Barred(player string) (Restriction, bool, error) {
	var r Restriction
	var ok bool
	err := w.view(func(tx walletTx) error {
		var err error
		r, ok, err = w.barring(tx, player, w.opt.Now())
		return err
	})
	return r, ok, err
}

// Restrictions lists the register (player "": everyone's), in order of id, with
// the under-21 restrictions of the accounts' dates of birth first; all false: only
// those in force now.
func (w *Wallet) Restrictions(player string, all bool) ([]Restriction, error) {
	out := []Restriction{}
	now := w.opt.Now()
	err := w.view(func(tx walletTx) error {
		out = []Restriction{} // a run again starts afresh
		as, err := tx.accounts()
		if err != nil {
			return err
		}
		for _, a := range as {
			if r, ok := under21(a, now); ok && (player == "" || player == a.Player) {
				out = append(out, r)
			}
		}
		reg, err := tx.restrictions(player)
		if err != nil {
			return err
		}
		for _, r := range reg {
			if all || r.ActiveAt(now) || now.Before(r.From) {
				out = append(out, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("floor: wallet: register: %w", err)
	}
	return out, nil
}

// refuseRestricted refuses a cash-in barred by r before any money moves: the
// machine is told (its code declined, when the Transferer can: Decliner), and the
// refusal is logged with its reason (kind "restricted").
func (w *Wallet) refuseRestricted(ctx context.Context, asset uint32, code, player string, cents int64, r Restriction) error {
	err := userError{fmt.Errorf("%w: %s", ErrRestricted, barWords(r))}
	told := "the machine was not told (no AFT link)"
	if d, ok := w.aft.(Decliner); ok {
		if derr := d.Decline(ctx, asset, code); derr != nil {
			told = "the machine was not told: " + derr.Error()
		} else {
			told = "the machine declined its code and tells the player"
		}
	}
	_ = w.db.update(func(tx walletTx) error {
		return w.logEvent(tx, WalletEvent{Kind: "restricted", Asset: asset, Player: player, Cents: cents,
			Message: fmt.Sprintf("cash-in of %s on asset %d by %s refused before any money moved: %s (%s); %s",
				w.plain(cents), asset, player, KindWord(r.Kind), restrictionRef(r), told)})
	})
	return err
}

// barWords is the refusal's reason as the player's wallet shows it.
func barWords(r Restriction) string {
	switch {
	case r.Kind == KindUnder21:
		return "under 21 (by the date of birth on the account)"
	case r.Until.IsZero():
		return KindWord(r.Kind) + ", until lifted"
	}
	return KindWord(r.Kind) + " until " + day(r.Until)
}

func restrictionRef(r Restriction) string {
	if r.ID == 0 {
		return r.By + ", until " + day(r.Until)
	}
	s := fmt.Sprintf("restriction %d by %s", r.ID, r.By)
	if !r.Until.IsZero() {
		s += ", until " + r.Until.Format(time.DateTime)
	}
	return s
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

// RestrictionLine is one restriction for people.
func RestrictionLine(r Restriction) string {
	id := fmt.Sprintf("%d", r.ID)
	if r.ID == 0 {
		id = "-"
	}
	until := "until lifted"
	if !r.Until.IsZero() {
		until = "to " + r.Until.Format("2006-01-02 15:04")
	}
	s := fmt.Sprintf("%s  %s  %s  from %s %s  by %s: %s", id, r.Player, r.Kind, r.From.Format("2006-01-02 15:04"), until, r.By, r.Why)
	if !r.Lifted.IsZero() {
		s += fmt.Sprintf("  (lifted %s by %s: %s)", r.Lifted.Format("2006-01-02 15:04"), r.LiftedBy, r.LiftWhy)
	}
	return s
}

// Decliner is what a Transferer may also do: tell a machine that the wallet
// declined its cash-in code (player protection), so that it spends the code and
// tells the player; nothing moves.
type Decliner interface {
	Decline(ctx context.Context, asset uint32, code string) error
}
