// Package sim runs Monte Carlo simulations of a title's play on every core.
//
// It owns: the worker pool, the derivation of one deterministic generator per chunk
// of games from the simulation's seed (so a run's result depends on the seed and the
// number of games, never on the number of workers), the exact integer aggregation of
// the sum and sum of squares of the wins, and the 99% confidence check that labs
// apply (|measured − exact| ≤ 2.576·σ/√N).
//
// The player it runs is the title's own Play — the very code path the cabinet uses —
// wrapped in a PlayFunc; sim never evaluates a game itself.
//
// It must not touch: money, meters, the cabinet's generator (it only ever creates
// seeded ones), files, or the screen (progress goes to a callback).
package sim
