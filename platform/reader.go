package platform

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"egm/meters"
	"egm/platform/screen"
	"egm/platform/wire"
)

// StateReader reads a state directory's critical memory for the tools (egm
// meters, recall, events): offline, read-only, when no machine holds it; through
// the running platform's socket as a reader, beside the screen, when one does.
type StateReader struct {
	// View calls fn with the committed state.
	View func(fn func(*meters.Snapshot)) error
	// Close releases the store or the connection.
	Close func() error
	// Pending lists the repairs an offline open found needed and left to the
	// machine's next start (none through a running platform).
	Pending []string
	// Live: read through a running platform.
	Live bool
}

// OpenState opens dir's critical memory for reading.
func OpenState(dir string) (StateReader, error) {
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if errors.Is(err, meters.ErrLocked) {
		c, derr := screen.DialReader(filepath.Join(dir, wire.SocketName), 5*time.Second)
		if derr != nil {
			return StateReader{}, fmt.Errorf("platform: the machine holds %s and its platform does not answer (%v): %w", dir, derr, meters.ErrLocked)
		}
		return StateReader{View: c.View, Close: c.Close, Live: true}, nil
	}
	if err != nil {
		return StateReader{}, err
	}
	return StateReader{View: func(fn func(*meters.Snapshot)) error { ro.View(fn); return nil }, Close: ro.Close, Pending: ro.Pending()}, nil
}
