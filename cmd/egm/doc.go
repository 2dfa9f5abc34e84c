// Command egm is the cabinet's platform program: the cabinet (run, and run
// --headless), the attract demo (demo), the offline readers of a cabinet's state
// (meters, recall, events, link, io), the program set's verification (verify), the
// machine's wallet key (wallet pubkey), and the titles' and table games' rules.
// The lab (egm-lab, internal/labcli) and the floor (egm-floor, internal/floorcli)
// are programs of their own: the cabinet links neither (make lint checks it).
//
// It holds flag parsing and wiring only; the logic lives in the packages it calls.
// `egm run --headless` (cmd_headless.go) opens the machine and hands it to
// platform.ServeLines, saslink.Attach (the floor link) and platform.KeepQRFiles
// (wallet_machine.go); `egm run` starts the platform (cmd_platform.go) and the
// screen it supervises. What a run takes from outside its arguments (the headless
// input lines, the machine's clock) is a session (main.go), so that tests give
// their own without package variables.
//
// Its tests run the three programs: this test binary is egm, egm-lab or
// egm-floor by its first argument (programs_test.go, runProgram), and re-executed
// as any of them for a campaign's children.
//
// It owns argument parsing, the embedded default configuration and exit codes (0
// ok, 1 a check failed or the machine could not start, 2 bad usage, 130 or 143 a
// long command stopped by SIGINT or SIGTERM: internal/cli). It decides nothing
// about outcomes or money.
package main
