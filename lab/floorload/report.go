package floorload

import (
	"fmt"
	"io"
	"strings"
	"time"

	"egm/lab"
)

// Check is one of the campaign's checks at the end.
type Check struct {
	Name   string `json:"name"`
	Pass   bool   `json:"pass"`
	Ran    bool   `json:"ran"`    // false: not run in this build (Detail says why)
	Detail string `json:"detail"` // what was compared, or the first violation
}

// Report is the campaign's summary.
type Report struct {
	Machines     int     `json:"machines"`
	Hosts        int     `json:"hosts"`
	Seconds      float64 `json:"seconds"` // the load phase
	Cycles       int     `json:"cycles"`  // good poll cycles printed by the floors
	CycleP50MS   float64 `json:"cycle_p50_ms"`
	CycleP99MS   float64 `json:"cycle_p99_ms"`
	Games        int64   `json:"games"`
	CoinInCents  int64   `json:"coin_in_cents"`
	Transfers    int     `json:"transfers"` // wallet transfers committed
	CashIns      int     `json:"cash_ins"`  // of them, to the machines
	TransfersPS  float64 `json:"transfers_per_second"`
	Hits         int     `json:"jackpot_hits"` // Grand/Major hits and mystery awards
	HitsPS       float64 `json:"jackpot_hits_per_second"`
	FloorKills   int     `json:"floor_kills"`
	PGRestarts   int     `json:"postgres_restarts"`
	DBOutages    int     `json:"database_outages_ridden_out"` // the floors' "database fails" lines
	RestAttempts int     `json:"rest_attempts"`
	Wallet       string  `json:"wallet"`   // on, or why not
	Database     string  `json:"database"` // one PostgreSQL, or one floor's bbolt file
	Checks       []Check `json:"checks"`
}

// Failed is the names of the checks that failed.
func (r Report) Failed() []string {
	var out []string
	for _, c := range r.Checks {
		if c.Ran && !c.Pass {
			out = append(out, c.Name)
		}
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Print writes the report for people.
func (r Report) Print(w io.Writer) {
	fmt.Fprintf(w, "floor load campaign: %d machines on %d floor hosts, %s, %.0fs of load\n", r.Machines, r.Hosts, r.Database, r.Seconds)
	fmt.Fprintf(w, "  faults                           floor host SIGKILLed and restarted %d, PostgreSQL restarted %d (database failures ridden out by the floors: %d)\n", r.FloorKills, r.PGRestarts, r.DBOutages)
	fmt.Fprintf(w, "  poll cycle per machine           p50 %.0f ms, p99 %.0f ms (%d cycles)\n", r.CycleP50MS, r.CycleP99MS, r.Cycles)
	fmt.Fprintf(w, "  play                             %d games, coin-in %s\n", r.Games, lab.Euros(r.CoinInCents))
	fmt.Fprintf(w, "  wallet transfers                 %d (%d cash-ins, %d cash-outs), %.2f/s (wallet: %s)\n", r.Transfers, r.CashIns, r.Transfers-r.CashIns, r.TransfersPS, r.Wallet)
	fmt.Fprintf(w, "  jackpot hits and mystery awards  %d, %.2f/s\n", r.Hits, r.HitsPS)
	for _, c := range r.Checks {
		v := lab.Verdict(c.Pass)
		if !c.Ran {
			v = "SKIP"
		}
		fmt.Fprintf(w, "  %-4s %-27s %s\n", v, c.Name, c.Detail)
	}
	if f := r.Failed(); len(f) > 0 {
		fmt.Fprintf(w, "  FAILED: %s\n", strings.Join(f, ", "))
	}
}

func euros(c int64) string { return lab.Euros(c) }
