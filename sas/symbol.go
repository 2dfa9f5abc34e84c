package sas

import (
	"errors"
	"io"
)

// Symbol is one 9-bit character of the line: a data byte and its wake-up bit. The
// host sets the wake-up bit on the first byte of every poll; the machine never does.
type Symbol struct {
	B    byte
	Wake bool
}

// The escaped stream is how 9-bit characters travel as bytes. It is what a Linux UART
// set for space parity with PARMRK delivers, and the project carries the very same
// stream over pseudo-terminals and TCP, so one decoder serves every transport:
//
//	wake-up byte b       FF 00 b
//	data byte FF         FF FF
//	any other data b     b

// AppendSymbol appends s in the escaped encoding.
func AppendSymbol(dst []byte, s Symbol) []byte {
	switch {
	case s.Wake:
		return append(dst, 0xFF, 0x00, s.B)
	case s.B == 0xFF:
		return append(dst, 0xFF, 0xFF)
	}
	return append(dst, s.B)
}

// AppendEscaped appends data bytes (no wake-up bits) in the escaped encoding.
func AppendEscaped(dst, data []byte) []byte {
	for _, b := range data {
		dst = AppendSymbol(dst, Symbol{B: b})
	}
	return dst
}

// Decoder reads Symbols from an escaped stream. A read that times out leaves a
// half-read escape pending, so the next Next continues it. An FF followed by
// anything but 00 or FF is a line error: it is counted and the following byte is
// taken as plain data (the frame check then refuses whatever it was part of).
type Decoder struct {
	r          io.Reader
	buf        [512]byte
	i, n       int
	esc        int // 0 none, 1 after FF, 2 after FF 00
	LineErrors uint64
}

// NewDecoder reads from r.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// Next returns the next symbol, or the reader's error (a deadline, io.EOF).
func (d *Decoder) Next() (Symbol, error) {
	for {
		if d.i == d.n {
			n, err := d.r.Read(d.buf[:])
			if n == 0 {
				if err == nil {
					err = io.ErrNoProgress
				}
				return Symbol{}, err
			}
			d.i, d.n = 0, n
		}
		b := d.buf[d.i]
		d.i++
		switch d.esc {
		case 0:
			if b == 0xFF {
				d.esc = 1
				continue
			}
			return Symbol{B: b}, nil
		case 1:
			switch b {
			case 0x00:
				d.esc = 2
				continue
			case 0xFF:
				d.esc = 0
				return Symbol{B: 0xFF}, nil
			}
			d.esc = 0
			d.LineErrors++
			return Symbol{B: b}, nil
		default: // after FF 00
			d.esc = 0
			return Symbol{B: b, Wake: true}, nil
		}
	}
}

// Buffered reports whether decoded input is waiting (no read needed).
func (d *Decoder) Buffered() bool { return d.i < d.n }

// errFrameTimeout marks a frame cut short by silence.
var errFrameTimeout = errors.New("sas: frame timed out")
