// Package aft is the machine's cashless (SAS AFT) records and their rules, as
// pure data: the AFT state kept in critical memory (State: the registration,
// the last transfer, the history's position and count, the live one-time codes;
// Record, Reg; the values Key and HistKey), the one-time codes (Code, CodeKind;
// PruneCodes, TakeCode and its Faults, HostIdleCashout for the idle cash-out),
// the terms of a 72 request checked before the machine looks at itself
// (CheckTerms, IsDecline), the history's interrogation indexes (HistoryPos), the
// replies built from a record (Echo, Record.Reply), and the names the machine
// writes: the aft_… event kinds (Ev…) and the AFT counters (Counter…). Its JSON
// is the stored form of those values and the screen's (machine.Status.AFTCashout).
// Its errors carry the machine's prefix ("machine: …"): they are the machine's.
//
// It must not touch: the machine (package machine imports it, never the
// reverse: running a transfer, the lock, committing and emitting are
// machine/aft*.go and machine/codes.go), critical memory itself (it names the
// values; the machine reads and writes them), the clock (the time is passed in),
// the wire's frames (package sas) or the wallet's accounts.
//
// # Files
//
//   - state.go: State, Record, Reg, Key, HistKey, HistoryPos.
//   - codes.go: Code, CodeKind, CodeLen, PruneCodes, State.Live, State.LiveCode,
//     State.TakeCode, Fault, State.HostIdleCashout.
//   - transfer.go: Echo, State.CheckTerms, State.IsDecline, Record.Reply.
//   - events.go: the event kinds and the counters.
package aft
