package battery

import (
	"fmt"
	"io"
)

// Print writes the battery's report as a table: each test's statistic, degrees
// of freedom, p-value and verdict, then the overall verdict.
func (rep Report) Print(w io.Writer) {
	fmt.Fprintf(w, "RNG battery: %d draws per test, 99%% confidence (p ≥ %.2f passes)\n\n", rep.Samples, Alpha)
	fmt.Fprintf(w, "%-52s %-6s %14s %5s %9s  %s\n", "test", "kind", "statistic", "df", "p-value", "verdict")
	for _, t := range rep.Tests {
		v := "PASS"
		if !t.Pass {
			v = "FAIL"
		}
		df := ""
		if t.DF > 0 {
			df = fmt.Sprint(t.DF)
		}
		fmt.Fprintf(w, "%-52s %-6s %14.6g %5s %9.4f  %s\n", t.Name, t.Kind, t.Statistic, df, t.PValue, v)
	}
	verdict := "PASS"
	if !rep.Pass {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "\noverall: %s (%d of %d tests below %.2f; up to %d expected by chance at 99%%)\n",
		verdict, rep.Failures, len(rep.Tests), Alpha, rep.Allowed)
}
