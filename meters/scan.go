package meters

import (
	"bytes"
	"fmt"
)

// tailKind says how a copy file ends after its last readable frame.
type tailKind int

const (
	tailClean   tailKind = iota // the file ends exactly after a frame
	tailTorn                    // an incomplete frame or zero fill: a write cut short by a crash
	tailCorrupt                 // complete bytes that do not decode: damage, not a crash
)

// scannedFrame is one frame found in a copy file.
type scannedFrame struct {
	seq     uint64
	kind    uint8
	payload []byte // nil when the payload failed its CRC
	off     int64
}

// copyScan is what one copy file holds.
type copyScan struct {
	name    string
	missing bool           // the file does not exist or cannot be read
	readErr error          // why it cannot be read, if it exists
	frames  []scannedFrame // in file order, consecutive seqs
	badSeqs []uint64       // frames whose header is good but payload CRC is not
	tail    tailKind
	tailOff int64
	tailWhy string
	// torn describes the incomplete frame at the tail, if its header was readable.
	tornSeq uint64
	size    int64
}

// perfect reports whether the copy needs no repair.
func (c *copyScan) perfect() bool {
	return !c.missing && len(c.badSeqs) == 0 && c.tail == tailClean && len(c.frames) > 0
}

// lastSeq is the sequence number of the last frame whose header decoded.
func (c *copyScan) lastSeq() (uint64, bool) {
	if len(c.frames) == 0 {
		return 0, false
	}
	return c.frames[len(c.frames)-1].seq, true
}

// scanCopy decodes the frames of one copy file. It never fails: what it cannot read it
// describes, and the merge decides whether that is a torn write or damage.
func scanCopy(name string, data []byte) *copyScan {
	c := &copyScan{name: name, size: int64(len(data))}
	off := 0
	for {
		if off == len(data) {
			c.tail = tailClean
			return c
		}
		rest := data[off:]
		if isZero(rest[:min(len(rest), headerSize)]) && isZero(rest) {
			c.setTail(tailTorn, off, "zero-filled tail")
			return c
		}
		if len(rest) < headerSize {
			c.setTail(tailTorn, off, fmt.Sprintf("incomplete frame header (%d of %d bytes)", len(rest), headerSize))
			return c
		}
		h, err := decodeHeader(rest[:headerSize])
		if err != nil {
			c.setTail(tailCorrupt, off, err.Error())
			return c
		}
		if n := len(c.frames); n == 0 && h.kind != kindSnapshot {
			c.setTail(tailCorrupt, off, "file does not start with a snapshot")
			return c
		} else if n > 0 && (h.kind != kindCommit || h.seq != c.frames[n-1].seq+1) {
			c.setTail(tailCorrupt, off, fmt.Sprintf("frame seq %d kind %d follows seq %d", h.seq, h.kind, c.frames[n-1].seq))
			return c
		}
		end := headerSize + int(h.length)
		if len(rest) < end {
			c.tornSeq = h.seq
			c.setTail(tailTorn, off, fmt.Sprintf("incomplete frame seq %d (%d of %d bytes)", h.seq, len(rest), end))
			return c
		}
		f := scannedFrame{seq: h.seq, kind: h.kind, off: int64(off)}
		if p := rest[headerSize:end]; crc32c(p) == h.crc {
			f.payload = p
		} else {
			c.badSeqs = append(c.badSeqs, h.seq)
		}
		c.frames = append(c.frames, f)
		off += end
	}
}

func (c *copyScan) setTail(k tailKind, off int, why string) {
	c.tail, c.tailOff, c.tailWhy = k, int64(off), why
}

func isZero(b []byte) bool { return len(bytes.TrimLeft(b, "\x00")) == 0 }

// describe is a one-line account of a copy's damage for events and errors.
func (c *copyScan) describe() string {
	if c.readErr != nil {
		return c.name + ": unreadable: " + unprefixed(c.readErr)
	}
	if c.missing {
		return c.name + ": missing"
	}
	var parts []string
	if len(c.badSeqs) > 0 {
		parts = append(parts, fmt.Sprintf("payload CRC bad in seq %v", c.badSeqs))
	}
	if c.tail != tailClean {
		parts = append(parts, fmt.Sprintf("at byte %d: %s", c.tailOff, c.tailWhy))
	}
	if len(parts) == 0 {
		return c.name + ": ok"
	}
	s := c.name + ": "
	for i, p := range parts {
		if i > 0 {
			s += "; "
		}
		s += p
	}
	return s
}
