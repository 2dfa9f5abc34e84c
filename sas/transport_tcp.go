package sas

import (
	"context"
	"errors"
	"fmt"
	"net"
)

// ServeListener answers hosts that connect to ln, one at a time, as a serial-over-IP
// bridge would on a real floor: each connection is the line until the host hangs up.
func (l *Link) ServeListener(ctx context.Context, ln net.Listener) error {
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return ctx.Err()
			}
			return fmt.Errorf("sas: accept: %w", err)
		}
		stop := context.AfterFunc(ctx, func() { c.Close() })
		err = l.Serve(ctx, c)
		stop()
		c.Close()
		if err != nil && ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
