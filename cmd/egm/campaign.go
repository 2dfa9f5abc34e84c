package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
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
func (c *campaign) start() (func(args []string) *exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	if *c.Dir == "" {
		if *c.Dir, err = os.MkdirTemp("", "egm-"+c.prefix+"-"); err != nil {
			return nil, err
		}
		c.tmp = true
	}
	return func(a []string) *exec.Cmd { return exec.Command(exe, a...) }, nil
}

// finish removes a temporary working directory after a clean run; after a failed
// one it says where the directory was kept for inspection.
func (c *campaign) finish(stdout io.Writer, clean bool) {
	switch {
	case !clean:
		fmt.Fprintf(stdout, "working directory kept for inspection: %s\n", *c.Dir)
	case c.tmp:
		os.RemoveAll(*c.Dir)
	}
}
