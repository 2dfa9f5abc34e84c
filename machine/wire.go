package machine

import "fmt"

// The screen process reads the machine's outputs and status as JSON over the
// platform's socket (package platform): the names MarshalText writes read back (a State's: machine/state).

// UnmarshalText reads an output's name.
func (k *OutputKind) UnmarshalText(b []byte) error {
	for kind, name := range outputNames {
		if name == string(b) {
			*k = kind
			return nil
		}
	}
	return fmt.Errorf("machine: unknown output %q", b)
}
