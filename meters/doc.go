// Package meters is the machine's critical memory: the meters, the game in progress,
// game recall, the event log and the machine's own small durable values, kept on
// non-volatile storage so that a power cut at any instant loses nothing that was
// acknowledged.
//
// It owns:
//   - Store: the state directory (./var/ in development, /var/lib/egm on the cabinet),
//     its exclusive lock, its two copy files, their validation and repair;
//   - Tx: the transaction through which every change goes, committed atomically and
//     durably by Store.Update;
//   - Meters (the GLI/SAS set, with the JSON keys tools rely on), GameMeter (per
//     title and denomination), named counters for meters other packages add
//     (Tx.AddCounter), their rollover at Modulus and the credits invariant;
//   - GameInProgress and RecallEntry (the last RecallDepth games, newest first);
//   - Event, the hash chain over the event log and VerifyChain;
//   - RAMError and the operator's RAMClear;
//   - the witness of the last commit (witness.go): a MACed record of the last
//     commit number, in the state directory and in Options.WitnessPaths, checked
//     at Open together with the caller's Options.Recorded (the boot record).
//
// It must not touch: outcomes (it stores the bytes the machine hands it and never
// looks inside), randomness, the screen, the serial link or the wallet. It does not
// decide anything about money: the machine decides, this package refuses only what
// would corrupt the books (a meter going down, credits below zero, a commit that
// breaks the credits invariant).
//
// # How the machine uses it
//
//	st, err := meters.Open(dir, meters.Options{})   // *RAMError → RAM ERROR lockup; ErrLocked → another process
//	st.Validate()                                    // before and after each game
//	st.Update(func(tx *meters.Tx) error {            // SPIN: one commit before anything is shown
//		tx.Add(meters.CoinIn, bet); tx.Add(meters.GamesPlayed, 1)
//		tx.AddGame(title, denom, 1, bet, 0)
//		tx.SetCredits(credits - bet)
//		return tx.SetGame(meters.GameInProgress{…, Outcome: outcomeJSON})
//	})
//	st.Update(func(tx *meters.Tx) error { return tx.SetGameStep(i) })   // each presented step (~80 bytes)
//	st.Update(func(tx *meters.Tx) error { return tx.SetGamePhase("gamble", stepsJSON) })   // gamble, with its own meters
//	st.Update(func(tx *meters.Tx) error {            // settlement: the outcome is not written again
//		tx.Add(meters.WonToCredits, win); tx.Add(meters.GamesWon, 1); tx.AddGame(title, denom, 0, 0, win)
//		tx.SetCredits(credits - bet + win)
//		return tx.FinishGame(meters.RecallEntry{…})
//	})
//	st.View(func(v *meters.Snapshot) { v.Meters(); v.Recall(); v.Events(); v.Game() })
//
// SetGame is refused while a game is in progress: an outcome, once stored, is never
// replaced. After a restart the machine reads Snapshot.Game: a game in progress is
// resumed at its Step with its stored outcome, never drawn again. Tx.SetValue keeps
// the machine's own state (configuration, lockups, pending cash-out) in the same
// commits. A plain spin fits in two commits (two fsyncs); each SetGameStep commit
// costs one more. Credit the win at settlement, not with the bet: meters never go
// down, so a win already in won_to_credits could not be taken back if the game is
// voided (R-FAULT-1). A void is voided_refund_cents and games_voided up by the
// stake, the credits back, and FinishGame with Voided set.
//
// Errors: Open returns a *RAMError (errors.As) when critical memory cannot be
// trusted, and an error wrapping ErrLocked when another process holds the directory.
// A *RAMError from Validate, or a failed write, stops the store: Update returns that
// error until RAMClear (an operator's act) or a reopen; Store.Err reports it. Offline
// readers (egm meters/recall/events) open with Options{ReadOnly: true}: nothing is
// written, the lock is still honoured, Pending lists repairs a writer would make, and
// Snapshot.Report marshals to the flat meters JSON.
//
// # Storage design
//
// The state directory holds LOCK (flock, so a second process is refused clearly,
// and the lock dies with the process) and two copy files, critical-a.log and
// critical-b.log. Each copy is a journal of frames (layout in frame.go): a 32-byte
// header (magic, format version, kind, sequence number, payload length, CRC-32C of the
// payload, CRC-32C of the header) and a JSON payload. The first frame is a snapshot of
// the whole state; each later frame is one commit, holding what it changed (meters
// and game meters as their new values, the game, recall entries, events with their
// hashes, values).
//
// A commit appends the same frame to both copies, starts write-back of copy B
// (sync_file_range) and fdatasyncs copy A: one fsync per commit, no directory fsync.
// When copy A passes CompactBytes (1 MiB) the store writes a fresh snapshot of the
// whole state into each copy (temporary file, fdatasync, rename, one directory
// fsync) and both start again: three fsyncs and 2 × ~150 KB about every 330 games.
//
// Open (and Validate) read both copies, check every frame and rebuild the state from
// the newest readable snapshot and every commit after it, taking each commit from
// whichever copy reads. Then:
//   - a copy with a bad frame, a missing tail or missing altogether is rewritten from
//     the good state, and a memory_repair event says what was wrong;
//   - an incomplete last frame (fewer bytes than its header declares, or an
//     incomplete or zero-filled header) is a write cut short by a crash; it is
//     discarded and a memory_recovery event says so. A commit is one append, and both
//     a killed process and a power cut on ext4 (data=ordered: the size grows only
//     once the data are on disk) leave at most a prefix of it. Were a file system to
//     break that ordering, the result would be a RAM ERROR lockup, never a silent
//     loss;
//   - a frame whose bytes are all there but fail the CRC in every copy, or commits
//     that no copy holds intact, or no readable snapshot, is damage: a *RAMError.
//     Nothing is cleared. RAMClear (an operator's name is required) moves the copy
//     files into a cleared-<time> directory and starts afresh with a ram_clear event
//     (a power cut inside it leaves a RAM ERROR: clear again).
//
// Critical memory is new only when nothing says the cabinet ran before: no copy,
// no witness file and no Options.Recorded. Both copies missing while a witness or
// the record exists, or memory ending before the newest commit a witness saw (both
// copies deleted, emptied, cut short alike or rolled back), is a *RAMError naming
// it. Commit numbers never go back: RAMClear numbers the new memory after the old
// and after every witness, so the witnesses stay true across it. After each commit
// is durable in copy A, the witness files get its number (pwrite, about 1 µs; a
// failed witness write acknowledges the commit and stops the store).
//
// Copy B is written with every commit but synced only at compaction and Close, so
// after a power cut it may lack the last commits; Open then rewrites it from copy A
// and logs the repair. Options.SyncBoth syncs copy B on every commit as well (both
// copies durable on return, two fsyncs per commit, about +100 µs here). Copy A is what makes a commit durable; copy B is what repairs
// copy A. Because B is a separate file, a copy deleted, truncated or overwritten as a
// whole is repaired too.
//
// The event log keeps the last EventTail (1,000) events; older ones are dropped and
// the chain stays verifiable from the Anchor (seq and hash of the last dropped one).
// Game recall keeps RecallDepth (100) games.
//
// # Why this design, on evidence
//
// Three ways were measured on this machine (2 vCPU, ext4 on virtio, other builds
// running), each doing the same game commit (bet, 1.5 KB outcome, meters, credits,
// recall entry), with testdata/storebench (its own module, so bbolt stays out of the
// egm build; fsyncs counted with strace -c):
//
//	                              median   p99      commits/s  fdatasync/commit  device bytes/commit
//	journal, this package          366 µs   4.5 ms  1,518      1.0               12.9 KB
//	bbolt 1.4.3, default options   441 µs   7.1 ms  1,258      2.0               48.9 KB
//	whole image in A/B slots      2400 µs  10.0 ms    313      1.0              300.7 KB
//
// (1,500 commits each; an earlier run under heavier load gave 460/547/3743 µs
// medians and 721/564/177 commits/s: the same order.)
//
// bbolt commits with two fdatasyncs (data pages, then the meta page), so a game of
// two commits would cost four, over the budget of two; it checksums only its meta
// pages (a flipped bit in a data page goes unseen) and keeps one copy of the data, so
// redundancy and checking would have to be built on top of it anyway. Rewriting the
// whole image per commit is simple but writes 100 recall entries each time: 300 KB
// per commit is about 17 GB a day of wear on a cabinet's flash at one game every 3 s
// around the clock, and it is the slowest. The journal writes what changed, twice,
// with one fsync: 5.5 KB per game, 0.16 GB a day at that rate.
//
// Figures for this package (go test -bench . -benchtime 2s -count 3; the median of
// per-operation latencies, the range of the runs' throughput; 2 vCPU, load ~3; a
// run at load ~8 gave 10–40% higher medians and half the throughput at worst):
//
//	BenchmarkCommitGame           one game commit (bet + 1.5 KB outcome)    350 µs   2,270–2,580 commits/s  3.8 KB/commit  1.006 fsyncs/commit
//	BenchmarkCommitGameSyncBoth   the same, Options.SyncBoth                 500 µs   1,690–1,840 commits/s  3.8 KB/commit  2.006 fsyncs/commit
//	BenchmarkGameCycle            bet+outcome commit, then settlement        620 µs   1,340–1,490 games/s    5.5 KB/game    2.008 fsyncs/game
//	BenchmarkGameCycleValidated   Validate, the game's two commits, Validate 1.2 ms     590–720 games/s
//	BenchmarkValidate             both copies read back and checked          195 µs
//	BenchmarkOpen                 open, check, replay, with full recall       12 ms
//
// Bytes written count both copies and the amortised compactions (the device writes
// more: whole pages and the file system's journal, 12.9 KB per commit in storebench).
// A game cycle is within two fsyncs and above 200 durable games/s even with Validate
// before and after each game.
//
// # Tests
//
// The kill test (TestCrashKill) re-executes the test binary as a child that commits
// in a loop and SIGKILLs it at random instants (200 times; EGM_METERS_KILLS=1000 for
// the lab), checking after each reopen that the state is the last acknowledged commit
// or the one after, with meters exactly as replayed, the invariant, recall and chain
// intact, and both copies valid. Every other child writes each frame in pauses (a
// slow device), so that kills also land inside frames: a typical run of 200 kills
// sees about ten torn frames discarded and as many copies repaired, and no loss.
// A kill of a normal child mostly lands inside fdatasync, after the frame is in the
// page cache, so the unacknowledged commit survives (it may: the check allows one).
// TestTornWriteAtEveryOffset cuts the last commit short at every header byte and
// every 23rd payload byte, in either or both copies, as a power cut would.
//
// # Known limits
//
//   - The witness (witness.go) is synced at open, compaction, RAM clear and Close,
//     not with each commit: after a power cut it may lag copy A by the last few
//     seconds of commits, and both copies cut back by only those is not seen. The
//     floor system's copy of the meters is a further outside witness (it flags
//     meters that go backwards).
//   - Copies replaced by another store's with higher commit numbers are not told
//     apart by the witness (the copies themselves are not keyed).
//   - A device that returns zeros for the last synced blocks of both copies is taken
//     for a write cut short, and that commit is lost (with a memory_recovery event).
//   - Both copies are files in one directory on one device; a second device for
//     copy B is not supported yet.
//   - CRC-32C and the SHA-256 chain detect accidents and edits that do not recompute
//     them; someone who rewrites a file and recomputes every hash is not detected
//     (the chain is not keyed). Events also go to the floor system.
//   - Stored JSON (outcomes, data, values) is compacted when the Tx takes it
//     (whitespace removed); from then on its bytes are the same in memory, on disk
//     and after a restart.
package meters
