package checklist

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"egm/lab"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// The generator's mechanism (rows 4-6): DRBG known answers and reseeding, entropy
// health tests and the tilt they cause, background cycling.

// DefaultVectors are the DRBG known-answer files `egm-lab all` looks for from the
// repository's root (or below it): the shared NIST CAVP vectors and the rng
// package's own copy.
func DefaultVectors() []string {
	var out []string
	for _, up := range []string{".", "..", "../.."} {
		for _, p := range []string{"../shared/vectors/ctr_drbg_aes256_nodf.txt", "rng/testdata/ctr_drbg_aes256_nodf.txt"} {
			path := filepath.Join(up, p)
			if _, err := os.Stat(path); err == nil {
				out = append(out, path)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return out
}

// parseVectors reads NIST CAVP records "name entropy personalization returned"
// ("-": no personalization).
func parseVectors(b []byte) ([]string, []rng.KnownAnswer, error) {
	var names []string
	var kas []rng.KnownAnswer
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			return nil, nil, fmt.Errorf("bad vector line %q", line)
		}
		pers := f[2]
		if pers == "-" {
			pers = ""
		}
		names = append(names, f[0])
		kas = append(kas, rng.KnownAnswer{Entropy: f[1], Personalization: pers, Returned: f[3]})
	}
	return names, kas, sc.Err()
}

// drbgEntropy is a healthy-looking deterministic entropy source: a CTR_DRBG stream.
type drbgEntropy struct{ d *rng.CTRDRBG }

func (e drbgEntropy) Read(p []byte) (int, error) {
	for off := 0; off < len(p); off += rng.MaxRequestBytes {
		if err := e.d.Generate(p[off:min(len(p), off+rng.MaxRequestBytes)]); err != nil {
			return off, err
		}
	}
	return len(p), nil
}

func fixedEntropy(b byte) rng.Entropy {
	d, err := rng.NewCTRDRBG(bytes.Repeat([]byte{b}, rng.SeedLen), nil, rng.MaxReseedInterval)
	if err != nil {
		panic(err)
	}
	return drbgEntropy{d}
}

type settableClock struct{ t time.Time }

func (c *settableClock) Now() time.Time { return c.t }

func itemDRBG(a *allRun, r *ItemResult) error {
	files := a.o.Vectors
	total, passed := 0, 0
	var rows [][]string
	for _, f := range files {
		b, err := a.read(f)
		if err != nil {
			return err
		}
		names, kas, err := parseVectors(b)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		ok := 0
		var failed []string
		for i, ka := range kas {
			if err := ka.Check(); err != nil {
				failed = append(failed, names[i])
			} else {
				ok++
			}
		}
		total += len(kas)
		passed += ok
		rows = append(rows, []string{f, fmt.Sprint(len(kas)), fmt.Sprint(ok), strings.Join(failed, " ")})
	}
	r.table("NIST CAVP CTR_DRBG AES-256 no df known answers", []string{"file", "records", "matching", "failed"}, rows)
	r.check("known answers", total > 0 && passed == total, "%d of %d records from %d files match (instantiate, generate 512 bits twice)", passed, total, len(files))
	r.check("power-on self-test", rng.SelfTest() == nil, "rng.SelfTest: %v", errOrOK(rng.SelfTest()))
	// Reseed forced by the request counter.
	g, err := rng.New(rng.Options{ReseedRequests: 4})
	if err != nil {
		return err
	}
	buf := make([]byte, 100)
	counts := []uint64{}
	for i := 0; i < 13; i++ {
		g.Read(buf)
		counts = append(counts, g.Reseeds())
	}
	r.check("reseed by counter", counts[3] == 0 && counts[4] == 1 && counts[12] == 3, "interval 4 requests: reseeds after requests 4, 5, 13 = %d, %d, %d (want 0, 1, 3)", counts[3], counts[4], counts[12])
	// Reseed forced by time.
	clk := &settableClock{t: time.Unix(1e9, 0)}
	g, err = rng.New(rng.Options{Clock: clk, ReseedInterval: time.Minute})
	if err != nil {
		return err
	}
	g.Read(buf)
	clk.t = clk.t.Add(59 * time.Second)
	g.Read(buf)
	early := g.Reseeds()
	clk.t = clk.t.Add(time.Second)
	g.Read(buf)
	r.check("reseed by time", early == 0 && g.Reseeds() == 1, "interval 1 min: %d reseeds at 59 s, %d at 60 s (want 0, 1)", early, g.Reseeds())
	// Two instances differ, even from identical entropy (personalization).
	x, y := make([]byte, 1024), make([]byte, 1024)
	g1, err1 := rng.New(rng.Options{})
	g2, err2 := rng.New(rng.Options{})
	g3, err3 := rng.New(rng.Options{Entropy: fixedEntropy(9)})
	g4, err4 := rng.New(rng.Options{Entropy: fixedEntropy(9)})
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return err
	}
	g1.Read(x)
	g2.Read(y)
	differ := !bytes.Equal(x, y)
	g3.Read(x)
	g4.Read(y)
	r.check("two instances differ", differ && !bytes.Equal(x, y), "two cabinet generators: streams differ; two fed identical entropy: streams differ (personalization)")
	_, err = rng.NewCabinet(rng.Settings{Mode: rng.ModeSeeded}, nil)
	r.check("the cabinet refuses seeded mode", err != nil, "%v", err)
	r.Summary = fmt.Sprintf("%d/%d NIST vectors, self-test, reseeds by counter and time, instances differ", passed, total)
	return nil
}

func errOrOK(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// osReader is getrandom through a healthy cabinet generator's own source: the
// generator itself (its output is what the good bytes need to look like).
type genReader struct{ g *rng.Generator }

func (r genReader) Read(p []byte) (int, error) { return r.g.Read(p) }

// switchingEntropy is a healthy source until broken.
type switchingEntropy struct {
	good   rng.Entropy
	broken bool
}

func (s *switchingEntropy) Read(p []byte) (int, error) {
	if s.broken {
		return rng.StuckSource(0).Read(p)
	}
	return s.good.Read(p)
}

func itemHealth(a *allRun, r *ItemResult) error {
	good, err := lab.Generator(-1)
	if err != nil {
		return err
	}
	var rows [][]string
	try := func(name string, src rng.Entropy, want string) bool {
		_, err := rng.New(rng.Options{Entropy: src})
		var he *rng.HealthError
		got := "no failure"
		if errors.As(err, &he) {
			got = he.Error()
		}
		ok := errors.As(err, &he) && he.Test == want
		rows = append(rows, []string{name, want, got, lab.Verdict(ok)})
		return ok
	}
	stuck := try("stuck source (0xAA forever)", rng.StuckSource(0xAA), "repetition count")
	biased := try("biased source (0x41 every other byte)", rng.BiasedSource(genReader{good}), "adaptive proportion")
	_, err = rng.New(rng.Options{})
	rows = append(rows, []string{"the kernel's getrandom", "none", errOrOK(err), lab.Verdict(err == nil)})
	r.table("start-up health tests (SP 800-90B 4.4)", []string{"entropy source", "test expected to trip", "result", "verdict"}, rows)
	r.check("stuck source trips the repetition count test", stuck, "at start-up, before any output")
	r.check("biased source trips the adaptive proportion test", biased, "at start-up, before any output")
	r.check("healthy source passes", err == nil, "getrandom: %s", errOrOK(err))
	// A source that breaks in service: the next reseed fails, the error is sticky.
	sw := &switchingEntropy{good: fixedEntropy(3)}
	g, err := rng.New(rng.Options{Entropy: sw, ReseedRequests: 2})
	if err != nil {
		return err
	}
	g.Read(make([]byte, 1024))
	sw.broken = true
	_, rerr := g.Read(make([]byte, 3*rng.MaxRequestBytes))
	sw.broken = false
	g.Uint64()
	var he *rng.HealthError
	r.check("failure in service is sticky", errors.As(rerr, &he) && g.Err() != nil, "reseed from a stuck source: %v; error still set after the source recovered: %v", errOrOK(rerr), g.Err() != nil)
	// The machine: a game decided by a generator whose health test failed is
	// voided and the machine tilts.
	dir, done, err := tempDir("health")
	if err != nil {
		return err
	}
	defer done()
	sw = &switchingEntropy{good: fixedEntropy(4)}
	cg, err := rng.New(rng.Options{Entropy: sw, ReseedRequests: 1})
	if err != nil {
		return err
	}
	rg, err := newRig(dir, settings.DefaultConfig(), rng.NewCycler(cg, nil, 0))
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	if err := rg.must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 5000}); err != nil {
		return err
	}
	if err := rg.play(); err != nil {
		return err
	}
	sw.broken = true
	var spinErr error
	for i := 0; i < 200 && rg.m.Status().State != machine.Tilt; i++ { // until the buffer empties and a reseed is due
		spinErr = rg.m.Handle(machine.Input{Kind: machine.InSpin})
		rg.present()
		if rg.m.Status().State == machine.GambleOffered {
			rg.m.Handle(machine.Input{Kind: machine.InTakeWin})
		}
	}
	s := rg.m.Status()
	m := rg.meters()
	r.check("the machine tilts and voids the game", s.State == machine.Tilt && s.Reason == machine.TiltRNG && m.Get(meters.GamesVoided) == 1 && rg.hasEvent(meters.EvTilt),
		"%s (%s) after %v; %d game voided, refund %s", s.State, s.Reason, spinErr, m.Get(meters.GamesVoided), lab.Euros(m.Get(meters.VoidedRefund)))
	r.check("play refused while tilted", refused(rg.m.Handle(machine.Input{Kind: machine.InSpin})), "spin refused")
	r.Summary = "stuck and biased sources refused at start-up; a failure in service is sticky and tilts the machine"
	return nil
}

func itemCycling(a *allRun, r *ItemResult) error {
	t0 := time.Unix(1_700_000_000, 0)
	press := func(at time.Duration) (uint64, error) {
		clk := &settableClock{t: t0}
		c := rng.NewCycler(rng.NewSeeded(99), clk, time.Microsecond)
		clk.t = clk.t.Add(at)
		var v uint64
		err := c.Decide(func(s rng.Source) { v = s.Uint64() })
		return v, err
	}
	v0, err := press(5 * time.Millisecond)
	if err != nil {
		return err
	}
	same, _ := press(5 * time.Millisecond)
	later, _ := press(5*time.Millisecond + time.Microsecond)
	plain := rng.NewSeeded(99)
	for i := 0; i < 5000; i++ {
		plain.Uint64()
	}
	want := plain.Uint64()
	r.check("same instant, same draw", v0 == same, "two cabinets seeded alike, SPIN at t0 + 5 ms: %016x and %016x", v0, same)
	r.check("1 µs later, another draw", v0 != later, "SPIN 1 µs later: %016x", later)
	r.check("one draw per elapsed microsecond", v0 == want, "after 5 ms at 1 µs per step the draw is the 5001st value of the stream: %016x (want %016x)", v0, want)
	// The spread over many instants: distinct press times give distinct draws.
	seen := map[uint64]bool{}
	for us := 0; us < 1000; us++ {
		v, _ := press(time.Duration(us) * time.Microsecond)
		seen[v] = true
	}
	r.check("1,000 instants, 1,000 outcomes", len(seen) == 1000, "%d distinct first draws for SPIN at 0..999 µs", len(seen))
	r.Summary = "with an injected clock the draw depends on the SPIN instant to the microsecond"
	return nil
}
