// Package operator keeps the operator's PIN: the secret that opens the cabinet's
// operator menu after the attendant key.
//
// # What it owns
//
//   - PINStore (pin.go): the PIN in a file of the state directory (PINFile, mode
//     0600), stored only as an argon2id hash with a per-install random salt and the
//     parameters it was made with (so stronger parameters later still verify older
//     files); Verify compares in constant time.
//   - The lockout: after MaxFailures wrong PINs in a row, every try is refused for
//     Lockout, whatever it is; the count and the end of the lockout are kept in the
//     same file, so a restart does not reset them. The clock is injected.
//   - The rules of a PIN (ValidatePIN): 4 to 12 digits, not one digit repeated, not a
//     plain run such as 1234 or 9876.
//
// There is no default PIN. Until a PIN is set, IsSet reports false and the menu asks
// for a new PIN before it opens anything (a shipped default that someone forgets to
// change would open every cabinet of a floor). A damaged or wrongly readable PIN file
// is an error naming the file: nothing is opened until a technician deletes it, after
// which the next attendant key asks for a new PIN.
//
// The parameters a file may ask for are bounded (10 passes, 256 MiB, 8 lanes)
// so that a damaged file cannot make a verification take the cabinet's memory;
// FuzzPINFile feeds the store arbitrary file contents.
//
// Errors carry the prefix "operator: "; ErrWrongPIN, ErrLockedOut (as *LockedOutError
// with the time left), ErrNoPIN and ErrBadPIN are for errors.Is.
//
// # What it must not touch
//
// It has no screen, no machine and no critical memory: the PIN is not a meter or an
// event, and the operator menu (ui/) decides what a verified PIN opens. It never
// logs or returns the PIN or its hash.
package operator
