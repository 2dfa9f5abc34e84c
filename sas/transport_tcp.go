package sas

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

// ServeListener answers hosts that connect to ln, as a serial-over-IP bridge
// would on a real floor: one connection at a time is the line. A host that
// connects while another holds the line waits until the first hangs up or has
// sent no valid poll for TakeoverAfter (default DownAfter, 5 s); then the first
// is closed and the newcomer takes the line over, so an idle connection never
// locks the floor out. Of several waiting, the newest waits on (the others are
// closed). Each connection, wait and takeover is counted (Stats) and told to
// OnConnection.
func (l *Link) ServeListener(ctx context.Context, ln net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	accepted := make(chan net.Conn)
	acceptErr := make(chan error, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				acceptErr <- err
				return
			}
			select {
			case accepted <- c:
			case <-ctx.Done():
				c.Close()
				return
			}
		}
	}()
	takeover := l.TakeoverAfter
	if takeover == 0 {
		takeover = l.DownAfter
	}
	if takeover == 0 {
		takeover = 5 * time.Second
	}
	type session struct {
		c      net.Conn
		start  time.Time
		cancel context.CancelFunc
		done   chan struct{}
	}
	var cur *session
	var next net.Conn
	tell := func(event string, c net.Conn) {
		if l.OnConnection != nil {
			l.OnConnection(event, c.RemoteAddr().String())
		}
	}
	start := func(c net.Conn) {
		sctx, scancel := context.WithCancel(ctx)
		s := &session{c: c, start: time.Now(), cancel: scancel, done: make(chan struct{})}
		stop := context.AfterFunc(sctx, func() { c.Close() })
		go func() {
			defer close(s.done)
			_ = l.Serve(sctx, c) // a connection's error (reset by a host that died, a broken pipe) ends that connection only
			stop()
			c.Close()
		}()
		cur = s
	}
	idle := func(s *session) bool {
		last := time.Unix(0, l.lastValid.Load())
		if last.Before(s.start) {
			last = s.start
		}
		return time.Since(last) >= takeover
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	defer func() {
		if next != nil {
			next.Close()
		}
		if cur != nil {
			cur.cancel()
			<-cur.done
		}
	}()
	for {
		var curDone chan struct{}
		if cur != nil {
			curDone = cur.done
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-acceptErr:
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return ctx.Err()
			}
			return fmt.Errorf("sas: accept: %w", err)
		case c := <-accepted:
			l.connections.Add(1)
			tell("accepted", c)
			if next != nil {
				tell("closed", next)
				next.Close() // superseded by a newer host
			}
			next = c
			if cur == nil {
				start(next)
				next = nil
			} else {
				tell("waiting", next)
			}
		case <-curDone:
			tell("closed", cur.c)
			cur = nil
			if next != nil {
				start(next)
				next = nil
			}
		case <-tick.C:
			if next != nil && cur != nil && idle(cur) {
				tell("idle, given up", cur.c)
				cur.cancel()
				<-cur.done
				l.takeover.Add(1)
				tell("took over", next)
				start(next)
				next = nil
			}
		}
	}
}
