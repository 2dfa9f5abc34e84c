package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"egm/platform/screen"
)

// vncAnswerLimit bounds the wait for the VNC server's first answer; it only
// decides what the log says, never whether the screen plays.
const vncAnswerLimit = 2 * time.Minute

// startVNC starts the VNC server on the screen's display (screen.StartVNC) and
// says when it answers, or why there is none. The screen plays either way; the
// server dies with the screen's process group.
func startVNC(port int, stdout, stderr io.Writer) {
	v, err := screen.StartVNC(port)
	if err != nil {
		fmt.Fprintf(stderr, "egm-screen: %v; the screen plays without it\n", err)
		return
	}
	go func() {
		if err := v.Wait(vncAnswerLimit); err != nil {
			fmt.Fprintf(stderr, "egm-screen: %v\n", err)
			return
		}
		fmt.Fprintf(stdout, "egm-screen: VNC server on %s (display %s)\n", v.Addr, os.Getenv("DISPLAY"))
	}()
}
