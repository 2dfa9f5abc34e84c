// Command egm-testkit is the test image's stand-in for a cabinet's doors, deck,
// lamps and screen (package egm/internal/testkit). image/build.sh builds it,
// static for arm64, into the test image only; a cabinet image never has it.
//
//	egm-testkit serve [--port NAME] [--run DIR] [--user egm]
//	    makes the switches and the deck (uinput), writes the wiring file
//	    DIR/wiring.json for `egm run --wiring`, and answers the host's commands
//	    on the virtio-serial port NAME (image/boot.sh's DOORS_PORT);
//	    /etc/init.d/S30egm-testkit starts it when the kernel command line says
//	    egm.testkit=1.
//	egm-testkit screen --socket PATH [the screen's other flags, ignored]
//	    the headless screen: a client of the platform's screen socket that reads
//	    its stream, logs the states it is told and draws nothing; `egm run
//	    --screen /usr/libexec/egm/egm-testkit-screen` starts and restarts it.
//	    While the kit holds it (hold-screen) a starting screen waits,
//	    unconnected, for the host's release-screen.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = "usage: egm-testkit serve [--port NAME] [--run DIR] [--user NAME] | egm-testkit screen --socket PATH …"

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch args[0] {
	case "serve":
		return serve(args[1:], stdout, stderr)
	case "screen":
		return headlessScreen(args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return 2
}
