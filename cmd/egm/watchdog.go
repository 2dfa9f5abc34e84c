package main

import (
	"context"
	"fmt"
	"io"

	"egm/machine"
	"egm/platform"
)

// startWatchdog feeds the board's watchdog device at path ("" none) while m
// answers (platform.Watchdog) until stop is called, which disarms it and waits.
func startWatchdog(ctx context.Context, path string, m *machine.Machine, stdout, stderr io.Writer) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	w, err := platform.OpenWatchdog(path)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := w.Run(ctx, func() { m.Status() }); err != nil {
			fmt.Fprintf(stderr, "egm: %v: the board is no longer guarded\n", err)
		}
	}()
	fmt.Fprintf(stdout, "watchdog %s: fed every %v while the machine answers\n", path, w.Every)
	return func() { cancel(); <-done }, nil
}
