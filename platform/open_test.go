package platform

import (
	"errors"
	"strings"
	"testing"

	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// A seeded machine counts its boots, so that each restart draws a new stream; a
// second machine on a held directory is refused, naming why.
func TestOpenMachine(t *testing.T) {
	dir := t.TempDir()
	cfg := settings.DefaultConfig()
	m, boots, err := OpenMachine(t.Context(), dir, cfg, rng.Settings{}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if boots != 0 {
		t.Fatalf("first boot counted %d before it", boots)
	}
	if _, _, err := OpenMachine(t.Context(), dir, cfg, rng.Settings{}, 3, nil); !errors.Is(err, meters.ErrLocked) || !strings.Contains(err.Error(), "another egm") {
		t.Fatalf("second machine: %v", err)
	}
	if err := m.Shutdown(); err != nil {
		t.Fatal(err)
	}
	m, boots, err = OpenMachine(t.Context(), dir, cfg, rng.Settings{}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if boots != 1 {
		t.Fatalf("second boot counted %d before it, want 1", boots)
	}
}
