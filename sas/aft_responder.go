package sas

import "errors"

// aftPoll answers 72, 73 and 74 when the Machine implements AFTMachine. A request
// that does not parse is answered as SAS says: a 72 with the status its fault
// calls for (the short form), a 73 or 74 with a NACK.
func (r *Responder) aftPoll(p Poll, out []byte) ([]byte, Response) {
	a, ok := r.M.(AFTMachine)
	if !ok || p.Addr == 0 {
		return out, NoResponse
	}
	switch p.Cmd {
	case 0x72:
		req, err := ParseAFTTransfer(p.Data)
		if err != nil {
			var ae *AFTError
			if errors.As(err, &ae) && ae.Status != 0 {
				// addr 72 02 index(1) status(1) CRC
				return append(out, 0x72, 2, req.Index, byte(ae.Status)), Reply
			}
			return out, NACK
		}
		return AppendAFTTransferReply(out, a.AFTTransfer(req)), Reply
	case 0x73:
		req, err := ParseAFTRegistration(p.Data)
		if err != nil {
			return out, NACK
		}
		return AppendAFTRegistrationReply(out, a.AFTRegister(req)), Reply
	case 0x74:
		req, err := ParseAFTLock(p.Data)
		if err != nil {
			return out, NACK
		}
		return AppendAFTLockStatus(out, a.AFTLock(req)), Reply
	}
	return out, NoResponse
}
