package sas

import "encoding/binary"

// AFTLock is a 74 request.
type AFTLock struct {
	Code      byte   // AFTLockCodeLock, AFTLockCodeCancel, AFTLockCodeQuery
	Condition byte   // AFTCondToMachine | AFTCondFromMachine …
	Timeout   uint16 // lock timeout in hundredths of a second, 0–9999
}

// AppendAFTLock appends a 74 request's data as the host sends it after the
// command; Host.LongPoll adds the CRC.
//
//	addr 74 lock-code(1) condition(1) lock-timeout(2 BCD, hundredths of a second) CRC
func AppendAFTLock(dst []byte, r AFTLock) []byte {
	return AppendBCD(append(dst, r.Code, r.Condition), uint64(min(r.Timeout, 9999)), 2)
}

// ParseAFTLock reads a 74 request's data (4 bytes).
func ParseAFTLock(data []byte) (AFTLock, error) {
	if len(data) != 4 {
		return AFTLock{}, aftErr(0, "74 request of %d bytes (want 4)", len(data))
	}
	t, err := ParseBCD(data[2:4])
	if err != nil {
		return AFTLock{}, aftErr(0, "74 lock timeout: %v", err)
	}
	return AFTLock{Code: data[0], Condition: data[1], Timeout: uint16(t)}, nil
}

// AFTLockStatus is a 74 reply: the machine's AFT state.
type AFTLockStatus struct {
	Asset       uint32
	LockStatus  byte // AFTLocked, AFTLockPending, AFTNotLocked
	Available   byte // available transfers: AFTCondToMachine | AFTCondFromMachine …
	HostCashout byte // host cash-out status: AFTFlagHostCashoutControl|Enable|Hard bits
	Status      byte // AFT status: AFTStRegistered | AFTStInHouse | AFTStEnabled …
	MaxIndex    byte // history buffer size (AFTHistorySize)
	// Amounts on the machine and the largest transfer it accepts, in cents.
	Cashable, Restricted, NonRestricted, Limit uint64
	RestrictedExpiration                       uint32 // MMDDYYYY or 0000NNNN days
	RestrictedPool                             uint16
}

// AppendAFTLockStatus appends a 74 reply as the machine sends it; the link adds
// the address and the CRC.
//
//	addr 74 23 asset(4, LSB first) lock-status(1) available(1) host-cashout(1)
//	    aft-status(1) max-index(1) cashable(5 BCD) restricted(5 BCD)
//	    nonrestricted(5 BCD) transfer-limit(5 BCD) restricted-expiration(4 BCD)
//	    restricted-pool(2, LSB first) CRC
func AppendAFTLockStatus(dst []byte, s AFTLockStatus) []byte {
	dst = binary.LittleEndian.AppendUint32(append(dst, 0x74, 0x23), s.Asset)
	dst = append(dst, s.LockStatus, s.Available, s.HostCashout, s.Status, s.MaxIndex)
	for _, v := range []uint64{s.Cashable, s.Restricted, s.NonRestricted, s.Limit} {
		dst = AppendBCD(dst, v, 5)
	}
	dst = AppendBCD(dst, uint64(s.RestrictedExpiration), 4)
	return binary.LittleEndian.AppendUint16(dst, s.RestrictedPool)
}

// ParseAFTLockStatus reads a 74 reply's data after the command (length byte and
// body), as the host receives it.
func ParseAFTLockStatus(data []byte) (AFTLockStatus, error) {
	var s AFTLockStatus
	if len(data) != 36 || data[0] != 0x23 {
		return s, aftErr(0, "74 reply of %d bytes (% X)", len(data), data)
	}
	c := &cursor{b: data[1:]}
	s.Asset = binary.LittleEndian.Uint32(c.take(4, "asset number"))
	b := c.take(5, "status bytes")
	s.LockStatus, s.Available, s.HostCashout, s.Status, s.MaxIndex = b[0], b[1], b[2], b[3], b[4]
	s.Cashable = c.bcd(5, "cashable amount", 0)
	s.Restricted = c.bcd(5, "restricted amount", 0)
	s.NonRestricted = c.bcd(5, "non-restricted amount", 0)
	s.Limit = c.bcd(5, "transfer limit", 0)
	s.RestrictedExpiration = uint32(c.bcd(4, "restricted expiration", 0))
	s.RestrictedPool = binary.LittleEndian.Uint16(c.take(2, "pool id"))
	return s, c.err
}
