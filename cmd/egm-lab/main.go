// Command egm-lab is the test lab's program: the RNG batteries, the RTP
// simulations, the PAR sheets and the kill campaigns against the cabinet's
// program egm (and the floor's, egm-floor), beside it or on PATH. It is not on
// the cabinet: its code is in internal/labcli, the checks in lab.
package main

import (
	"os"

	"egm/internal/labcli"
)

func main() { os.Exit(labcli.Run(os.Args[1:], os.Stdout, os.Stderr)) }
