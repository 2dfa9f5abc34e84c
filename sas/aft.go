package sas

import "fmt"

// AFT (Advanced Funds Transfer): long polls 72 (transfer and interrogation), 73
// (registration) and 74 (game lock and status). The codec is in aft_transfer.go,
// aft_register.go and aft_lock.go: each message has a parser and an encoder for
// both ends, the machine (parse the request, encode the reply) and the host (encode
// the request, parse the reply). Multi-byte binary fields (asset number, POS id,
// pool id) go least significant byte first; amounts are 5-byte packed BCD in cents.

// AFT exceptions (general poll replies) besides ExAFTComplete, ExAFTHostCashOut,
// ExAFTWinCashOut and ExGameLocked in exceptions.go.
const (
	ExAFTRegisterRequest byte = 0x6C // AFT request to register (operator asked)
	ExAFTRegistered      byte = 0x6D // AFT registration acknowledged
	ExAFTUnregistered    byte = 0x6E // AFT registration cancelled
)

// AFT meter codes (long poll 2F): in-house cashable transfers, in cents, and
// their number.
const (
	MeterAFTCashableIn   MeterCode = 0xA0 // in-house cashable transfers to the machine
	MeterAFTTransfersIn  MeterCode = 0xA1 // number of in-house transfers to the machine
	MeterAFTCashableOut  MeterCode = 0xB8 // in-house cashable transfers to the host
	MeterAFTTransfersOut MeterCode = 0xB9 // number of in-house transfers to the host
)

// AFT transfer codes (the first byte of a 72 request).
const (
	AFTFullOnly              byte = 0x00 // transfer the full amount or nothing
	AFTPartialAllowed        byte = 0x01 // a partial transfer is acceptable
	AFTCancel                byte = 0x80 // cancel the pending transfer request
	AFTInterrogateStatusOnly byte = 0xFE // report a transfer; do not acknowledge it
	AFTInterrogate           byte = 0xFF // report a transfer and acknowledge a completed one
)

// AFT transfer types.
const (
	AFTInHouseToMachine byte = 0x00 // in-house funds, host to machine (a wallet deposit)
	AFTBonusCoinOut     byte = 0x10 // bonus coin-out win, host to machine
	AFTBonusJackpot     byte = 0x11 // bonus jackpot win, host to machine
	AFTInHouseToTicket  byte = 0x20 // in-house funds to a ticket
	AFTDebitToMachine   byte = 0x40 // debit card funds, host to machine
	AFTDebitToTicket    byte = 0x60 // debit card funds to a ticket
	AFTInHouseToHost    byte = 0x80 // in-house funds, machine to host (a cash-out to the wallet)
	AFTWinToHost        byte = 0x90 // win amount, machine to host
)

// AFT transfer flags (72 request and reply).
const (
	AFTFlagHostCashoutControl byte = 1 << 0 // the host sets the cash-out enable below
	AFTFlagHostCashoutEnable  byte = 1 << 1 // cash-out to the host enabled
	AFTFlagHostCashoutHard    byte = 1 << 2 // host cash-out mode hard (no fallback)
	AFTFlagCashoutRequest     byte = 1 << 3 // this transfer answers the machine's cash-out request (6A/6B)
	AFTFlagLockAfter          byte = 1 << 6 // keep the machine locked after the transfer
	AFTFlagReceipt            byte = 1 << 7 // print a transaction receipt
)

// AFTStatus is a transfer status (72 reply).
type AFTStatus byte

// Transfer status codes.
const (
	AFTStatusFull            AFTStatus = 0x00 // full transfer successful
	AFTStatusPartial         AFTStatus = 0x01 // partial transfer successful
	AFTStatusPending         AFTStatus = 0x40 // transfer pending (not complete)
	AFTStatusCancelled       AFTStatus = 0x80 // transfer cancelled by the host
	AFTStatusIDNotUnique     AFTStatus = 0x81 // transaction id not unique (same as the last)
	AFTStatusBadFunction     AFTStatus = 0x82 // not a valid transfer function
	AFTStatusBadAmount       AFTStatus = 0x83 // not a valid transfer amount or expiration
	AFTStatusOverLimit       AFTStatus = 0x84 // amount exceeds the machine's transfer limit
	AFTStatusNotDenomination AFTStatus = 0x85 // amount not a multiple of the denomination
	AFTStatusNoPartialToHost AFTStatus = 0x86 // the machine cannot do partial transfers to the host
	AFTStatusUnableNow       AFTStatus = 0x87 // the machine cannot transfer now (door, tilt, disabled, game…)
	AFTStatusNotRegistered   AFTStatus = 0x88 // the machine is not registered
	AFTStatusWrongKey        AFTStatus = 0x89 // the registration key does not match
	AFTStatusNoPOSID         AFTStatus = 0x8A // no POS id
	AFTStatusNoWonCredits    AFTStatus = 0x8B // no won credits available for cash-out
	AFTStatusNoDenomination  AFTStatus = 0x8C // no denomination set
	AFTStatusBadExpiration   AFTStatus = 0x8D // expiration not valid for a transfer to ticket
	AFTStatusNoTicketDevice  AFTStatus = 0x8E // transfer to a ticket device not available
	AFTStatusPoolMismatch    AFTStatus = 0x8F // restricted amounts from a different pool
	AFTStatusCannotPrint     AFTStatus = 0x90 // unable to print a transaction receipt
	AFTStatusNoReceiptData   AFTStatus = 0x91 // insufficient data to print a receipt
	AFTStatusNoReceiptType   AFTStatus = 0x92 // a receipt is not allowed for this transfer type
	AFTStatusAssetMismatch   AFTStatus = 0x93 // asset number zero or not this machine's
	AFTStatusNotLocked       AFTStatus = 0x94 // the machine is not locked (the transfer asked for a lock)
	AFTStatusBadID           AFTStatus = 0x95 // transaction id not valid
	AFTStatusUnexpected      AFTStatus = 0x9F // unexpected error
	AFTStatusNotCompatible   AFTStatus = 0xC0 // not compatible with the transfer in progress
	AFTStatusUnsupported     AFTStatus = 0xC1 // unsupported transfer code
	AFTStatusNoInfo          AFTStatus = 0xFF // no transfer information available
)

var aftStatusNames = map[AFTStatus]string{
	AFTStatusFull: "full transfer successful", AFTStatusPartial: "partial transfer successful",
	AFTStatusPending: "transfer pending", AFTStatusCancelled: "cancelled by the host",
	AFTStatusIDNotUnique: "transaction id not unique", AFTStatusBadFunction: "not a valid transfer function",
	AFTStatusBadAmount: "not a valid transfer amount or expiration", AFTStatusOverLimit: "amount exceeds the transfer limit",
	AFTStatusNotDenomination: "amount not a multiple of the denomination", AFTStatusNoPartialToHost: "no partial transfers to the host",
	AFTStatusUnableNow: "machine unable to transfer now", AFTStatusNotRegistered: "machine not registered",
	AFTStatusWrongKey: "registration key does not match", AFTStatusNoPOSID: "no POS id",
	AFTStatusNoWonCredits: "no won credits for cash-out", AFTStatusNoDenomination: "no denomination set",
	AFTStatusBadExpiration: "expiration not valid", AFTStatusNoTicketDevice: "no ticket device",
	AFTStatusPoolMismatch: "restricted pool mismatch", AFTStatusCannotPrint: "unable to print a receipt",
	AFTStatusNoReceiptData: "insufficient receipt data", AFTStatusNoReceiptType: "receipt not allowed for this type",
	AFTStatusAssetMismatch: "asset number does not match", AFTStatusNotLocked: "machine not locked",
	AFTStatusBadID: "transaction id not valid", AFTStatusUnexpected: "unexpected error",
	AFTStatusNotCompatible: "not compatible with the transfer in progress", AFTStatusUnsupported: "unsupported transfer code",
	AFTStatusNoInfo: "no transfer information",
}

func (s AFTStatus) String() string {
	if n, ok := aftStatusNames[s]; ok {
		return fmt.Sprintf("%02X %s", byte(s), n)
	}
	return fmt.Sprintf("%02X", byte(s))
}

// Pending reports a status that is not final yet (40–7F): the host interrogates
// again.
func (s AFTStatus) Pending() bool { return s&0xC0 == 0x40 }

// OK reports a successful transfer (full or partial).
func (s AFTStatus) OK() bool { return s == AFTStatusFull || s == AFTStatusPartial }

// AFT registration codes (73 request) and statuses (73 reply).
const (
	AFTRegInit       byte = 0x00 // initialise registration
	AFTRegRegister   byte = 0x01 // register the machine (asset, key, POS id)
	AFTRegRequestAck byte = 0x40 // request the operator's acknowledgement
	AFTRegUnregister byte = 0x80 // unregister
	AFTRegRead       byte = 0xFF // read the current registration

	AFTRegStatusReady         byte = 0x00 // registration ready
	AFTRegStatusRegistered    byte = 0x01 // registered
	AFTRegStatusPending       byte = 0x40 // registration pending (operator)
	AFTRegStatusNotRegistered byte = 0x80 // not registered
)

// AFT lock codes (74 request) and game lock statuses (74 reply).
const (
	AFTLockCodeLock   byte = 0x00 // request the lock
	AFTLockCodeCancel byte = 0x80 // cancel a lock or a pending lock
	AFTLockCodeQuery  byte = 0xFF // query the status only

	AFTLocked      byte = 0x00 // game locked
	AFTLockPending byte = 0x40 // game lock pending
	AFTNotLocked   byte = 0xFF // game not locked
)

// Bits of the transfer condition (74 request) and of the available transfers
// (74 reply).
const (
	AFTCondToMachine   byte = 1 << 0 // transfer to the machine
	AFTCondFromMachine byte = 1 << 1 // transfer from the machine
	AFTCondToPrinter   byte = 1 << 2 // transfer to the printer
	AFTCondBonus       byte = 1 << 3 // bonus award to the machine
	AFTAvailWinPending byte = 1 << 3 // (available transfers) a win waits for cash-out to the host
	AFTAvailBonus      byte = 1 << 4 // (available transfers) bonus award to the machine
)

// Bits of the AFT status byte (74 reply).
const (
	AFTStPrinter    byte = 1 << 0 // printer available for receipts
	AFTStPartialOK  byte = 1 << 1 // transfers to the host of less than the full amount
	AFTStCustomData byte = 1 << 2 // custom ticket data supported
	AFTStRegistered byte = 1 << 3 // AFT registered
	AFTStInHouse    byte = 1 << 4 // in-house transfers enabled
	AFTStBonus      byte = 1 << 5 // bonus transfers enabled
	AFTStDebit      byte = 1 << 6 // debit transfers enabled
	AFTStEnabled    byte = 1 << 7 // any AFT enabled
)

// AFTKeyLen is the length of a registration key; AFTMaxID the longest transaction
// id.
const (
	AFTKeyLen = 20
	AFTMaxID  = 20
)

// AFTHistorySize is how many transfers the machine keeps readable by index:
// absolute positions 01..7F; relative index 0xFF is the newest, 0xFE the one
// before, down to 0x81.
const AFTHistorySize = 127

// AFTMachine is what a machine implements to answer 72, 73 and 74. The Responder
// uses it when its Machine implements it; otherwise those polls stay unanswered.
type AFTMachine interface {
	// AFTTransfer handles a parsed 72 request (transfer, cancel or
	// interrogation) and returns the reply.
	AFTTransfer(req AFTTransfer) AFTTransferReply
	// AFTRegister handles a 73 request.
	AFTRegister(req AFTRegistration) AFTRegistration
	// AFTLock handles a 74 request and returns the status.
	AFTLock(req AFTLock) AFTLockStatus
}

// AFTError is a malformed AFT message. Status is what a machine answers a request
// it could not parse (0: do not answer).
type AFTError struct {
	Msg    string
	Status AFTStatus
}

func (e *AFTError) Error() string { return "sas: AFT: " + e.Msg }

func aftErr(st AFTStatus, format string, a ...any) error {
	return &AFTError{Msg: fmt.Sprintf(format, a...), Status: st}
}

// maxAmount is the largest 5-byte BCD amount (10 digits of cents).
const maxAmount = 9_999_999_999

// cursor reads a message field by field; the first short read sticks.
type cursor struct {
	b   []byte
	err error
	at  string
}

func (c *cursor) take(n int, field string) []byte {
	if c.err != nil {
		return make([]byte, n)
	}
	if len(c.b) < n {
		c.err = aftErr(AFTStatusBadFunction, "message cut short at %s (%d bytes left, want %d)", field, len(c.b), n)
		return make([]byte, n)
	}
	v := c.b[:n]
	c.b = c.b[n:]
	return v
}

func (c *cursor) byte1(field string) byte { return c.take(1, field)[0] }

func (c *cursor) bcd(n int, field string, st AFTStatus) uint64 {
	b := c.take(n, field)
	if c.err != nil {
		return 0
	}
	v, err := ParseBCD(b)
	if err != nil {
		c.err = aftErr(st, "%s: %v", field, err)
	}
	return v
}
