package floor

import (
	"fmt"

	"egm/sas"
)

// ProgressiveGroup is the machines' progressive group for the linked levels; the
// levels go out as 1 Grand, 2 Major, 3 mystery (machine/saslink reads them so).
const ProgressiveGroup = 1

// LevelAmount is one level of a broadcast.
type LevelAmount struct {
	Level byte
	Cents uint64
}

// Broadcast sends the linked levels to the machine with long poll 86 and expects
// its ACK:
//
//	addr 86 len group(1) {level(1) amount(5 BCD)}… CRC
func (p *Poller) Broadcast(levels []LevelAmount) error {
	data := []byte{0, ProgressiveGroup}
	for _, l := range levels {
		data = sas.AppendBCD(append(data, l.Level), l.Cents, 5)
	}
	data[0] = byte(len(data) - 1)
	r, err := p.Host.LongPoll(p.Addr, 0x86, data, true)
	if err != nil {
		return fmt.Errorf("floor: 86 to machine %d: %w", p.Addr, err)
	}
	if len(r) != 1 || r[0] != p.Addr {
		return fmt.Errorf("floor: machine %d did not ACK the levels (% X)", p.Addr, r)
	}
	return nil
}
