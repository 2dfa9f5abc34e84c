// Package lab is the machine's GLI-style test harness: the checks a test lab runs,
// written so that they run on any Linux box and print a verdict with its evidence.
//
// It owns the statistical battery for the RNG (raw and scaled output: chi-square per
// range, bit runs, serial correlation, gap test, at 99% confidence) and the
// statistics those tests need (incomplete gamma, normal tails). Later issues add the
// RTP proof, the power-fail campaign and protocol checks here.
//
// It draws only from the rng.Source it is handed, never from a generator of its own,
// and it must not touch money, meters, critical memory or the screen.
package lab
