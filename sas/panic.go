package sas

import (
	"fmt"
	"log"
	"runtime/debug"
)

// recoverHandler is deferred around each call into the Handler (Link.answer): a
// panic there is counted in Stats.Panics and told to OnPanic (or the standard
// logger) with its stack, and the link goes on with the next frame. A Handler bug
// costs one unanswered poll, which the host retries, not the floor link.
func (l *Link) recoverHandler(p Poll) {
	v := recover()
	if v == nil {
		return
	}
	l.panics.Add(1)
	stack := debug.Stack()
	if l.OnPanic != nil {
		l.OnPanic(v, stack)
		return
	}
	what := "general poll"
	if !p.General {
		what = fmt.Sprintf("long poll %02X", p.Cmd)
	}
	log.Printf("sas: address %d: the handler panicked on a %s (no answer): %v\n%s", l.Addr, what, v, stack)
}
