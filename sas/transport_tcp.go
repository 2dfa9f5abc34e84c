package sas

import (
	"context"
	"errors"
	"fmt"
	"net"
)

// ServeListener answers hosts that connect to ln, one at a time, as a serial-over-IP
// bridge would on a real floor: each connection is the line until the host hangs up
// or the connection fails (a host killed mid-poll resets it); then the next host is
// served.
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
		_ = l.Serve(ctx, c) // a connection's error (reset by a host that died, a broken pipe) ends that connection only
		stop()
		c.Close()
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
