package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"egm/lab"
)

// campaign is what the kill campaigns of `egm lab` (powerfail, aft-powerfail,
// wallet-faults, jackpot-faults) share: the flags for the number of kills, the
// working directory, the seed and the longest run before a kill; a temporary
// working directory removed after a clean run and kept, with a word saying where,
// after a failed one; and the children, which are this egm binary.
type campaign struct {
	Kills    *int
	Dir      *string
	Seed     *uint64
	MaxDelay *time.Duration
	tmp      bool
	prefix   string
}

// campaignFlags registers the shared flags on fs. dirFlag names the working
// directory's flag ("state" for one machine's state, "dir" for a tree of them).
func campaignFlags(fs *flag.FlagSet, prefix, dirFlag string, kills int, killsDoc, seedDoc string, maxDelay time.Duration, delayDoc string) *campaign {
	return &campaign{
		prefix:   prefix,
		Kills:    fs.Int("kills", kills, killsDoc),
		Dir:      fs.String(dirFlag, "", "working directory (default: a new temporary one, removed after a clean run)"),
		Seed:     fs.Uint64("seed", 1, seedDoc),
		MaxDelay: fs.Duration("max-delay", maxDelay, delayDoc),
	}
}

// start makes the temporary working directory when none was given and returns the
// factory of the campaign's children.
func (c *campaign) start() (lab.Egm, error) {
	exe, err := os.Executable()
	if err != nil {
		return lab.Egm{}, err
	}
	if *c.Dir == "" {
		if *c.Dir, err = os.MkdirTemp("", "egm-"+c.prefix+"-"); err != nil {
			return lab.Egm{}, err
		}
		c.tmp = true
	}
	return campaignEgm(exe), nil
}

// campaignEgm is the campaigns' children: this binary (tests: the test binary,
// re-executed as egm).
var campaignEgm = func(exe string) lab.Egm { return lab.Egm{Path: exe} }

// finish removes a temporary working directory after a clean run; after a failed
// one it says where the directory was kept for inspection. It returns the exit
// code: 0 clean, 1 not.
func (c *campaign) finish(stdout io.Writer, clean bool) int {
	switch {
	case !clean:
		fmt.Fprintf(stdout, "working directory kept for inspection: %s\n", *c.Dir)
		return 1
	case c.tmp:
		os.RemoveAll(*c.Dir)
	}
	return 0
}
