// Package progress shows a progress bar on a terminal for the command-line tools'
// long runs (simulations, kill campaigns, PAR sheets), and nothing when the output
// is not a terminal (pipes, CI logs and tests stay clean). It owns the display
// only: it decides nothing and counts nothing itself.
package progress

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
)

// Bar is a progress bar; the zero Bar (and a nil one) shows nothing.
type Bar struct {
	bar *progressbar.ProgressBar
}

// New shows a bar of total steps named what on w when w is a terminal.
func New(w io.Writer, total int64, what string) *Bar {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return &Bar{}
	}
	return &Bar{bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100_000_000),
	)}
}

// Set shows n steps done.
func (p *Bar) Set(n int64) {
	if p != nil && p.bar != nil {
		_ = p.bar.Set64(n)
	}
}

// Int is Set for the int counts of the lab's campaigns.
func (p *Bar) Int(n int) { p.Set(int64(n)) }

// Done finishes the bar (and clears it).
func (p *Bar) Done() {
	if p != nil && p.bar != nil {
		_ = p.bar.Finish()
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
