// Package battery is the statistical battery run over a generator's output: the
// byte frequency, monobit, runs, serial correlation, pairs, gap and scaled
// chi-square tests of every range a game draws (ScaledRanges), each with its
// p-value, and the number of failures chance allows at 99% for that many tests.
//
// It lives beside rng, not in the lab, because the cabinet runs it at every
// power-on (platform.PowerOn: a short battery over the cabinet generator, for
// the boot record), and the cabinet's program must carry no lab code (`make
// lint` checks that egm links no egm/lab). The lab runs the same battery at
// full size (`egm-lab lab rng`) and uses its statistics (stats.go) for its own
// checks.
//
// # What it must not touch
//
// It decides nothing and holds no state: it reads a Source it is given and
// returns a Report. It never seeds or reseeds a generator.
package battery
