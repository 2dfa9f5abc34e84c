package saslink

import (
	"egm/machine/aft"
	"egm/meters"
	"egm/sas"
)

// AFT: the bridge answers 72/73/74 from the machine's own AFT engine
// (machine/aft.go); the machine keeps registration, codes, transfers and history
// in critical memory, so the bridge adds nothing of its own.

// AFTTransfer implements sas.AFTMachine (long poll 72).
func (b *Bridge) AFTTransfer(req sas.AFTTransfer) sas.AFTTransferReply { return b.m.AFTTransfer(req) }

// AFTRegister implements sas.AFTMachine (long poll 73).
func (b *Bridge) AFTRegister(req sas.AFTRegistration) sas.AFTRegistration {
	return b.m.AFTRegister(req)
}

// AFTLock implements sas.AFTMachine (long poll 74): the lock status, the credits,
// the transfer limit and what transfers the machine takes now.
func (b *Bridge) AFTLock(req sas.AFTLock) sas.AFTLockStatus { return b.m.AFTLock(req) }

var _ sas.AFTMachine = (*Bridge)(nil)

// AFT meters (long poll 2F): in-house cashable transfers to the machine (A0, and
// their number A1) and to the host (B8, B9), from the machine's AFT counters.
var aftMeters = map[sas.MeterCode]string{
	sas.MeterAFTCashableIn: aft.CounterCashableIn, sas.MeterAFTTransfersIn: aft.CounterTransfersIn,
	sas.MeterAFTCashableOut: aft.CounterCashableOut, sas.MeterAFTTransfersOut: aft.CounterTransfersOut,
}

func aftMeter(s *meters.Snapshot, code sas.MeterCode) (uint64, bool) {
	name, ok := aftMeters[code]
	if !ok {
		return 0, false
	}
	return uint64(s.Counter(name)), true
}
