package platform

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// OpenMachine opens the machine on its state directory dir with its Decider: the
// cabinet's RNG (settings rs), cycled in the background until ctx ends, or with
// seed >= 0 a seeded generator that starts a new stream at each boot (seed and
// power-up count), so that a restarted run does not replay the games it played
// before. It returns the power-ups counted before this boot (seeded runs only).
// clock is the machine's clock (nil: the system's).
func OpenMachine(ctx context.Context, dir string, cfg settings.Config, rs rng.Settings, seed int64, clock machine.Clock) (*machine.Machine, uint64, error) {
	m, boots, _, err := OpenMachineWitnessed(ctx, dir, cfg, rs, seed, clock, nil)
	return m, boots, err
}

// OpenMachineWitnessed is OpenMachine with critical memory's witnesses: the
// machine's key (MemoryKey), the boot record's last memory line (memory.go) and
// the witness files outside the state directory (witness, the board's
// witness_path). A machine that opens on trusted memory gets a power-on line in
// the boot record. It returns the key, for Shutdown.
func OpenMachineWitnessed(ctx context.Context, dir string, cfg settings.Config, rs rng.Settings, seed int64, clock machine.Clock, witness []string) (*machine.Machine, uint64, []byte, error) {
	key, err := MemoryKey(dir)
	if err != nil {
		return nil, 0, nil, err
	}
	rec, err := memoryRecord(dir, key)
	if err != nil {
		return nil, 0, nil, err
	}
	store := meters.Options{Key: key, Recorded: rec, WitnessPaths: witness}
	boots := uint64(0)
	var dec machine.Decider
	if seed >= 0 {
		ro := store
		ro.ReadOnly = true
		if ro, err := meters.Open(dir, ro); err == nil {
			boots = uint64(ro.Meters().Get(meters.PowerUps))
			ro.Close()
		}
		dec = machine.Seeded{G: rng.NewSeeded(uint64(seed) ^ boots*0x9e3779b97f4a7c15)}
	} else {
		g, err := rng.NewCabinet(rs, nil)
		if err != nil {
			return nil, 0, nil, err
		}
		c := rng.NewCycler(g, nil, 0)
		go c.Run(ctx, 10*time.Millisecond)
		dec = c
	}
	m, err := machine.Open(dir, cfg, machine.Options{Decider: dec, Clock: clock, Store: store})
	if errors.Is(err, meters.ErrLocked) {
		return nil, 0, nil, fmt.Errorf("platform: %w (is another egm running on it?)", err)
	}
	if err != nil {
		return nil, 0, nil, err
	}
	if err := RecordMemory(dir, key, "power-on", m); err != nil {
		m.Close()
		return nil, 0, nil, err
	}
	return m, boots, key, nil
}
