// Command egm is the machine's one binary: the cabinet (run), the attract demo (demo),
// the test lab (lab …), and the tools that print a title's math and rules.
//
// It holds flag parsing and wiring only; the logic lives in the packages it calls.
// The wallet's commands (cmd_wallet.go, `egm wallet …`) parse their flags and call
// the floor's wallet through floor.WalletDesk (the running floor with `--floor
// ADDR`, or the floor database), floor.RegisterAt and floor.OnWalletLink; `egm
// floor` (cmd_floor.go) wires floor.Loop, floor.WalletLoop and floor.ServeControl;
// `egm run --headless` (cmd_headless.go) opens the machine and hands it to
// platform.ServeLines, saslink.Attach (the floor link) and platform.KeepQRFiles
// (wallet_machine.go). The simulations and reports (`egm-lab sim`, `egm-lab rtp`,
// `egm-lab jackpot-rtp`, `egm-lab rng`) are lab's, the PAR sheets and the
// catalogue games' and slot's. The kill campaigns of `egm-lab` (cmd_campaigns.go) parse their
// flags and run lab's campaigns in a lab.Workdir with this binary as the children.
//
// It owns argument parsing, the embedded default configuration, exit codes (0 ok,
// 1 a check failed or the machine could not start, 2 bad usage, 130 or 143 a long
// command stopped by SIGINT or SIGTERM: stop.go), the signal context every long
// command runs under (stopContext) and progress display (internal/progress). It
// decides nothing about outcomes or money.
package main
