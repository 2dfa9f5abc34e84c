package main

import (
	"context"
	"fmt"
	"io"
	"log"

	"egm/cabinet"
	"egm/machine"
	"egm/platform"
)

// startCabinet runs the cabinet's own hardware (doors, keys, deck, lamps) in the
// platform, so that a door opened while the screen is away is still recorded
// and reported. A "none" wiring runs nothing; a wired device or LED that is
// missing is an error.
func startCabinet(ctx context.Context, wiring string, m *machine.Machine, srv *platform.Server, logger *log.Logger, stdout io.Writer) error {
	w, err := cabinet.LoadWiring(wiring)
	if err != nil {
		return err
	}
	if w.None() {
		return nil
	}
	c, err := cabinet.Open(w, m, cabinet.Options{Screen: srv.CabinetKey, Log: logger})
	if err != nil {
		return fmt.Errorf("egm run: cabinet I/O of board %s: %w", w.Board, err)
	}
	m.Subscribe(func(o machine.Output) {
		if o.Kind == machine.OutState && o.Status != nil {
			c.Update(*o.Status)
		}
	})
	go func() {
		defer c.Close()
		if err := c.Run(ctx); err != nil {
			logger.Printf("egm run: cabinet I/O stopped: %v", err)
		}
	}()
	context.AfterFunc(ctx, func() { c.Close() })
	fmt.Fprintf(stdout, "Cabinet I/O: board %s, %d inputs, %d lamps.\n", w.Board, len(w.Inputs), len(w.Lamps))
	return nil
}
