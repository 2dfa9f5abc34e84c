package floor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/sas"
)

// AFT is the host's AFT conversation with one machine over its Poller:
// registration (73), lock and status (74), transfers and interrogation (72).
// Its methods may be called from any goroutine: the Poller's Host sends one poll
// at a time.
type AFT struct {
	P     *Poller
	Asset uint32              // the machine's asset number
	Key   [sas.AFTKeyLen]byte // the registration key, sent with every transfer
	POSID uint32
	// Every is the pause between interrogations while a transfer is pending
	// (default 20 ms).
	Every time.Duration
	// Loc is the machine's time zone for the transaction times (default Local).
	Loc *time.Location
}

// AFTRequest is one transfer the host asks for.
type AFTRequest struct {
	Type  byte   // sas.AFTInHouseToMachine (a deposit) or sas.AFTInHouseToHost (a cash-out)
	Cents int64  // cashable amount
	ID    string // the transaction id: the machine's one-time code (aft.Code.ID)
	Flags byte   // sas.AFTFlag… (sas.AFTFlagCashoutRequest when answering 6A)
}

// ErrAFTNoReply is wrapped when the machine did not answer (link down): the
// transfer's outcome is unknown; call Transfer again with the same request.
var ErrAFTNoReply = errors.New("floor: AFT: no reply from the machine")

func (a *AFT) every() time.Duration {
	if a.Every > 0 {
		return a.Every
	}
	return 20 * time.Millisecond
}

// poll sends one AFT long poll and returns the reply's data after the command.
func (a *AFT) poll(cmd byte, data []byte) ([]byte, error) {
	r, err := a.P.Host.LongPoll(a.P.Addr, cmd, data, true)
	if err != nil {
		return nil, fmt.Errorf("floor: AFT %02X to machine %d: %w", cmd, a.P.Addr, err)
	}
	if r == nil {
		return nil, fmt.Errorf("%w (%02X to machine %d)", ErrAFTNoReply, cmd, a.P.Addr)
	}
	return checkReply(r, a.P.Addr, cmd)
}

// Register registers the machine (73 code 01) with Asset, Key and POSID and
// returns the machine's registration reply (Code: sas.AFTRegStatusRegistered).
func (a *AFT) Register(ctx context.Context) (sas.AFTRegistration, error) {
	return a.registration(ctx, sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: a.Asset, Key: a.Key, POSID: a.POSID})
}

// Registration reads the machine's registration (73 code FF).
func (a *AFT) Registration(ctx context.Context) (sas.AFTRegistration, error) {
	return a.registration(ctx, sas.AFTRegistration{Code: sas.AFTRegRead})
}

// Unregister cancels the registration (73 code 80).
func (a *AFT) Unregister(ctx context.Context) (sas.AFTRegistration, error) {
	return a.registration(ctx, sas.AFTRegistration{Code: sas.AFTRegUnregister})
}

func (a *AFT) registration(ctx context.Context, req sas.AFTRegistration) (sas.AFTRegistration, error) {
	if err := ctx.Err(); err != nil {
		return sas.AFTRegistration{}, err
	}
	d, err := a.poll(0x73, sas.AppendAFTRegistration(nil, req))
	if err != nil {
		return sas.AFTRegistration{}, err
	}
	r, err := sas.ParseAFTRegistrationReply(d)
	if err != nil {
		return r, fmt.Errorf("floor: machine %d: %w", a.P.Addr, err)
	}
	if req.Code == sas.AFTRegRegister && r.Code != sas.AFTRegStatusRegistered {
		return r, fmt.Errorf("floor: machine %d refused the registration (status %02X)", a.P.Addr, r.Code)
	}
	return r, nil
}

// Lock asks for the game lock (74 code 00) for the transfers in cond
// (sas.AFTCondToMachine | sas.AFTCondFromMachine) for timeout (at most 99.99 s).
// The status says whether it is locked (sas.AFTLocked) or pending (during a
// game: exception 6F follows when it takes hold).
func (a *AFT) Lock(ctx context.Context, cond byte, timeout time.Duration) (sas.AFTLockStatus, error) {
	t := min(timeout/(10*time.Millisecond), 9999)
	return a.lock(ctx, sas.AFTLock{Code: sas.AFTLockCodeLock, Condition: cond, Timeout: uint16(t)})
}

// CancelLock cancels the lock or a pending lock (74 code 80).
func (a *AFT) CancelLock(ctx context.Context) (sas.AFTLockStatus, error) {
	return a.lock(ctx, sas.AFTLock{Code: sas.AFTLockCodeCancel})
}

// Status reads the machine's AFT status (74 code FF): lock, credits, transfer
// limit, what transfers it takes now.
func (a *AFT) Status(ctx context.Context) (sas.AFTLockStatus, error) {
	return a.lock(ctx, sas.AFTLock{Code: sas.AFTLockCodeQuery})
}

func (a *AFT) lock(ctx context.Context, req sas.AFTLock) (sas.AFTLockStatus, error) {
	if err := ctx.Err(); err != nil {
		return sas.AFTLockStatus{}, err
	}
	d, err := a.poll(0x74, sas.AppendAFTLock(nil, req))
	if err != nil {
		return sas.AFTLockStatus{}, err
	}
	s, err := sas.ParseAFTLockStatus(d)
	if err != nil {
		return s, fmt.Errorf("floor: machine %d: %w", a.P.Addr, err)
	}
	return s, nil
}

// Interrogate asks for a transfer's status (72 FE/FF): index 00 the current or
// last transfer, 01–7F a history position, FF the newest history entry, FE the
// one before…. ack (code FF) acknowledges a completed transfer, so the machine
// takes the next one; without it (code FE) nothing changes on the machine.
func (a *AFT) Interrogate(ctx context.Context, index byte, ack bool) (sas.AFTTransferReply, error) {
	if err := ctx.Err(); err != nil {
		return sas.AFTTransferReply{}, err
	}
	code := sas.AFTInterrogateStatusOnly
	if ack {
		code = sas.AFTInterrogate
	}
	req, _ := sas.AppendAFTTransfer(nil, sas.AFTTransfer{Code: code, Index: index})
	return a.transferPoll(req)
}

func (a *AFT) transferPoll(req []byte) (sas.AFTTransferReply, error) {
	d, err := a.poll(0x72, req)
	if err != nil {
		return sas.AFTTransferReply{}, err
	}
	r, err := sas.ParseAFTTransferReply(d, a.Loc)
	if err != nil {
		return r, fmt.Errorf("floor: machine %d: %w", a.P.Addr, err)
	}
	return r, nil
}

// Transfer moves money by AFT and returns the final reply: Status.OK() when the
// machine moved the amount, another final status when it refused (the reply
// says why: sas.AFTStatus…). It sends the 72 request, interrogates until the
// status is final, and acknowledges it.
//
// It is safe to call again with the same request after any failure, a crash of
// the host included: it first asks the machine for its last transfer, and if that
// is this transaction id it reports (and acknowledges) that result instead of
// sending the request again; the machine also answers an identical resend with
// the stored status. A transfer is never made twice. An error (wrapping
// ErrAFTNoReply when the link is down, or the context's) means the outcome is not
// known yet.
func (a *AFT) Transfer(ctx context.Context, req AFTRequest) (sas.AFTTransferReply, error) {
	if req.Cents <= 0 {
		return sas.AFTTransferReply{}, fmt.Errorf("floor: AFT transfer of %d cents", req.Cents)
	}
	body, err := sas.AppendAFTTransfer(nil, sas.AFTTransfer{Code: sas.AFTFullOnly, Type: req.Type, Cashable: uint64(req.Cents),
		Flags: req.Flags, Asset: a.Asset, Key: a.Key, ID: req.ID})
	if err != nil {
		return sas.AFTTransferReply{}, err
	}
	for sends := 0; ; {
		// Where is the machine? Its last transfer may be this one (sent before a
		// crash or a lost reply), or another one: FF acknowledges it if it is
		// complete, so the machine takes the next.
		last, err := a.Interrogate(ctx, 0, true)
		if err != nil {
			return last, err
		}
		switch {
		case last.Status.Pending():
			if err := a.wait(ctx); err != nil {
				return last, err
			}
			continue
		case last.ID == req.ID && last.Status != sas.AFTStatusNoInfo:
			return a.settled(ctx, req.ID, last)
		case sends == aftMaxSends:
			return last, fmt.Errorf("floor: machine %d did not take transfer %s after %d requests (its last transfer is %q, %v)",
				a.P.Addr, req.ID, sends, last.ID, last.Status)
		}
		sends++
		rep, err := a.transferPoll(body)
		switch {
		case errors.Is(err, ErrAFTNoReply):
			// Perhaps it arrived: the next interrogation tells.
			if err := a.wait(ctx); err != nil {
				return rep, err
			}
			continue
		case err != nil:
			return rep, err
		case rep.Status.Pending(), rep.Status == sas.AFTStatusNotCompatible, rep.Status == sas.AFTStatusIDNotUnique:
			continue // the next interrogation follows it, or clears the way
		}
		if rep.Status.OK() {
			a.Interrogate(ctx, 0, true) // the acknowledgement; if it is lost the next call sends it
			return rep, nil
		}
		return a.settled(ctx, req.ID, rep)
	}
}

// aftMaxSends bounds the requests one Transfer sends.
const aftMaxSends = 3

// settled returns a final reply for id; a refusal for a reused id (95) is
// checked against the machine's history, where the same transfer may have
// completed before (the host crashed, and other transfers followed).
func (a *AFT) settled(ctx context.Context, id string, rep sas.AFTTransferReply) (sas.AFTTransferReply, error) {
	if rep.Status != sas.AFTStatusBadID {
		return rep, nil
	}
	for idx := 0xFF; idx > 0x80; idx-- {
		h, err := a.Interrogate(ctx, byte(idx), false)
		if err != nil || h.Status == sas.AFTStatusNoInfo {
			break
		}
		if h.ID == id && h.Status.OK() {
			return h, nil
		}
	}
	return rep, nil
}

func (a *AFT) wait(ctx context.Context) error {
	t := time.NewTimer(a.every())
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// AFTMeters are a machine's AFT meters as read over SAS (long poll 2F, meter codes
// A0, A1, B8, B9): in-house cashable transfers in cents and their number.
type AFTMeters struct {
	CashableIn   uint64 `json:"aft_in_house_cashable_in_cents"`
	TransfersIn  uint64 `json:"aft_in_house_transfers_in"`
	CashableOut  uint64 `json:"aft_in_house_cashable_out_cents"`
	TransfersOut uint64 `json:"aft_in_house_transfers_out"`
	Credits      uint64 `json:"current_credits_cents"`
}

// AFTMeters reads the AFT meters and the credits with one 2F poll.
func (p *Poller) AFTMeters() (AFTMeters, error) {
	codes := []sas.MeterCode{sas.MeterAFTCashableIn, sas.MeterAFTTransfersIn, sas.MeterAFTCashableOut, sas.MeterAFTTransfersOut, sas.MeterCurrentCredits}
	req := []byte{0x00, 0x00}
	for _, c := range codes {
		req = append(req, byte(c))
	}
	r, err := p.Host.LongPoll(p.Addr, 0x2F, append([]byte{byte(len(req))}, req...), true)
	if err != nil {
		return AFTMeters{}, fmt.Errorf("floor: 2F to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x2F)
	if err != nil {
		return AFTMeters{}, err
	}
	m, err := parseSelectedMeters(data)
	if err != nil {
		return AFTMeters{}, err
	}
	return AFTMeters{CashableIn: m[sas.MeterAFTCashableIn], TransfersIn: m[sas.MeterAFTTransfersIn],
		CashableOut: m[sas.MeterAFTCashableOut], TransfersOut: m[sas.MeterAFTTransfersOut], Credits: m[sas.MeterCurrentCredits]}, nil
}
