package sas

import "encoding/binary"

// AFTRegistration is a 73 request (Code: AFTRegInit…) or reply (Code: the
// registration status, AFTRegStatusRegistered…).
type AFTRegistration struct {
	Code  byte
	Asset uint32
	Key   [AFTKeyLen]byte
	POSID uint32
}

// AppendAFTRegistration appends a 73 request's data as the host sends it after
// the command; Host.LongPoll adds the CRC.
//
// Register (01):
//
//	addr 73 1D code(1) asset(4, LSB first) key(20) pos-id(4, LSB first) CRC
//
// Init (00), request operator acknowledgement (40), unregister (80), read (FF):
//
//	addr 73 01 code(1) CRC
func AppendAFTRegistration(dst []byte, r AFTRegistration) []byte {
	if r.Code != AFTRegRegister {
		return append(dst, 1, r.Code)
	}
	return appendRegBody(append(dst, 29), r)
}

func appendRegBody(dst []byte, r AFTRegistration) []byte {
	dst = binary.LittleEndian.AppendUint32(append(dst, r.Code), r.Asset)
	dst = append(dst, r.Key[:]...)
	return binary.LittleEndian.AppendUint32(dst, r.POSID)
}

// ParseAFTRegistration reads a 73 request's body (after the length byte): the code
// alone, or the code, asset, key and POS id.
func ParseAFTRegistration(data []byte) (AFTRegistration, error) {
	var r AFTRegistration
	switch len(data) {
	case 1:
		r.Code = data[0]
		if r.Code == AFTRegRegister {
			return r, aftErr(0, "73 register without asset, key and POS id")
		}
		return r, nil
	case 29:
		r.Code = data[0]
		r.Asset = binary.LittleEndian.Uint32(data[1:5])
		copy(r.Key[:], data[5:25])
		r.POSID = binary.LittleEndian.Uint32(data[25:29])
		return r, nil
	}
	return r, aftErr(0, "73 request of %d bytes (want 1 or 29)", len(data))
}

// AppendAFTRegistrationReply appends a 73 reply as the machine sends it; the link
// adds the address and the CRC.
//
//	addr 73 1D status(1) asset(4, LSB first) key(20) pos-id(4, LSB first) CRC
func AppendAFTRegistrationReply(dst []byte, r AFTRegistration) []byte {
	return appendRegBody(append(dst, 0x73, 29), r)
}

// ParseAFTRegistrationReply reads a 73 reply's data after the command (length
// byte and body), as the host receives it.
func ParseAFTRegistrationReply(data []byte) (AFTRegistration, error) {
	if len(data) != 30 || data[0] != 29 {
		return AFTRegistration{}, aftErr(0, "73 reply of %d bytes (% X)", len(data), data)
	}
	return ParseAFTRegistration(data[1:])
}
