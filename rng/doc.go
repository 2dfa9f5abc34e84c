// Package rng is the machine's only source of chance.
//
// It owns:
//   - CTRDRBG: NIST SP 800-90A CTR_DRBG with AES-256 and no derivation function,
//     checked against the NIST CAVP known-answer vectors;
//   - the entropy input (getrandom on Linux) and the SP 800-90B-style health tests
//     (repetition count and adaptive proportion) run on every raw entropy sample, at
//     start-up and on every reseed;
//   - Generator: the DRBG with automatic reseeding (by request count and by time),
//     a buffered fast path that hands out uint64s from large Generate requests, and a
//     sticky health error that the machine turns into an "RNG failure" tilt;
//   - Cycler: background cycling, so that an outcome depends on the instant the
//     player pressed SPIN (GLI-11);
//   - Uint64n / Intn: the one unbiased range mapping (Lemire multiply-and-reject).
//
// Games see only the one-method Source interface and receive it as a parameter. There
// is no package-level generator. A deterministic, seeded Generator exists for
// simulation and golden tests; NewCabinet refuses it.
//
// Failure model. Source.Uint64 cannot return an error (games would otherwise thread
// errors through every draw). A Generator whose entropy fails a health test keeps
// producing DRBG output but records a sticky *HealthError; the machine checks Err()
// after every Play and before committing an outcome, and voids the game if it is set.
// Emitting zeros instead would hang rejection sampling, so that is never done.
//
// It must not touch: money, meters, the screen, files other than the OS entropy
// source, or any game rule.
package rng
