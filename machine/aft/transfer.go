package aft

import (
	"fmt"
	"time"

	"egm/sas"
)

// Echo answers a request with a status without storing anything (81, C0, and
// faults of the machine itself).
func Echo(req sas.AFTTransfer, st sas.AFTStatus) sas.AFTTransferReply {
	return sas.AFTTransferReply{Position: req.Index, Status: st, ReceiptStatus: 0xFF, Type: req.Type,
		Cashable: req.Cashable, Restricted: req.Restricted, NonRestricted: req.NonRestricted,
		Flags: req.Flags, Asset: req.Asset, ID: req.ID}
}

// CheckTerms checks a transfer request's terms against the registration, the
// machine's asset number and its transfer limit: status pending when they allow
// it, otherwise the refusal's status and why. used tells whether an earlier
// transfer in the history has the request's id. The machine's own conditions
// (its state, the balance, the one-time code) are the machine's to check after.
func (s *State) CheckTerms(req sas.AFTTransfer, asset uint32, limitCents int64, used bool) (sas.AFTStatus, string) {
	switch {
	case !s.Registered():
		return sas.AFTStatusNotRegistered, "the machine is not registered"
	case req.Key != s.Reg.Key:
		return sas.AFTStatusWrongKey, "registration key does not match"
	case req.Asset != asset:
		return sas.AFTStatusAssetMismatch, fmt.Sprintf("foreign: asset %d, this machine is %d", req.Asset, asset)
	case req.Type != sas.AFTInHouseToMachine && req.Type != sas.AFTInHouseToHost:
		return sas.AFTStatusBadFunction, fmt.Sprintf("transfer type %02X is not supported (in-house 00 and 80 only)", req.Type)
	case req.Restricted != 0 || req.NonRestricted != 0:
		return sas.AFTStatusBadAmount, "restricted and non-restricted credits are not supported"
	case used:
		return sas.AFTStatusBadID, fmt.Sprintf("replayed: code %s was used by an earlier transfer with other terms", req.ID)
	case req.Cashable == 0:
		return sas.AFTStatusBadAmount, "amount 0"
	case req.Cashable > uint64(limitCents):
		return sas.AFTStatusOverLimit, fmt.Sprintf("%d cents over the transfer limit %d", req.Cashable, limitCents)
	}
	return sas.AFTStatusPending, ""
}

// IsDecline reports whether req has the form of the wallet's decline of a cash-in
// code (machine/aft_declined.go): type 00, all amounts zero, from the registered
// host with its key, for this machine's asset. Whether its id is a live cash-in
// code is TakeCode's to say.
func (s *State) IsDecline(req sas.AFTTransfer, asset uint32) bool {
	return req.Type == sas.AFTInHouseToMachine && req.Total() == 0 && s.Registered() &&
		req.Key == s.Reg.Key && req.Asset == asset
}

// CumCounter is the counter whose total a reply of r reports (CumCashable): the
// cashable transfers in or out.
func (r *Record) CumCounter() string {
	if r.Type == sas.AFTInHouseToHost {
		return CounterCashableOut
	}
	return CounterCashableIn
}

// Reply is the 72 reply for r, its time in loc and cum the total of
// r.CumCounter().
func (r *Record) Reply(loc *time.Location, cum uint64) sas.AFTTransferReply {
	out := sas.AFTTransferReply{Position: r.Position, Status: sas.AFTStatus(r.Status), ReceiptStatus: 0xFF, Type: r.Type,
		Cashable: uint64(r.Cents), Restricted: uint64(r.Restricted), NonRestricted: uint64(r.NonRestricted), Flags: r.Flags, Asset: r.Asset, ID: r.ID,
		CumCashable: cum}
	if !r.Time.IsZero() {
		out.Time = r.Time.In(loc)
	}
	return out
}
