package saslink

import (
	"strings"

	"egm/machine"
	"egm/meters"
	"egm/sas"
)

// The machine owns critical memory: the bridge reads it through machine.View and
// writes its exception queue through machine.CommitLink, never holding a store of
// its own. When critical memory cannot be read (RAM ERROR after a failed reopen, a
// machine closed) the meter polls are met with silence (sas.MeterAvailability) and
// the general poll reports ExRAMError; the exception queue lives on in memory and
// is written again with the next commit that succeeds.

var _ sas.MeterAvailability = (*Bridge)(nil)

// MetersAvailable implements sas.MeterAvailability: false while the machine has no
// critical memory to read.
func (b *Bridge) MetersAvailable() bool {
	return b.m.View(func(*meters.Snapshot) {}) == nil
}

// memoryFault reports whether the machine stopped for its critical memory: RAM
// ERROR, or the tilt of a failed write.
func (b *Bridge) memoryFault() bool {
	s := b.m.Status()
	return s.State == machine.RAMError || (s.State == machine.Tilt && strings.HasPrefix(s.Reason, machine.TiltMemory))
}

// raiseMemoryFault queues ExRAMError once per episode of a memory fault: it is
// called before each general poll, outside the bridge's lock (it asks the
// machine), and the push is made under it.
func (b *Bridge) raiseMemoryFault() {
	fault := b.memoryFault()
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case fault && !b.memRaised:
		b.memRaised = true
		b.queue.Push(sas.ExRAMError)
	case !fault:
		b.memRaised = false
	}
}
