package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"egm/platform/screen"
	"egm/platform/wire"
)

// cmdLink reads the floor link's counters from the running platform of a state
// directory (they live in that process: a stopped cabinet has none; its log has
// them every minute they changed).
func cmdLink(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("link", "link [--state DIR] [--json]", stderr)
	stateDir := fs.String("state", "", "state directory (default: the configuration's state_dir)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	asJSON := fs.Bool("json", false, "JSON output")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	dir, err := stateDirOf(*stateDir, *cfgPath)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	c, err := screen.DialReader(filepath.Join(dir, wire.SocketName), 5*time.Second)
	if err != nil {
		return prog.Fail(stderr, fmt.Errorf("egm link: no running platform on %s (the counters live in it): %w", dir, err))
	}
	defer c.Close()
	st, err := c.LinkStats()
	switch {
	case errors.Is(err, wire.ErrUnavailable):
		return prog.Fail(stderr, fmt.Errorf("egm link: the platform on %s runs no floor link (egm run --sas …)", dir))
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON:
		return prog.WriteJSON(stdout, stderr, st)
	}
	fmt.Fprintf(stdout, "floor link: %s\n", st)
	return 0
}
