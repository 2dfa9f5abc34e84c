// Package screen is the screen's side of the platform: the Client the screen
// program (cmd/egm-screen) and the readers of a running cabinet (egm meters, egm
// link) hold of the platform over screen.sock, and the VNC server the screen
// starts beside itself (vnc.go) so that a technician with only ssh sees it.
//
// The Client satisfies the screen's view of the machine (ui.Platform), of the
// PIN and of the wallet's codes; the status, the gamble in play and the jackpot
// levels are kept from the pushes, so reading them never waits for the platform.
//
// It must not open critical memory or decide anything: every change is a request
// the platform answers (platform/wire), and the machine may refuse it.
package screen
