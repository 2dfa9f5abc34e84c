package meters

import (
	"bytes"
	"fmt"
)

// note is something recovery found and the event log must say.
type note struct {
	kind   EventKind
	detail string
}

// loaded is the outcome of reading both copies.
type loaded struct {
	st      *state
	notes   []note
	rewrite bool // some copy is not a perfect record of st: rewrite both
}

// merge rebuilds critical memory from the scanned copies. It returns a *RAMError when
// a record that may have been acknowledged is unreadable in every copy; a write cut
// short by a crash (an incomplete last frame) is discarded, never reported as damage.
//
// Why an incomplete frame is a crash and a complete bad one is damage: a commit is a
// single append, and both a killed process and a power cut (ext4, data=ordered: the
// file size is only extended once the data are on disk) leave at most a prefix of it.
// A frame whose bytes are all present but fail the CRC was written whole and changed
// afterwards.
func merge(dir string, copies []*copyScan) (*loaded, error) {
	ramErr := func(format string, args ...any) error {
		e := &RAMError{Dir: dir, Reason: fmt.Sprintf(format, args...)}
		for _, c := range copies {
			e.Copies = append(e.Copies, c.describe())
		}
		return e
	}
	// The newest readable snapshot is the base.
	var base *state
	var baseErrs []string
	for _, c := range copies {
		if len(c.frames) == 0 || c.frames[0].payload == nil {
			continue
		}
		st, err := decodeImage(c.frames[0].payload)
		if err != nil {
			baseErrs = append(baseErrs, c.name+": "+unprefixed(err))
			continue
		}
		if st.seq != c.frames[0].seq {
			baseErrs = append(baseErrs, fmt.Sprintf("%s: snapshot says seq %d, frame %d", c.name, st.seq, c.frames[0].seq))
			continue
		}
		if base == nil || st.seq > base.seq {
			base = st
		}
	}
	if base == nil {
		return nil, ramErr("no readable snapshot in any copy %v", baseErrs)
	}
	// Every commit after the base, from whichever copy reads.
	payloads := map[uint64][]byte{}
	last := base.seq
	for _, c := range copies {
		for _, f := range c.frames {
			if f.seq <= base.seq || f.payload == nil {
				continue
			}
			if p, ok := payloads[f.seq]; ok && !bytes.Equal(p, f.payload) {
				return nil, ramErr("the copies disagree about commit %d", f.seq)
			}
			payloads[f.seq] = f.payload
			last = max(last, f.seq)
		}
	}
	st := base
	for seq := base.seq + 1; seq <= last; seq++ {
		p, ok := payloads[seq]
		if !ok {
			return nil, ramErr("commit %d is damaged in every copy", seq)
		}
		r, err := decodeRecord(p)
		if err == nil {
			st, err = st.apply(seq, r)
		}
		if err != nil {
			return nil, ramErr("commit %d does not apply: %s", seq, unprefixed(err))
		}
	}
	// Anything complete beyond the last good commit is damage, not a crash.
	out := &loaded{st: st}
	for _, c := range copies {
		for _, s := range c.badSeqs {
			if s > last {
				return nil, ramErr("commit %d was written whole but is damaged in every copy", s)
			}
		}
		cl, _ := c.lastSeq()
		if c.tail == tailCorrupt && cl >= last {
			return nil, ramErr("%s: damaged bytes after the last good commit %d", c.name, last)
		}
	}
	for _, c := range copies {
		cl, ok := c.lastSeq()
		switch {
		case c.perfect() && cl == last:
			// nothing to do
		case !c.missing && ok && len(c.badSeqs) == 0 && c.tail == tailTorn && cl == last:
			out.rewrite = true
			out.notes = append(out.notes, note{EvMemoryRecovery,
				fmt.Sprintf("%s: discarded a write cut short by power loss (%s); state is commit %d", c.name, c.tailWhy, last)})
		case c.perfect() && cl < last:
			out.rewrite = true
			out.notes = append(out.notes, note{EvMemoryRepair,
				fmt.Sprintf("%s: ended at commit %d, the other copy at %d; rewritten from the good copy", c.name, cl, last)})
		default:
			out.rewrite = true
			out.notes = append(out.notes, note{EvMemoryRepair,
				fmt.Sprintf("%s; rewritten from the good copy at commit %d", c.describe(), last)})
		}
	}
	return out, nil
}
