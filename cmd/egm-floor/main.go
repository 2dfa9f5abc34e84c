// Command egm-floor is the floor system's program: the SAS poller with its
// linked jackpots (egm-floor run) and the cashless wallet's desk (egm-floor
// wallet …). It is not on the cabinet: its code is in internal/floorcli, the
// floor's in floor.
package main

import (
	"os"

	"egm/internal/floorcli"
)

func main() { os.Exit(floorcli.Run(os.Args[1:], os.Stdout, os.Stderr)) }
