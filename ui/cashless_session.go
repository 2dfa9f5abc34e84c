package ui

import "egm/machine"

// Status is the machine's latest status as the session holds it (the QR panel
// decides from it which code to show).
func (s *machineSession) Status() machine.Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st
}
