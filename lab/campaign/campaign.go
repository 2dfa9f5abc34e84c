package campaign

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Egm is the machine's programs a kill campaign launches as its children: the
// cabinet (Path: `egm run --headless …`), the lab's own child modes (Lab:
// `egm-lab aft-powerfail --child …`) and the floor (Floor: `egm-floor run …`,
// `egm-floor wallet scan …`).
type Egm struct {
	Path string   // the cabinet's program, egm
	Env  []string // added to the children's environment (tests: the test binary re-executed as egm)
	// Lab and Floor are egm-lab and egm-floor, with their own additions to the
	// environment; a campaign that needs one fails with a clear error without it.
	Lab, Floor Program
	// Context, if not nil, is the campaign's: once it is done no child starts,
	// every child still running gets SIGTERM (a machine's orderly stop, with its
	// power_down) and SIGKILL ChildStopGrace later if it is still there, and the
	// campaign stops between two kills with its error.
	Context context.Context
}

// Program is one program a campaign runs and what it adds to its environment.
type Program struct {
	Path string
	Env  []string
}

// ChildStopGrace is how long a campaign's child has between the SIGTERM of a
// stop and its SIGKILL.
const ChildStopGrace = time.Second

// Command is the cabinet's program egm with args.
func (e Egm) Command(args ...string) *exec.Cmd { return e.command(Program{e.Path, e.Env}, args) }

// labCommand is egm-lab with args (the campaigns' child modes).
func (e Egm) labCommand(args ...string) *exec.Cmd { return e.command(e.Lab, args) }

// floorCommand is egm-floor with args.
func (e Egm) floorCommand(args ...string) *exec.Cmd { return e.command(e.Floor, args) }

// FloorCommand is egm-floor with args, for the campaigns of other packages
// (lab/floorload).
func (e Egm) FloorCommand(args ...string) *exec.Cmd { return e.floorCommand(args...) }

func (e Egm) command(p Program, args []string) *exec.Cmd {
	var cmd *exec.Cmd
	if e.Context != nil {
		cmd = exec.CommandContext(e.Context, p.Path, args...)
		cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
		cmd.WaitDelay = ChildStopGrace
	} else {
		cmd = exec.Command(p.Path, args...)
	}
	if p.Path == "" { // Start returns it
		cmd.Err = fmt.Errorf("campaign: the campaign runs a program it was not given (%s): egm-lab looks for egm and egm-floor beside itself, then on PATH", strings.Join(args, " "))
	}
	if len(p.Env) > 0 {
		cmd.Env = append(os.Environ(), p.Env...)
	}
	return cmd
}

// stopped is the campaign's context error: non-nil once it was stopped.
func (e Egm) stopped() error {
	if e.Context == nil {
		return nil
	}
	return e.Context.Err()
}

// Progress is called after each kill of a campaign with the kills done (nil: quiet).
type Progress func(done int)

// Report calls p with done unless p is nil.
func (p Progress) Report(done int) {
	if p != nil {
		p(done)
	}
}
