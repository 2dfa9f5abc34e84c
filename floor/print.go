package floor

import (
	"fmt"
	"io"
	"sync"
)

// CycleReport is one poll cycle of one machine as `egm-floor run --once --json`
// prints it.
type CycleReport struct {
	Machine    byte        `json:"machine"`
	Currency   string      `json:"currency"` // the ISO code of the meters' amounts
	Meters     Meters      `json:"meters"`
	Exceptions []Exception `json:"exceptions"`
}

// NewCycleReport is the report of a cycle's meters and exceptions (never a nil
// list: JSON shows [] for none).
func NewCycleReport(r *MetersRecord, ex []Exception) CycleReport {
	if ex == nil {
		ex = []Exception{}
	}
	return CycleReport{Machine: r.Machine, Currency: r.Cur().Code, Meters: r.Meters, Exceptions: ex}
}

// PrintCycle writes a cycle's meters on one line and its exceptions under it.
func PrintCycle(w io.Writer, r *MetersRecord, ex []Exception) {
	m, c := r.Meters, r.Cur()
	fmt.Fprintf(w, "%s machine %d  credits %s  coin in %s  won %d/%d games  jackpot %s  handpay %s\n",
		r.Time.Format("15:04:05"), r.Machine, c.Plain(int64(m.CurrentCredits)), c.Plain(int64(m.CoinIn)), m.GamesWon, m.GamesPlayed,
		c.Plain(int64(m.Jackpot)), c.Plain(int64(m.Handpay)))
	for _, e := range ex {
		if e.Finding != "" {
			fmt.Fprintf(w, "  FLOOR: machine %d %s\n", e.Machine, e.Finding)
			continue
		}
		fmt.Fprintf(w, "  exception %02X\n", e.Code)
	}
}

// Lines writes whole lines to W from several goroutines (the loop's, the
// jackpot controller's and the wallet's reports).
type Lines struct {
	mu sync.Mutex
	W  io.Writer
}

// Line writes s and a newline.
func (l *Lines) Line(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintln(l.W, s)
}
