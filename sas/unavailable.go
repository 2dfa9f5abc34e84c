package sas

// MeterAvailability is implemented by a Machine whose meters can be unreadable:
// critical memory in RAM ERROR, a machine closed. While MetersAvailable is false
// the Responder answers none of the polls that report meters (meterPolls): the
// host hears silence, counts a missed poll and asks again, and never reads zeros
// it could take for meters gone back. The general poll still reports exceptions
// (the machine's ExRAMError among them) and the other long polls are answered.
type MeterAvailability interface {
	MetersAvailable() bool
}

// meterPolls are the long polls whose replies are meters: 0F, 10–1A (18 included),
// 1C, 2D, 2F, 52, 6F, AF, 84 (the last progressive win, from recall) and 9A (bonus meters).
var meterPolls = func() map[byte]bool {
	m := map[byte]bool{0x0F: true, 0x1C: true, 0x2F: true, 0x84: true, 0x9A: true,
		0x2D: true, 0x52: true, 0x6F: true, 0xAF: true}
	for c := byte(0x10); c <= 0x1A; c++ {
		m[c] = true
	}
	return m
}()

// metersUnavailable reports whether cmd reports meters the machine cannot read now.
func (r *Responder) metersUnavailable(cmd byte) bool {
	a, ok := r.M.(MeterAvailability)
	return ok && meterPolls[cmd] && !a.MetersAvailable()
}
