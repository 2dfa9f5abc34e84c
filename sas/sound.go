package sas

// SoundSwitch is the part of a Machine that long polls 03 (sound off) and 04
// (sound on) change: the cabinet's sound, which belongs to its screen, not to the
// machine's state (nothing of it is stored). A Machine without it ACKs both and
// changes nothing (a headless machine has no sound).
type SoundSwitch interface {
	SetSound(on bool)
}

// soundPoll answers 03 and 04.
//
//	host:    addr 03|04 CRC(2)      (type S, no data)
//	machine: addr                   (ACK)
func (r *Responder) soundPoll(p Poll, out []byte) ([]byte, Response, bool) {
	if p.Cmd != 0x03 && p.Cmd != 0x04 {
		return out, 0, false
	}
	if s, ok := r.M.(SoundSwitch); ok {
		s.SetSound(p.Cmd == 0x04)
	}
	return out, ACK, true
}
