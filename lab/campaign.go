package lab

import (
	"egm/jurisdiction"

	"context"
	"fmt"
	"io"
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
	// campaign stops between two kills with its error (Stopped).
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

// LabCommand is egm-lab with args (the campaigns' child modes).
func (e Egm) LabCommand(args ...string) *exec.Cmd { return e.command(e.Lab, args) }

// FloorCommand is egm-floor with args.
func (e Egm) FloorCommand(args ...string) *exec.Cmd { return e.command(e.Floor, args) }

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
		cmd.Err = fmt.Errorf("lab: the campaign runs a program it was not given (%s): egm-lab looks for egm and egm-floor beside itself, then on PATH", strings.Join(args, " "))
	}
	if len(p.Env) > 0 {
		cmd.Env = append(os.Environ(), p.Env...)
	}
	return cmd
}

// Stopped is the campaign's context error: non-nil once it was stopped.
func (e Egm) Stopped() error {
	if e.Context == nil {
		return nil
	}
	return e.Context.Err()
}

// Progress is called after each kill of a campaign with the kills done (nil: quiet).
type Progress func(done int)

func (p Progress) report(done int) {
	if p != nil {
		p(done)
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// labCurrency is the currency of the lab's machines and floor: the Estonian
// profile's, the lab's reference (a KZ machine plays the same games × 500:
// SimulateIn).
var labCurrency = jurisdiction.EE.Currency

// euros writes integer minor units in the lab's currency for the reports
// (money's Plain: "-1.50 EUR" below zero).
func euros(c int64) string { return labCurrency.Plain(c) }

// printViolations writes the first 20 violations under a header.
func printViolations(w io.Writer, vs []string, none string) {
	if len(vs) == 0 {
		fmt.Fprintf(w, "  violations                       none: %s\n", none)
		return
	}
	fmt.Fprintf(w, "  VIOLATIONS                       %d\n", len(vs))
	for i, v := range vs {
		if i == 20 {
			fmt.Fprintf(w, "    … %d more\n", len(vs)-20)
			break
		}
		fmt.Fprintf(w, "    %s\n", v)
	}
}
