// Command egm is the machine's one binary: the cabinet (run), the attract demo (demo),
// the test lab (lab …), and the tools that print a title's math and rules.
//
// The wallet's commands (cmd_wallet.go, `egm wallet …`) are the floor's side of
// the cashless wallet over a machine's SAS link; wallet_machine.go binds the
// machine's code issuer to its wallet key for the screen and for `egm run --headless
// --qr-png`; lab_wallet_faults.go is the wallet's kill campaign.
//
// It owns argument parsing, the embedded default configuration, exit codes (0 ok,
// 1 a check failed or the machine could not start, 2 bad usage) and progress display.
// It decides nothing about outcomes or money: it wires the packages below together.
package main
