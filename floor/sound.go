package floor

import "fmt"

// SetSound sends 04 (sound on) or 03 (sound off) and expects the ACK.
func (p *Poller) SetSound(on bool) error {
	cmd := byte(0x03)
	if on {
		cmd = 0x04
	}
	r, err := p.Host.LongPoll(p.Addr, cmd, nil, true)
	if err != nil {
		return fmt.Errorf("floor: %02X to machine %d: %w", cmd, p.Addr, err)
	}
	if len(r) != 1 || r[0] != p.Addr {
		return fmt.Errorf("floor: machine %d did not ACK %02X (% X)", p.Addr, cmd, r)
	}
	return nil
}
