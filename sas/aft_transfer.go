package sas

import (
	"encoding/binary"
	"fmt"
	"time"
)

// AFTTransfer is a 72 request: a transfer, a cancel or an interrogation.
type AFTTransfer struct {
	Code  byte // AFTFullOnly, AFTPartialAllowed, AFTCancel, AFTInterrogate…
	Index byte // transaction index: 00 the current/last transfer; 01–7F absolute, 81–FF relative (interrogation)
	Type  byte // AFTInHouseToMachine…
	// Amounts in cents (5-byte BCD each, at most 9,999,999,999).
	Cashable, Restricted, NonRestricted uint64
	Flags                               byte
	Asset                               uint32
	Key                                 [AFTKeyLen]byte
	ID                                  string // transaction id, 1–20 printable ASCII
	Expiration                          uint32 // MMDDYYYY or 0000NNNN days (as BCD digits)
	PoolID                              uint16
	Receipt                             []byte // receipt data (at most 255 bytes)
	LockTimeout                         uint16 // hundredths of a second, 0–9999
}

// IsQuery reports an interrogation (FE or FF).
func (t AFTTransfer) IsQuery() bool {
	return t.Code == AFTInterrogate || t.Code == AFTInterrogateStatusOnly
}

// Total is the sum of the three amounts.
func (t AFTTransfer) Total() uint64 { return t.Cashable + t.Restricted + t.NonRestricted }

// validID reports a transaction id of 1–20 printable ASCII characters.
func validID(id string) bool {
	if len(id) < 1 || len(id) > AFTMaxID {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x20 || id[i] > 0x7E {
			return false
		}
	}
	return true
}

// AppendAFTTransfer appends a 72 request's data as the host sends it after the
// command (the length byte and the body); Host.LongPoll adds the CRC.
//
// Transfer (codes 00, 01):
//
//	addr 72 len code(1) index(1) type(1) cashable(5 BCD) restricted(5 BCD) nonrestricted(5 BCD)
//	    flags(1) asset(4, LSB first) key(20) id-len(1) id(id-len ASCII) expiration(4 BCD)
//	    pool-id(2, LSB first) receipt-len(1) receipt(receipt-len) lock-timeout(2 BCD) CRC
//
// Cancel (80) and interrogation (FE, FF):
//
//	addr 72 02 code(1) index(1) CRC
func AppendAFTTransfer(dst []byte, t AFTTransfer) ([]byte, error) {
	if t.Code == AFTCancel || t.IsQuery() {
		return append(dst, 2, t.Code, t.Index), nil
	}
	switch {
	case t.Code != AFTFullOnly && t.Code != AFTPartialAllowed:
		return dst, fmt.Errorf("sas: AFT: transfer code %02X", t.Code)
	case !validID(t.ID):
		return dst, fmt.Errorf("sas: AFT: transaction id %q: want 1–%d printable ASCII characters", t.ID, AFTMaxID)
	case t.Cashable > maxAmount || t.Restricted > maxAmount || t.NonRestricted > maxAmount:
		return dst, fmt.Errorf("sas: AFT: amount over %d cents", uint64(maxAmount))
	case len(t.Receipt) > 255:
		return dst, fmt.Errorf("sas: AFT: receipt data of %d bytes", len(t.Receipt))
	case t.LockTimeout > 9999 || t.Expiration > 99_999_999:
		return dst, fmt.Errorf("sas: AFT: lock timeout %d or expiration %d out of range", t.LockTimeout, t.Expiration)
	}
	n := 53 + len(t.ID) + len(t.Receipt)
	if n > 255 {
		return dst, fmt.Errorf("sas: AFT: request of %d bytes", n)
	}
	dst = append(dst, byte(n), t.Code, t.Index, t.Type)
	dst = AppendBCD(dst, t.Cashable, 5)
	dst = AppendBCD(dst, t.Restricted, 5)
	dst = AppendBCD(dst, t.NonRestricted, 5)
	dst = append(dst, t.Flags)
	dst = binary.LittleEndian.AppendUint32(dst, t.Asset)
	dst = append(dst, t.Key[:]...)
	dst = append(append(dst, byte(len(t.ID))), t.ID...)
	dst = AppendBCD(dst, uint64(t.Expiration), 4)
	dst = binary.LittleEndian.AppendUint16(dst, t.PoolID)
	dst = append(append(dst, byte(len(t.Receipt))), t.Receipt...)
	return AppendBCD(dst, uint64(t.LockTimeout), 2), nil
}

// ParseAFTTransfer reads a 72 request's body (the poll's data after the length
// byte). The lock timeout may be absent (hosts before 6.02 omit it). An *AFTError
// carries the status to answer.
func ParseAFTTransfer(data []byte) (AFTTransfer, error) {
	var t AFTTransfer
	c := &cursor{b: data}
	t.Code = c.byte1("transfer code")
	if c.err != nil {
		return t, c.err
	}
	if t.Code == AFTCancel || t.IsQuery() {
		if len(data) >= 2 {
			t.Index = data[1]
		}
		return t, nil
	}
	if t.Code != AFTFullOnly && t.Code != AFTPartialAllowed {
		return t, aftErr(AFTStatusUnsupported, "transfer code %02X", t.Code)
	}
	t.Index = c.byte1("transaction index")
	t.Type = c.byte1("transfer type")
	t.Cashable = c.bcd(5, "cashable amount", AFTStatusBadAmount)
	t.Restricted = c.bcd(5, "restricted amount", AFTStatusBadAmount)
	t.NonRestricted = c.bcd(5, "non-restricted amount", AFTStatusBadAmount)
	t.Flags = c.byte1("transfer flags")
	t.Asset = binary.LittleEndian.Uint32(c.take(4, "asset number"))
	copy(t.Key[:], c.take(AFTKeyLen, "registration key"))
	n := int(c.byte1("transaction id length"))
	id := c.take(n, "transaction id")
	if c.err != nil {
		return t, c.err
	}
	t.ID = string(id)
	if !validID(t.ID) {
		return t, aftErr(AFTStatusBadID, "transaction id of %d bytes %q", n, t.ID)
	}
	t.Expiration = uint32(c.bcd(4, "expiration", AFTStatusBadAmount))
	t.PoolID = binary.LittleEndian.Uint16(c.take(2, "pool id"))
	r := c.take(int(c.byte1("receipt data length")), "receipt data")
	if c.err != nil {
		return t, c.err
	}
	if len(r) > 0 {
		t.Receipt = append([]byte(nil), r...)
	}
	if len(c.b) >= 2 {
		t.LockTimeout = uint16(c.bcd(2, "lock timeout", AFTStatusBadFunction))
	}
	if c.err == nil && len(c.b) > 0 {
		return t, aftErr(AFTStatusBadFunction, "%d bytes after the lock timeout", len(c.b))
	}
	return t, c.err
}

// AFTTransferReply is a 72 reply: the status of a transfer (the current one, or
// one from the history).
type AFTTransferReply struct {
	Position                            byte // transaction buffer position (01–7F), or the index asked for
	Status                              AFTStatus
	ReceiptStatus                       byte // FF: no receipt requested
	Type                                byte
	Cashable, Restricted, NonRestricted uint64
	Flags                               byte
	Asset                               uint32
	ID                                  string
	Time                                time.Time // when the transfer completed (zero while pending)
	Expiration                          uint32
	PoolID                              uint16
	// Cumulative meters of transfers of this kind (in cents).
	CumCashable, CumRestricted, CumNonRestricted uint64
}

// AppendAFTTransferReply appends a 72 reply as the machine sends it (command,
// length, body); the link adds the address and the CRC.
//
//	addr 72 len position(1) status(1) receipt-status(1) type(1) cashable(5 BCD)
//	    restricted(5 BCD) nonrestricted(5 BCD) flags(1) asset(4, LSB first) id-len(1)
//	    id(id-len) date(4 BCD MMDDYYYY) time(3 BCD HHMMSS) expiration(4 BCD)
//	    pool-id(2, LSB first) cum-cashable-size(1) cum-cashable(5 BCD)
//	    cum-restricted-size(1) cum-restricted(5 BCD) cum-nonrestricted-size(1)
//	    cum-nonrestricted(5 BCD) CRC
//
// With no transfer information (status FF) the reply is short:
//
//	addr 72 03 position(1) FF(status) FF(receipt status) CRC
func AppendAFTTransferReply(dst []byte, r AFTTransferReply) []byte {
	dst = append(dst, 0x72)
	if r.Status == AFTStatusNoInfo {
		return append(dst, 3, r.Position, byte(AFTStatusNoInfo), 0xFF)
	}
	id := r.ID
	if len(id) > AFTMaxID {
		id = id[:AFTMaxID]
	}
	at := len(dst)
	dst = append(dst, 0, r.Position, byte(r.Status), r.ReceiptStatus, r.Type)
	dst = AppendBCD(dst, r.Cashable, 5)
	dst = AppendBCD(dst, r.Restricted, 5)
	dst = AppendBCD(dst, r.NonRestricted, 5)
	dst = append(dst, r.Flags)
	dst = binary.LittleEndian.AppendUint32(dst, r.Asset)
	dst = append(append(dst, byte(len(id))), id...)
	var date, clock uint64
	if !r.Time.IsZero() {
		t := r.Time
		date = uint64(int(t.Month())*1_000_000 + t.Day()*10_000 + t.Year())
		clock = uint64(t.Hour()*10_000 + t.Minute()*100 + t.Second())
	}
	dst = AppendBCD(dst, date, 4)
	dst = AppendBCD(dst, clock, 3)
	dst = AppendBCD(dst, uint64(r.Expiration), 4)
	dst = binary.LittleEndian.AppendUint16(dst, r.PoolID)
	for _, v := range []uint64{r.CumCashable, r.CumRestricted, r.CumNonRestricted} {
		n := 5
		for x := v / 1e10; x > 0; x /= 100 {
			n++ // a meter past 10 digits takes as many bytes as it needs
		}
		dst = AppendBCD(append(dst, byte(n)), v, n)
	}
	dst[at] = byte(len(dst) - at - 1)
	return dst
}

// ParseAFTTransferReply reads a 72 reply's data after the command (the length
// byte and the body), as the host receives it. The time is read in loc.
func ParseAFTTransferReply(data []byte, loc *time.Location) (AFTTransferReply, error) {
	var r AFTTransferReply
	if len(data) < 1 || int(data[0]) != len(data)-1 {
		return r, aftErr(0, "72 reply length byte disagrees with its data (% X)", data)
	}
	c := &cursor{b: data[1:]}
	r.Position = c.byte1("buffer position")
	r.Status = AFTStatus(c.byte1("transfer status"))
	if c.err != nil {
		return r, c.err
	}
	if len(c.b) <= 1 { // the short form: no information, or a bare status
		if len(c.b) == 1 {
			r.ReceiptStatus = c.b[0]
		}
		return r, nil
	}
	r.ReceiptStatus = c.byte1("receipt status")
	r.Type = c.byte1("transfer type")
	r.Cashable = c.bcd(5, "cashable amount", 0)
	r.Restricted = c.bcd(5, "restricted amount", 0)
	r.NonRestricted = c.bcd(5, "non-restricted amount", 0)
	r.Flags = c.byte1("transfer flags")
	r.Asset = binary.LittleEndian.Uint32(c.take(4, "asset number"))
	n := int(c.byte1("transaction id length"))
	id := c.take(n, "transaction id")
	if c.err != nil {
		return r, c.err
	}
	r.ID = string(id)
	date := c.bcd(4, "transaction date", 0)
	clock := c.bcd(3, "transaction time", 0)
	if c.err == nil && date != 0 {
		mo, d, y := int(date/1_000_000), int(date/10_000%100), int(date%10_000)
		h, mi, s := int(clock/10_000), int(clock/100%100), int(clock%100)
		if mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59 {
			return r, aftErr(0, "transaction date %08d time %06d", date, clock)
		}
		if loc == nil {
			loc = time.Local
		}
		r.Time = time.Date(y, time.Month(mo), d, h, mi, s, 0, loc)
	}
	r.Expiration = uint32(c.bcd(4, "expiration", 0))
	r.PoolID = binary.LittleEndian.Uint16(c.take(2, "pool id"))
	for _, v := range []*uint64{&r.CumCashable, &r.CumRestricted, &r.CumNonRestricted} {
		if c.err != nil || len(c.b) == 0 {
			break // the cumulative meters are optional
		}
		size := int(c.byte1("cumulative meter size"))
		if size > 9 {
			return r, aftErr(0, "cumulative meter of %d bytes", size)
		}
		*v = c.bcd(size, "cumulative meter", 0)
	}
	if c.err == nil && len(c.b) > 0 {
		return r, aftErr(0, "%d bytes after the cumulative meters", len(c.b))
	}
	return r, c.err
}
