package floorload

import (
	"egm/floor"
	"fmt"
	"time"

	"egm/lab/campaign"
)

// Options are the load campaign's.
type Options struct {
	Egm      campaign.Egm // the machine's and the floor's programs
	Dir      string       // the working directory: machines' states, logs, the campaign's own PostgreSQL
	Machines int          // emulated machines (1..127: each its own SAS address and floor number)
	Hosts    int          // egm-floor run processes, machines dealt round-robin
	Duration time.Duration
	DB       string        // postgres://… of a server to use ("": a cluster of the campaign's own)
	Seed     uint64        // the machines' play and the wallet's amounts
	Interval time.Duration // the floors' poll interval (default 200 ms)
	Window   string        // the mystery window MIN:MAX in whole euros (default 10:20: many awards)
	// GameTime is each machine's pace: the player waits this long before each
	// game (egm run --game-time; default 500 ms; negative: none, as fast as the
	// processor goes).
	GameTime time.Duration
	// Progress is told the seconds of load run so far (nil: quiet).
	Progress func(seconds int)
}

// Quick is the campaign's quick form: 6 machines on 3 floor hosts for a minute.
func Quick(o Options) Options {
	o.Machines, o.Hosts, o.Duration = 6, 3, time.Minute
	return o
}

// Check validates o and fills its defaults.
func (o *Options) Check() error {
	if o.Interval == 0 {
		o.Interval = 200 * time.Millisecond
	}
	if o.GameTime == 0 {
		o.GameTime = 500 * time.Millisecond
	}
	if o.Window == "" {
		o.Window = "10:20"
	}
	switch {
	case o.Machines < 1 || o.Machines > 127:
		return fmt.Errorf("floorload: --machines must be 1..127 (each a SAS address), not %d", o.Machines)
	case o.Hosts < 1 || o.Hosts > o.Machines:
		return fmt.Errorf("floorload: --hosts must be 1..%d (at least one machine each), not %d", o.Machines, o.Hosts)
	case o.Hosts > 1 && isBbolt(o.DB):
		return fmt.Errorf("floorload: --db %s is one floor process's bbolt file: --hosts 1, or a postgres:// database", o.DB)
	case o.Duration < 10*time.Second:
		return fmt.Errorf("floorload: the run must last at least 10s (its faults are a third and two thirds in), not %v", o.Duration)
	}
	return nil
}

// hostOf is the floor host (0-based) that polls machine i (0-based).
func (o *Options) hostOf(i int) int { return i % o.Hosts }

// isBbolt tells a --db naming a bbolt file (floor.ParseDB).
func isBbolt(db string) bool {
	kind, _, err := floor.ParseDB(db)
	return db != "" && err == nil && kind == floor.DBBbolt
}
