package lab

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"egm/games"
	"egm/games/slot"
	"egm/rng"
	"egm/rng/battery"
	"egm/tables/play"
)

// TestContextStops: each long computation of the lab given a done context
// returns its error and what it had, without doing the work it was asked for
// (sizes that would take hours if the context were ignored).
func TestContextStops(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	par, err := ts[0].PAR()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Generator(1)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		run  func(ctx context.Context) (done int64, err error)
	}{
		{"Simulate", func(ctx context.Context) (int64, error) {
			r, err := SimulateContext(ctx, ts[0], par, 1<<50, 1, nil)
			return int64(r.Games), err
		}},
		{"RTPProof", func(ctx context.Context) (int64, error) {
			reps, err := RTPProofContext(ctx, ts[:1], []*slot.PAR{par}, 1<<50, 1, nil)
			return int64(len(reps)), err
		}},
		{"TablesProof", func(ctx context.Context) (int64, error) {
			reps, err := TablesProofContext(ctx, play.IDs(), 1<<50, 1, nil)
			return int64(len(reps)), err
		}},
		{"JackpotRTP", func(ctx context.Context) (int64, error) {
			r, err := JackpotRTPContext(ctx, rng.NewSeeded(1), 1, 1<<50, nil)
			return r.Games, err
		}},
		{"battery.RunContext", func(ctx context.Context) (int64, error) {
			r, err := battery.RunContext(ctx, rng.NewSeeded(1), 1<<40, nil)
			return int64(len(r.Tests)), err
		}},
		{"WriteStream", func(ctx context.Context) (int64, error) {
			var b bytes.Buffer
			err := WriteStreamContext(ctx, &b, g, 0)
			return int64(b.Len()), err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			done, err := tc.run(ctx)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			if done != 0 {
				t.Errorf("%d done after the stop, want 0", done)
			}
		})
	}
}

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
	if e.Stopped() != nil {
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
	if !errors.Is(e.Stopped(), context.Canceled) {
		t.Errorf("Stopped() = %v", e.Stopped())
	}
	if err := e.Command("-c", "true").Start(); err == nil {
		t.Error("a child started after the stop")
	}
}
