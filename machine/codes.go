package machine

import (
	"fmt"
	"time"

	"egm/meters"
	"egm/sas"
	"egm/wallet"
)

// CodeKind says what a one-time code is for.
type CodeKind int

// Code kinds.
const (
	CodeCashIn  CodeKind = iota + 1 // a wallet deposit (AFT type 00, host to machine)
	CodeCashOut                     // the balance to the wallet (AFT type 80, machine to host)
)

func (k CodeKind) String() string {
	switch k {
	case CodeCashIn:
		return "cash_in"
	case CodeCashOut:
		return "cash_out"
	}
	return fmt.Sprintf("CodeKind(%d)", int(k))
}

// MarshalText writes the kind's name.
func (k CodeKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *CodeKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "cash_in":
		*k = CodeCashIn
	case "cash_out":
		*k = CodeCashOut
	default:
		return fmt.Errorf("machine: unknown code kind %q", b)
	}
	return nil
}

// Code is a one-time code: the binding between the machine's QR code and one AFT
// transfer. ID is the AFT transaction id the host must use; the machine accepts
// a transfer of Kind only with a live, unexpired code and consumes it in the
// transfer's commit.
type Code struct {
	ID     string    `json:"id"` // 20 characters from crypto/rand (100 bits), the AFT transaction id
	Kind   CodeKind  `json:"kind"`
	Asset  uint32    `json:"asset"`           // this machine's asset number
	Expiry time.Time `json:"expiry"`          // after this the code is refused
	Cents  int64     `json:"cents,omitempty"` // cash-out: the balance to transfer
	// Idle marks a cash-out code the machine raised itself after its idle time
	// (R-CASH-6): the host may take that balance with a transaction id of its own
	// (see hostIdleCashout).
	Idle bool `json:"idle,omitempty"`
}

// CodeLen is the length of a code's ID.
const CodeLen = wallet.CodeLen

// IssueCode issues a one-time code of kind, kept in critical memory until it is
// used or expires (Config.AFT.CodeExpirySeconds). A cash-out code carries the
// whole balance and needs a balance; while it is live the machine takes no bet
// and no deposit. When MaxLiveCodes are live, the expired ones go first, then the
// oldest cash-in code.
func (m *Machine) IssueCode(kind CodeKind) (Code, error) {
	var c Code
	var err error
	m.aftCall(func() {
		if !m.aftUsable() {
			err = refuse("issue code: critical memory error")
			return
		}
		switch kind {
		case CodeCashIn:
			c, err = m.issueCode(kind, 0, false, nil)
		case CodeCashOut:
			err = m.aftCashout("wallet")
			if err == nil {
				if lc := m.liveCode(CodeCashOut, m.clock.Now()); lc != nil {
					c = *lc
				}
			}
		default:
			err = refuse("issue code: unknown kind %d", kind)
		}
	})
	return c, err
}

// issueCode adds a code to the live list in one commit (with ev, if any); idle
// marks the idle cash-out's code.
func (m *Machine) issueCode(kind CodeKind, cents int64, idle bool, ev func(tx *meters.Tx, c Code)) (Code, error) {
	id, err := wallet.NewCodeID("")
	if err != nil {
		return Code{}, fmt.Errorf("machine: code: %w", err)
	}
	now := m.clock.Now()
	c := Code{ID: id, Kind: kind, Asset: m.cfg.AssetNumber, Cents: cents, Idle: idle,
		Expiry: now.Add(time.Duration(m.cfg.AFT.CodeExpirySeconds) * time.Second).UTC().Round(time.Second)}
	s := m.aft.s.clone()
	s.Codes = pruneCodes(s.Codes, now, m.cfg.AFT.MaxLiveCodes-1)
	s.Codes = append(s.Codes, c)
	if err := m.aftCommit(s, nil, func(tx *meters.Tx) error {
		if ev != nil {
			ev(tx, c)
		}
		return nil
	}); err != nil {
		return Code{}, err
	}
	return c, nil
}

// pruneCodes leaves at most keep codes: expired ones go first, then the oldest
// cash-in codes. A live cash-out code is never dropped.
func pruneCodes(codes []Code, now time.Time, keep int) []Code {
	var out []Code
	for _, c := range codes {
		if now.Before(c.Expiry) {
			out = append(out, c)
		}
	}
	for len(out) > keep {
		i := 0
		for i < len(out) && out[i].Kind != CodeCashIn {
			i++
		}
		if i == len(out) {
			break
		}
		out = append(out[:i], out[i+1:]...)
	}
	return out
}

// LiveCodes returns the codes that are live now, oldest first.
func (m *Machine) LiveCodes() []Code {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.clock.Now()
	var out []Code
	for _, c := range m.aft.s.Codes {
		if now.Before(c.Expiry) {
			out = append(out, c)
		}
	}
	return out
}

// liveCode is the newest live code of kind (nil if none).
func (m *Machine) liveCode(kind CodeKind, now time.Time) *Code {
	for i := len(m.aft.s.Codes) - 1; i >= 0; i-- {
		if c := &m.aft.s.Codes[i]; c.Kind == kind && now.Before(c.Expiry) {
			return c
		}
	}
	return nil
}

// aftMode: a machine registered with an AFT host cashes out through it; otherwise
// through the built-in test wallet (OutCashoutRequest, InCashoutConfirmed).
func (m *Machine) aftMode() bool { return m.registered() }

// aftCashout is the player's cash-out (or the idle cash-out, R-CASH-6) in AFT
// mode: a cash-out code for the whole balance, with an aft_cashout_request event
// (exception 6A: the host is asked to take the balance). The balance stays until
// the host's type 80 transfer with the code commits. A second request while the
// code is live changes nothing.
func (m *Machine) aftCashout(reason string) error {
	if s, why := m.state(); s != Idle {
		return refuseState("cash-out", s, why)
	}
	now := m.clock.Now()
	if m.liveCode(CodeCashOut, now) != nil {
		return nil
	}
	if l := m.aft.s.Last; l != nil && l.pending() {
		return refusal(RefusedTransfer, "cash-out: transfer %s is pending", l.ID)
	}
	credits := m.credits()
	if credits <= 0 {
		return refusal(RefusedNoCredit, "cash-out with no balance")
	}
	if !m.registered() {
		return refusal(RefusedNoCashout, "cash-out code: the machine is not registered with an AFT host")
	}
	_, err := m.issueCode(CodeCashOut, credits, reason == "idle", func(tx *meters.Tx, c Code) {
		m.event(tx, EvAFTCashoutRequest, fmt.Sprintf("cash-out (%s): %d cents to the host with code %s, expires %s",
			reason, c.Cents, c.ID, c.Expiry.Format(time.RFC3339)))
	})
	return err
}

// codeFault is why takeCode refused a transaction id.
type codeFault int

const (
	codeOK        codeFault = iota // the live code was taken
	codeWrongKind                  // a live code of the other kind
	codeForeign                    // a live code for another asset number
	codeExpired                    // the code's expiry has passed
	codeReplayed                   // an earlier transfer used the id
	codeUnknown                    // neither a live code nor in the history
)

// takeCode removes the live code with id; otherwise it returns the fault and a
// message naming it ("unknown", "expired", "replayed", "wrong kind", "foreign").
func (m *Machine) takeCode(s *aftState, id string, kind CodeKind, asset uint32, now time.Time) (codeFault, string) {
	for i, c := range s.Codes {
		if c.ID != id {
			continue
		}
		switch {
		case c.Kind != kind:
			return codeWrongKind, fmt.Sprintf("wrong kind: code %s is for %s", id, c.Kind)
		case c.Asset != asset:
			return codeForeign, fmt.Sprintf("foreign: code %s is for asset %d", id, c.Asset)
		case !now.Before(c.Expiry):
			return codeExpired, fmt.Sprintf("expired: code %s expired at %s", id, c.Expiry.Format(time.RFC3339))
		}
		s.Codes = append(s.Codes[:i:i], s.Codes[i+1:]...)
		return codeOK, ""
	}
	if _, ok := m.aft.hist[id]; ok {
		return codeReplayed, fmt.Sprintf("replayed: code %s was used by an earlier transfer", id)
	}
	return codeUnknown, fmt.Sprintf("unknown: no live %s code %s", kind, id)
}

// hostIdleCashout lets the host take the balance of an idle cash-out (R-CASH-6)
// with a transaction id of its own: exception 6A does not carry the machine's
// code, and no player is at the machine to scan it. It applies only when the live
// cash-out code is one the machine raised itself for idleness and id is new to
// the machine (neither a live code nor in the history: takeCode's fault is
// codeUnknown); the idle code is consumed in its place. A player's CASH OUT still
// needs its scanned code. The caller has checked the amount is the whole balance.
func (m *Machine) hostIdleCashout(s *aftState, fault codeFault, now time.Time) bool {
	if fault != codeUnknown {
		return false
	}
	for i, c := range s.Codes {
		if c.Kind == CodeCashOut && c.Idle && now.Before(c.Expiry) {
			s.Codes = append(s.Codes[:i:i], s.Codes[i+1:]...)
			return true
		}
	}
	return false
}

var _ sas.AFTMachine = (*Machine)(nil)
