package sas

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestKeepServing: a line that cannot be opened, then one that fails, are each
// logged and tried again with a growing back-off; the third line is served and
// answers the host; the end of ctx stops the loop with a last log line.
func TestKeepServing(t *testing.T) {
	m := &fakeMachine{queue: []byte{0x11}, credits: 3}
	l := &Link{Addr: 1, Handler: m}
	var mu sync.Mutex
	var logged []string
	logf := func(format string, args ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	hosts := make(chan *Host, 1)
	attempt := 0
	serve := func(ctx context.Context) error {
		attempt++
		switch attempt {
		case 1:
			return errors.New("open /dev/ttyS9: no such device")
		case 2:
			a, b := net.Pipe()
			b.Close() // the far end is gone: the line fails
			defer a.Close()
			return l.Serve(ctx, a)
		}
		a, b := net.Pipe()
		defer a.Close()
		stop := context.AfterFunc(ctx, func() { a.Close() })
		defer stop()
		hosts <- &Host{Port: b, Timeout: 10 * time.Second}
		return l.Serve(ctx, a)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() {
		l.KeepServing(ctx, "serial:/dev/ttyS9", serve, Backoff{Min: time.Millisecond, Max: 3 * time.Millisecond}, logf)
		close(ended)
	}()
	h := <-hosts
	if c, err := h.GeneralPoll(1); err != nil || c != 0x11 {
		t.Fatalf("the reopened line: %02X %v", c, err)
	}
	cancel()
	<-ended
	h.Port.(net.Conn).Close()

	mu.Lock()
	defer mu.Unlock()
	want := []struct{ prefix, suffix string }{
		{"sas: serial:/dev/ttyS9: open /dev/ttyS9: no such device;", " serving it again in 1ms (attempt 2)"},
		{"sas: serial:/dev/ttyS9: sas: read:", "closed pipe; serving it again in 2ms (attempt 3)"},
		{"sas: serial:/dev/ttyS9: stopped (context canceled)", ""},
	}
	if len(logged) != len(want) {
		t.Fatalf("log:\n%s", strings.Join(logged, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(logged[i], w.prefix) || !strings.HasSuffix(logged[i], w.suffix) {
			t.Errorf("log line %d: %q, want %q…%q", i, logged[i], w.prefix, w.suffix)
		}
	}
}
