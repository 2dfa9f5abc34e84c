package campaign

import (
	"bufio"
	"context"
	"errors"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// TestEgmContextStopsChildren: a campaign child started with a context gets
// SIGTERM when it is done, SIGKILL ChildStopGrace later if it is still there,
// and no child starts after it.
func TestEgmContextStopsChildren(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	// /bin/sh as "egm": one child ends on SIGTERM, the other ignores it.
	e := Egm{Path: "/bin/sh", Context: ctx}
	polite := e.Command("-c", "exec sleep 600")
	// It says ready once SIGTERM is ignored: a stop before that would end it.
	stubborn := e.Command("-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done")
	out, err := stubborn.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*exec.Cmd{polite, stubborn} {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		t.Fatalf("the child that ignores SIGTERM said %q (%v), want ready", line, err)
	}
	if e.stopped() != nil {
		t.Fatal("stopped before its context was done")
	}
	cancel()
	err = polite.Wait()
	if ws, ok := polite.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGTERM {
		t.Errorf("the child ended with %v, want SIGTERM", err)
	}
	start := time.Now()
	stubborn.Wait()
	if ws, ok := stubborn.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Errorf("the child that ignores SIGTERM ended with %v, want SIGKILL", stubborn.ProcessState)
	}
	t.Logf("SIGKILL %s after the stop", time.Since(start).Round(time.Millisecond))
	if !errors.Is(e.stopped(), context.Canceled) {
		t.Errorf("stopped() = %v", e.stopped())
	}
	if err := e.Command("-c", "true").Start(); err == nil {
		t.Error("a child started after the stop")
	}
}
