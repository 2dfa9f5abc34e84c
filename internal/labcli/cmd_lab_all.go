package labcli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"egm/internal/cli"
	"egm/lab/checklist"
)

// all is `egm-lab all` (checklist.RunAll): it only parses flags.
func (l Lab) all(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("all", "all --out DIR [--quick|--full] [--resume] [--only 1,3,8-10] [--seed S]", stderr)
	out := fs.String("out", "", "the report's directory (created)")
	quick := fs.Bool("quick", false, "minutes: the scale for CI (the default)")
	full := fs.Bool("full", false, "hours: dieharder -a, 10^8 games per title, 1,000-kill campaigns")
	resume := fs.Bool("resume", false, "keep the items already decided (PASS or FAIL) in DIR at the same scale")
	only := fs.String("only", "", "run only these items (numbers of the checklist)")
	seed := fs.Uint64("seed", 1, "seed of the simulations and campaigns (the RNG batteries use the cabinet's generator)")
	vectors := fs.String("vectors", "", "DRBG known-answer files, comma-separated (default: ../shared/vectors and rng/testdata)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *out == "" {
		return prog.BadUsage(fs, "--out DIR is required")
	}
	if *quick && *full {
		return prog.BadUsage(fs, "--quick and --full exclude each other")
	}
	ids, err := checklist.ParseOnly(*only)
	if err != nil {
		return prog.BadUsage(fs, "--only: %v", err)
	}
	egm, err := l.programs()
	if err != nil {
		return prog.Fail(stderr, err)
	}
	ctx, stop := cli.StopContext()
	defer stop()
	o := checklist.AllOptions{Context: ctx, Egm: egm, Out: *out, Scale: checklist.QuickScale(), Seed: *seed, Resume: *resume, Only: ids,
		Vectors: checklist.DefaultVectors(), Command: "egm-lab " + strings.Join(append([]string{"all"}, args...), " "), Terminal: stderr}
	if *full {
		o.Scale = checklist.FullScale()
	}
	if *vectors != "" {
		o.Vectors = strings.Split(*vectors, ",")
	}
	sum, err := checklist.RunAll(o)
	if st := (*checklist.StoppedAll)(nil); errors.As(err, &st) {
		at := "between two items"
		if st.At > 0 {
			at = fmt.Sprintf("during item %d (%s), left undecided", st.At, st.Key)
		}
		return prog.Stopped(ctx, stderr, "all", fmt.Sprintf("%s; %s kept in %s/items (egm-lab all --out %s --resume goes on from there)", at, cli.Plural(st.Decided, "decided item"), *out, *out))
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	passed := 0
	for _, it := range sum.Items {
		if it.Verdict == checklist.Pass {
			passed++
		}
	}
	fmt.Fprintf(stdout, "lab all (%s): %d of %d items PASS in %.0f s; report %s/report.html, summary %s/summary.json\n",
		o.Scale.Name, passed, len(sum.Items), sum.Seconds, *out, *out)
	return cli.ExitIf(!sum.Pass)
}
