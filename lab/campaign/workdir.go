package campaign

import (
	"fmt"
	"io"
	"os"
)

// Workdir is a campaign's working directory: the one given, or a new temporary
// one that Finish removes after a clean run. After a failed run it is kept for
// inspection, and Finish says where.
type Workdir struct {
	Dir string
	tmp bool
}

// NewWorkdir is dir (made when missing), or when dir is "" a new temporary
// directory named after prefix.
func NewWorkdir(dir, prefix string) (*Workdir, error) {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("campaign: working directory: %w", err)
		}
		return &Workdir{Dir: dir}, nil
	}
	d, err := os.MkdirTemp("", "egm-"+prefix+"-")
	if err != nil {
		return nil, fmt.Errorf("campaign: working directory: %w", err)
	}
	return &Workdir{Dir: d, tmp: true}, nil
}

// Finish removes a temporary directory after a clean run; after a failed one it
// says on w where the directory was kept. It returns clean.
func (d *Workdir) Finish(w io.Writer, clean bool) bool {
	switch {
	case !clean:
		fmt.Fprintf(w, "working directory kept for inspection: %s\n", d.Dir)
	case d.tmp:
		os.RemoveAll(d.Dir)
	}
	return clean
}
