//go:build cgo && !noscreen

package scene

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/paint"
)

// Shot is a scene to capture after Frames frames.
type Shot struct {
	Scene  Scene
	Frames int
}

// Capture runs each shot's scene for its frames, one update per frame, and returns
// the last frame of each. Ebiten runs one game per process: call it once.
func Capture(shots []Shot) ([]*image.RGBA, error) {
	imgs, _, err := CaptureStats(shots)
	return imgs, err
}

// CaptureStats is Capture that also reports each shot's frame cost. The figures
// include the GPU work Ebiten flushes during Draw; under Xvfb that is software GL.
func CaptureStats(shots []Shot) ([]*image.RGBA, []FrameStats, error) {
	m, err := capture(shots, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	return m.Captured()
}

// CaptureEach runs the shots as Capture does, but hands each picture to keep as
// soon as it is taken (i is its index in shots) and keeps none itself: what was
// taken is kept even when a later shot fails. An error from keep ends the capture
// with that error. names (one per shot, or nil) name the pictures in a stalled
// Capture's message.
func CaptureEach(shots []Shot, names []string, keep func(i int, img *image.RGBA) error) error {
	if keep == nil {
		return fmt.Errorf("ui: capture: no keep function")
	}
	m, err := capture(shots, names, keep)
	if err != nil {
		return err
	}
	if m.keepErr != nil {
		return m.keepErr
	}
	if m.taken < len(m.shots) {
		return fmt.Errorf("ui: capture: the game ended after %d of %d shots", m.taken, len(m.shots))
	}
	return nil
}

// Capture runs a capture game. A capture is for tests, the lab and `egm demo
// --screenshots`: if the display stops drawing frames (captureWatch), it ends the
// program with a message naming the picture instead of hanging the run.
func capture(shots []Shot, names []string, keep func(int, *image.RGBA) error) (*Manager, error) {
	if len(shots) == 0 {
		return nil, fmt.Errorf("ui: capture: no shots")
	}
	m := NewCapture(shots)
	m.keep = keep
	m.watch = NewCaptureWatch(shots, names, captureStall, func(msg string) {
		fmt.Fprintln(os.Stderr, msg)
		os.Exit(3)
	})
	m.watch.Start()
	defer m.watch.Stop()
	ebiten.SetWindowTitle("EGM capture")
	ebiten.SetWindowSize(paint.ScreenW/4, paint.ScreenH/4)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(m); err != nil {
		return nil, fmt.Errorf("ui: capture: %w", err)
	}
	return m, nil
}

// NewCapture is the manager of a capture run.
func NewCapture(shots []Shot) *Manager {
	m := NewManager(shots[0].Scene)
	m.shots = shots
	m.Sound = CaptureSound
	return m
}

// Captured is a capture run's result.
func (m *Manager) Captured() ([]*image.RGBA, []FrameStats, error) {
	if m.taken < len(m.shots) {
		return nil, nil, fmt.Errorf("ui: capture: the game ended after %d of %d shots", len(m.images), len(m.shots))
	}
	return m.images, m.stats, nil
}

// CaptureSound, when set (by tests), plays the captured scenes' sounds.
var CaptureSound *Sound

func WritePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("ui: %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	return nil
}
