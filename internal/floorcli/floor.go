package floorcli

import (
	"context"
	"io"

	"egm/internal/cli"
)

// prog is egm-floor: its commands' usage lines and messages carry its name.
var prog = cli.Program{Name: "egm-floor"}

// Run runs `egm-floor ARGS…` and returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	return RunContext(context.Background(), args, stdout, stderr)
}

// RunContext is Run with the floor loop's parent context: `egm-floor run` stops,
// as after SIGTERM, when ctx is done (a test stops a floor in its process so).
func RunContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return prog.Main(commands(ctx), args, stdout, stderr)
}

func commands(ctx context.Context) map[string]cli.Command {
	floorRun := func(args []string, stdout, stderr io.Writer) int { return cmdFloor(ctx, args, stdout, stderr) }
	return map[string]cli.Command{
		"run":     {Summary: "the floor system: poll machines over SAS, with the linked jackpots and the wallet (--connect tcp:HOST:PORT|pty:PATH …)", Run: floorRun},
		"migrate": {Summary: "copy a floor database into another, empty one (a bbolt floor into PostgreSQL), each record read back and checked", Run: cmdMigrate},
		"wallet":  {Summary: "the cashless QR wallet's desk: machines' keys, player accounts, scans, balances, reconciliation, restrictions (egm-floor wallet help)", Run: cmdWallet},
	}
}
