package testkit

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// StatusFile is the headless screen's status file in the kit's run directory:
// the screen writes it, the kit reads it for screen?.
const StatusFile = "screen.json"

// HoldFile, while it exists in the kit's run directory, keeps a starting
// screen from connecting (hold-screen makes it, release-screen removes it).
const HoldFile = "hold"

// Held says whether the screen is held now.
func Held(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, HoldFile))
	return err == nil
}

type screenStatus struct {
	PID       int    `json:"pid"`
	Connected bool   `json:"connected"`
	Held      bool   `json:"held,omitempty"`
	State     string `json:"state,omitempty"`
}

// WriteScreenStatus writes the screen's status whole (a new file renamed over
// the old: the kit never reads half of one).
func WriteScreenStatus(dir string, s Screen) error {
	b, _ := json.Marshal(screenStatus{PID: s.PID, Connected: s.Connected, Held: s.Held, State: s.State}) // plain fields
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d", StatusFile, s.PID))
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("testkit: the screen's status: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, StatusFile)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("testkit: the screen's status: %w", err)
	}
	return nil
}

// ReadScreenStatus reads what the screen last wrote of itself.
func ReadScreenStatus(dir string) (Screen, error) {
	b, err := os.ReadFile(filepath.Join(dir, StatusFile))
	if err != nil {
		return Screen{}, fmt.Errorf("testkit: the screen's status: %w", err)
	}
	var st screenStatus
	if err := json.Unmarshal(b, &st); err != nil {
		return Screen{}, fmt.Errorf("testkit: the screen's status: %w", err)
	}
	return Screen{PID: st.PID, Connected: st.Connected, Held: st.Held, State: st.State}, nil
}
