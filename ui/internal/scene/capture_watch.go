//go:build cgo && !noscreen

package scene

import (
	"fmt"
	"sync"
	"time"
)

// captureStall is how long a capture waits for its next frame before it gives
// up: it is reset by every frame drawn, so a slow machine (a loaded box, software
// GL) takes as long as it needs, and only a display that stops drawing ends it.
const captureStall = 3 * time.Minute

// captureWatch ends a capture that stopped making progress, naming the picture
// and the frame it waited for. Frames and names are the shots'; progress comes
// from the render loop, the verdict from a timer.
type captureWatch struct {
	names  []string // the shots' names ("" for none)
	frames []int    // each shot's frames
	stall  time.Duration
	fire   func(msg string) // what a stall does (the program ends: exit 3)

	mu          sync.Mutex
	shot, frame int // the shot being made and its frames drawn so far
	timer       *time.Timer
}

// NewCaptureWatch watches shots; names (one per shot, or nil) name them.
func NewCaptureWatch(shots []Shot, names []string, stall time.Duration, fire func(string)) *captureWatch {
	w := &captureWatch{stall: stall, fire: fire, names: make([]string, len(shots))}
	copy(w.names, names)
	for _, s := range shots {
		w.frames = append(w.frames, max(s.Frames, 1))
	}
	return w
}

// Start arms the timer (before the first frame).
func (w *captureWatch) Start() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(w.stall, func() { w.fire(w.Stalled()) })
}

// Stop disarms it (the capture ended).
func (w *captureWatch) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
	}
}

// Progress records that frame frames of shot are drawn, and waits afresh.
func (w *captureWatch) Progress(shot, frame int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.shot, w.frame = shot, frame
	if w.timer != nil {
		w.timer.Reset(w.stall)
	}
}

// Stalled says what the capture waited for when it stalled.
func (w *captureWatch) Stalled() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(w.frames)
	if w.shot >= n {
		return fmt.Sprintf("ui: capture: all %d pictures taken, but the game did not end within %v", n, w.stall)
	}
	what := fmt.Sprintf("picture %d of %d", w.shot+1, n)
	if name := w.names[w.shot]; name != "" {
		what += " (" + name + ")"
	}
	return fmt.Sprintf("ui: capture: %s: no frame drawn for %v while waiting for frame %d of %d; the %d pictures before it are kept (is the display working?)",
		what, w.stall, w.frame+1, w.frames[w.shot], w.shot)
}
