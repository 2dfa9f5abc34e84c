package meters

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// One frame of a copy file. Each copy file (critical-a.log, critical-b.log) is a
// sequence of frames: the first is a snapshot (the whole image), the rest are commits
// (what one transaction changed), with consecutive sequence numbers.
//
//	offset size field
//	     0    4 magic "EGMJ"
//	     4    2 format version, little-endian (formatVersion)
//	     6    1 kind: 1 snapshot, 2 commit
//	     7    1 reserved, 0
//	     8    8 sequence number, little-endian
//	    16    4 payload length n, little-endian (at most maxPayload)
//	    20    4 CRC-32C (Castagnoli) of the payload
//	    24    4 reserved, 0
//	    28    4 CRC-32C of bytes 0..27 (the header itself)
//	    32    n payload: JSON (image for a snapshot, record for a commit)
const (
	frameMagic    = "EGMJ"
	formatVersion = 1
	headerSize    = 32
	maxPayload    = 64 << 20

	kindSnapshot = 1
	kindCommit   = 2
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc32c(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// frameHeader is the decoded fixed part of a frame.
type frameHeader struct {
	kind   uint8
	seq    uint64
	length uint32
	crc    uint32
}

// appendFrame appends one encoded frame to dst.
func appendFrame(dst []byte, kind uint8, seq uint64, payload []byte) []byte {
	var h [headerSize]byte
	copy(h[0:4], frameMagic)
	binary.LittleEndian.PutUint16(h[4:6], formatVersion)
	h[6] = kind
	binary.LittleEndian.PutUint64(h[8:16], seq)
	binary.LittleEndian.PutUint32(h[16:20], uint32(len(payload)))
	binary.LittleEndian.PutUint32(h[20:24], crc32c(payload))
	binary.LittleEndian.PutUint32(h[28:32], crc32c(h[:28]))
	dst = append(dst, h[:]...)
	return append(dst, payload...)
}

// decodeHeader checks and decodes a 32-byte frame header.
func decodeHeader(b []byte) (frameHeader, error) {
	if len(b) < headerSize {
		return frameHeader{}, fmt.Errorf("meters: frame header: %d bytes, want %d", len(b), headerSize)
	}
	if string(b[0:4]) != frameMagic {
		return frameHeader{}, fmt.Errorf("meters: frame header: bad magic %q", b[0:4])
	}
	if got, want := binary.LittleEndian.Uint32(b[28:32]), crc32c(b[:28]); got != want {
		return frameHeader{}, fmt.Errorf("meters: frame header: CRC %08x, want %08x", got, want)
	}
	if v := binary.LittleEndian.Uint16(b[4:6]); v != formatVersion {
		return frameHeader{}, fmt.Errorf("meters: frame header: format version %d, this program reads %d", v, formatVersion)
	}
	h := frameHeader{
		kind:   b[6],
		seq:    binary.LittleEndian.Uint64(b[8:16]),
		length: binary.LittleEndian.Uint32(b[16:20]),
		crc:    binary.LittleEndian.Uint32(b[20:24]),
	}
	if h.kind != kindSnapshot && h.kind != kindCommit {
		return frameHeader{}, fmt.Errorf("meters: frame header: unknown kind %d", h.kind)
	}
	if b[7] != 0 || binary.LittleEndian.Uint32(b[24:28]) != 0 {
		return frameHeader{}, fmt.Errorf("meters: frame header: reserved bytes not zero")
	}
	if h.length > maxPayload {
		return frameHeader{}, fmt.Errorf("meters: frame header: payload length %d over %d", h.length, maxPayload)
	}
	return h, nil
}
