package sas

// CRC is SAS's frame check: CRC-16/KERMIT — the reflected polynomial 0x1021
// (0x8408), initial value 0, no final XOR — over the address through the last data
// byte, sent least-significant byte first.
type CRC uint16

var crcTable = func() (t [256]uint16) {
	for i := range t {
		c := uint16(i)
		for range 8 {
			if c&1 != 0 {
				c = c>>1 ^ 0x8408
			} else {
				c >>= 1
			}
		}
		t[i] = c
	}
	return t
}()

// Checksum returns the CRC of b.
func Checksum(b []byte) CRC { return CRC(0).Update(b) }

// Update continues a CRC over more bytes.
func (c CRC) Update(b []byte) CRC {
	for _, x := range b {
		c = c>>8 ^ CRC(crcTable[byte(c)^x])
	}
	return c
}

// Append appends the CRC as it goes on the wire: low byte, then high byte.
func (c CRC) Append(dst []byte) []byte { return append(dst, byte(c), byte(c>>8)) }

// AppendCRC appends the CRC of frame to frame.
func AppendCRC(frame []byte) []byte { return Checksum(frame).Append(frame) }

// CheckCRC reports whether frame ends with the CRC of the bytes before it.
func CheckCRC(frame []byte) bool {
	if len(frame) < 3 {
		return false
	}
	n := len(frame) - 2
	c := Checksum(frame[:n])
	return frame[n] == byte(c) && frame[n+1] == byte(c>>8)
}
