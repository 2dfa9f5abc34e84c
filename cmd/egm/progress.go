package main

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
)

// progress shows a bar on stderr when stderr is a terminal, and nothing otherwise
// (pipes, CI logs and tests stay clean).
type progress struct {
	bar    *progressbar.ProgressBar
	offset int64 // added to every set, for one bar over several runs
}

func newProgress(stderr io.Writer, total int64, what string) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !isTerminal(f) {
		return &progress{}
	}
	return &progress{bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100_000_000),
	)}
}

func (p *progress) set(n int64) {
	if p.bar != nil {
		_ = p.bar.Set64(p.offset + n)
	}
}

func (p *progress) done() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
