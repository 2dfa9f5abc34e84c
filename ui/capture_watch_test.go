//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"
	"time"

	"egm/ui/internal/scene"
)

// A capture that stops drawing names the picture and the frame it waited for,
// and how many pictures it kept; every frame drawn makes it wait afresh.
func TestCaptureWatchNamesTheStall(t *testing.T) {
	shots := []scene.Shot{{Frames: 150}, {Frames: 3}, {Frames: 2}}
	fired := make(chan string, 1)
	w := scene.NewCaptureWatch(shots, []string{"01-attract", "02-lobby", ""}, time.Millisecond, func(m string) { fired <- m })
	w.Start()
	msg := <-fired // no frame at all: the first picture's first frame
	for _, want := range []string{"picture 1 of 3 (01-attract)", "waiting for frame 1 of 150", "the 0 pictures before it are kept", "is the display working?"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
	w.Progress(1, 2) // the second picture, two frames drawn
	if msg := w.Stalled(); !strings.Contains(msg, "picture 2 of 3 (02-lobby)") || !strings.Contains(msg, "frame 3 of 3") || !strings.Contains(msg, "the 1 pictures before it") {
		t.Errorf("after progress: %q", msg)
	}
	w.Progress(2, 0)
	if msg := w.Stalled(); !strings.Contains(msg, "picture 3 of 3:") {
		t.Errorf("an unnamed picture: %q", msg)
	}
	w.Progress(3, 0)
	if msg := w.Stalled(); !strings.Contains(msg, "all 3 pictures taken") {
		t.Errorf("after the last picture: %q", msg)
	}
	w.Stop()
}
