package floortest

import (
	"sync"
	"time"

	"egm/sas"
)

// EGM is a machine as the SAS responder sees it: the meters in Meters (machine
// meters only: game 0), the exception queue in Queue, enabled or not. Lock Mu to
// change its fields while it is served.
type EGM struct {
	Mu      sync.Mutex
	Meters  map[sas.MeterCode]uint64
	Queue   sas.Queue
	Enabled bool
}

// NewEGM is a machine with these meters (nil: none).
func NewEGM(meters map[sas.MeterCode]uint64) *EGM {
	if meters == nil {
		meters = map[sas.MeterCode]uint64{}
	}
	return &EGM{Meters: meters}
}

func (e *EGM) Exception() byte { e.Mu.Lock(); defer e.Mu.Unlock(); return e.Queue.Head() }
func (e *EGM) AckException()   { e.Mu.Lock(); defer e.Mu.Unlock(); e.Queue.Pop() }
func (e *EGM) Meter(game int, c sas.MeterCode) (uint64, bool) {
	e.Mu.Lock()
	defer e.Mu.Unlock()
	v, ok := e.Meters[c]
	return v, ok && game == 0
}
func (e *EGM) SetEnabled(on bool) error       { e.Mu.Lock(); defer e.Mu.Unlock(); e.Enabled = on; return nil }
func (e *EGM) Games() []sas.GameInfo          { return []sas.GameInfo{{Number: 1, Enabled: true}} }
func (e *EGM) SelectedGame() int              { return 1 }
func (e *EGM) Now() time.Time                 { return time.Now() }
func (e *EGM) SetTime(time.Time) error        { return nil }
func (e *EGM) ROMSignature(s uint16) uint16   { return s }
func (e *EGM) Progressive(byte, byte, uint64) {}
func (e *EGM) SerialNumber() string           { return "T1" }
