// Command egm is the machine's one binary: the cabinet (run), the attract demo (demo),
// the test lab (lab …), and the tools that print a title's math and rules.
//
// The wallet's commands (cmd_wallet.go, `egm wallet …`) are the floor's side of
// the cashless wallet over a machine's SAS link; wallet_machine.go binds the
// machine's code issuer to its wallet key for the screen and for `egm run --headless
// --qr-png`; lab_wallet_faults.go is the wallet's kill campaign. `egm floor --wallet`
// runs the wallet in the floor's process (floor_wallet.go: each machine linked by its
// AFT registration on the floor loop's own Poller, recovery at start and periodically,
// exception 6A answered with the idle cash-out), and floor_control.go serves the wallet
// commands' `--floor ADDR` (HTTP and JSON on loopback or a unix socket only).
//
// It owns argument parsing, the embedded default configuration, exit codes (0 ok,
// 1 a check failed or the machine could not start, 2 bad usage) and progress display.
// It decides nothing about outcomes or money: it wires the packages below together.
package main
