package sas

import "slices"

// LongPolls returns the long-poll commands the machine's link reads (pollShapes),
// in ascending order: what a test sends to prove that every one of them is
// answered, or met with silence, and never breaks the link.
func LongPolls() []byte {
	out := make([]byte, 0, len(pollShapes))
	for c := range pollShapes {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// PollLayout says how a host sends long poll cmd: fixed is the number of data
// bytes of a fixed-length poll (type S), variable is true for a poll whose data
// starts with its length byte (type M), crc is false for a poll without data or
// CRC (type R). ok is false for a command the machine does not read.
func PollLayout(cmd byte) (fixed int, variable, crc, ok bool) {
	sh, ok := pollShapes[cmd]
	if !ok {
		return 0, false, false, false
	}
	return sh.n, sh.kind == 'M', sh.kind != 'R', true
}
