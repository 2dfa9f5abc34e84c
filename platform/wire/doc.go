// Package wire is the protocol between the platform (package platform, the
// server) and the screen (package platform/screen, the client) over screen.sock:
// JSON lines, versioned (Version). The screen asks (a Request with an id), the
// platform answers (a Message with the same id) and pushes what the screen must
// know unasked (Push…: the machine's outputs, the linked jackpot levels, the
// floor host's sound switch, the cabinet's keys). Errors cross the socket typed
// (errors.go): a refusal.Refusal stays a Refusal, and the sentinels a caller
// decides on (machine.ErrRefused, machine.ErrNoStore, the operator PIN's,
// ErrVersion, ErrUnavailable) stay errors.Is-able.
//
// It owns the messages' shapes and the errors' encoding; it must not do any I/O
// nor touch the machine: both sides import it, nothing else.
package wire
