package sas

import "fmt"

// AppendBCD appends v as packed BCD in n bytes, most significant digit first (meters
// are 4 bytes, 8 digits; AFT amounts 5 bytes). A value wider than n bytes keeps its
// low 2n digits: SAS meters roll over at their width, as the machine's do.
func AppendBCD(dst []byte, v uint64, n int) []byte {
	start := len(dst)
	dst = append(dst, make([]byte, n)...)
	for i := start + n - 1; i >= start; i-- {
		lo := v % 10
		v /= 10
		hi := v % 10
		v /= 10
		dst[i] = byte(hi<<4 | lo)
	}
	return dst
}

// ParseBCD reads packed BCD. A nibble above 9 is an error.
func ParseBCD(b []byte) (uint64, error) {
	if len(b) > 9 {
		return 0, fmt.Errorf("sas: BCD field of %d bytes is wider than 18 digits", len(b))
	}
	var v uint64
	for _, x := range b {
		hi, lo := x>>4, x&0x0F
		if hi > 9 || lo > 9 {
			return 0, fmt.Errorf("sas: byte %02X is not packed BCD", x)
		}
		v = v*100 + uint64(hi)*10 + uint64(lo)
	}
	return v, nil
}
