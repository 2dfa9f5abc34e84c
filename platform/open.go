package platform

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/machine"
	"egm/meters"
	"egm/rng"
)

// OpenMachine opens the machine on its state directory dir with its Decider: the
// cabinet's RNG (settings rs), cycled in the background until ctx ends, or with
// seed >= 0 a seeded generator that starts a new stream at each boot (seed and
// power-up count), so that a restarted run does not replay the games it played
// before. It returns the power-ups counted before this boot (seeded runs only).
// clock is the machine's clock (nil: the system's).
func OpenMachine(ctx context.Context, dir string, cfg machine.Config, rs rng.Settings, seed int64, clock machine.Clock) (*machine.Machine, uint64, error) {
	boots := uint64(0)
	var dec machine.Decider
	if seed >= 0 {
		if ro, err := meters.Open(dir, meters.Options{ReadOnly: true}); err == nil {
			boots = uint64(ro.Meters().Get(meters.PowerUps))
			ro.Close()
		}
		dec = machine.Seeded{G: rng.NewSeeded(uint64(seed) ^ boots*0x9e3779b97f4a7c15)}
	} else {
		g, err := rng.NewCabinet(rs, nil)
		if err != nil {
			return nil, 0, err
		}
		c := rng.NewCycler(g, nil, 0)
		go c.Run(ctx, 10*time.Millisecond)
		dec = c
	}
	m, err := machine.Open(dir, cfg, machine.Options{Decider: dec, Clock: clock})
	if errors.Is(err, meters.ErrLocked) {
		return nil, 0, fmt.Errorf("platform: %w (is another egm running on it?)", err)
	}
	if err != nil {
		return nil, 0, err
	}
	return m, boots, nil
}
