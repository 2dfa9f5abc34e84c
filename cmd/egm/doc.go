// Command egm is the machine's one binary: the cabinet (run), the attract demo (demo),
// the test lab (lab …), and the tools that print a title's math and rules.
//
// The wallet's commands (cmd_wallet.go, `egm wallet …`) parse their flags and call
// the floor's wallet (floor.Wallet, floor.OnWalletLink, floor.ControlClient for
// `--floor ADDR`); `egm floor` (cmd_floor.go) wires floor.Loop, floor.WalletLoop
// and floor.ServeControl; wallet_machine.go binds the machine's code issuer to its
// wallet key for the screen and for `egm run --headless --qr-png`. The kill
// campaigns of `egm lab` (cmd_powerfail.go, cmd_aft_powerfail.go,
// lab_wallet_faults.go, cmd_jackpot_faults.go) parse their flags and run lab's
// campaigns with this binary as the children (campaign.go).
//
// It owns argument parsing, the embedded default configuration, exit codes (0 ok,
// 1 a check failed or the machine could not start, 2 bad usage) and progress display.
// It decides nothing about outcomes or money: it wires the packages below together.
package main
