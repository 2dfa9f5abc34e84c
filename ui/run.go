//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// The smallest window the screen supports (windowed): the 1920×1080 layout
// scaled by one half. Full screen it takes the display's size.
const MinWindowW, MinWindowH = paint.ScreenW / 2, paint.ScreenH / 2

// Options start the screen.
type Options struct {
	Windowed bool
	// Screenshot, when set, renders Frames frames, writes the screen as a PNG to
	// this path and returns.
	Screenshot string
	Frames     int
	// Scene is the first scene: "attract" (default), "lobby", "play", "help"
	// (play and help need Title), or a table game in demo play: "roulette",
	// "three-card-poker", "punto-banco", "blackjack", "ultimate-texas-holdem".
	Scene string
	// Title, when set, starts the attract mode at that title (with Feature: at its
	// feature highlight), or names the title of the play and help scenes.
	Title string
	// Phase is the attract mode's first phase for Title: 0 demo spin, 1 feature
	// highlight, 2 Magic Clover / Super Colors, 3 paytable page.
	Phase int
	// Page is the help scene's first page (from 0).
	Page int
	// Stats, when set, receives the frame cost of a --screenshot run.
	Stats *FrameStats
	// Seed seeds the demo sessions (0: a fixed default).
	Seed uint64
	// Sound, when set, plays the scenes' sounds (nil: silent).
	Sound *Sound
	// Script, when set, drives the screen with its button presses (script.go);
	// ScriptLog, when set, gets a line per command.
	Script    *Script
	ScriptLog io.Writer
}

// RunDemo runs the attract mode (or one title's demo play) until the window closes.
func RunDemo(titles []*slot.Title, opt Options) error {
	if len(titles) == 0 {
		return fmt.Errorf("ui: no titles")
	}
	seed := opt.Seed
	if seed == 0 {
		seed = 20261130
	}
	first, err := firstScene(titles, opt, seed)
	if err != nil {
		return err
	}
	return show(first, opt, titles)
}

// show runs scene full screen (or windowed) until the window closes, or, with
// opt.Screenshot, renders opt.Frames frames and writes the screen as a PNG.
func show(scene Scene, opt Options, titles []*slot.Title) error {
	if opt.Screenshot != "" {
		imgs, stats, err := CaptureStats([]Shot{{scene, max(opt.Frames, 1)}})
		if err != nil {
			return err
		}
		if opt.Stats != nil {
			*opt.Stats = stats[0]
		}
		return writePNG(opt.Screenshot, imgs[0])
	}
	if opt.Script != nil { // checked whole before the first frame (ReadScript checks it before the power-on)
		if err := opt.Script.Check(titles); err != nil {
			return err
		}
	}
	ebiten.SetWindowTitle("EGM")
	ebiten.SetWindowSize(MinWindowW, MinWindowH)
	ebiten.SetWindowSizeLimits(MinWindowW, MinWindowH, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetFullscreen(!opt.Windowed)
	m := NewManager(scene)
	m.SetSound(opt.Sound)
	m.SetScript(opt.Script, titles, opt.ScriptLog)
	if opt.Script != nil { // a script runs as fast as the frames come, unfocused too
		ebiten.SetRunnableOnUnfocused(true)
	}
	if err := ebiten.RunGame(m); err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	return nil
}

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
	return m.captured()
}

// CaptureEach runs the shots as Capture does, but hands each picture to keep as
// soon as it is taken (i is its index in shots) and keeps none itself: what was
// taken is kept even when a later shot fails. An error from keep ends the capture
// with that error. names (one per shot, or nil) name the pictures in a stalled
// capture's message.
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

// capture runs a capture game. A capture is for tests, the lab and `egm demo
// --screenshots`: if the display stops drawing frames (captureWatch), it ends the
// program with a message naming the picture instead of hanging the run.
func capture(shots []Shot, names []string, keep func(int, *image.RGBA) error) (*Manager, error) {
	if len(shots) == 0 {
		return nil, fmt.Errorf("ui: capture: no shots")
	}
	m := newCapture(shots)
	m.keep = keep
	m.watch = newCaptureWatch(shots, names, captureStall, func(msg string) {
		fmt.Fprintln(os.Stderr, msg)
		os.Exit(3)
	})
	m.watch.start()
	defer m.watch.stop()
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

// newCapture is the manager of a capture run.
func newCapture(shots []Shot) *Manager {
	m := NewManager(shots[0].Scene)
	m.shots = shots
	m.sound = captureSound
	return m
}

// captured is a capture run's result.
func (m *Manager) captured() ([]*image.RGBA, []FrameStats, error) {
	if m.taken < len(m.shots) {
		return nil, nil, fmt.Errorf("ui: capture: the game ended after %d of %d shots", len(m.images), len(m.shots))
	}
	return m.images, m.stats, nil
}

// captureSound, when set (by tests), plays the captured scenes' sounds.
var captureSound *Sound

func writePNG(path string, img image.Image) error {
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

func firstScene(titles []*slot.Title, opt Options, seed uint64) (Scene, error) {
	ti := -1
	for i, t := range titles {
		if t.Spec.ID == opt.Title {
			ti = i
		}
	}
	if opt.Title != "" && ti < 0 {
		return nil, fmt.Errorf("ui: no title %q", opt.Title)
	}
	if open, ok := demoTables[play.KindOf(opt.Scene)]; ok {
		return open(seed), nil
	}
	switch opt.Scene {
	case "", "attract":
		a := NewAttract(titles, seed)
		if ti >= 0 {
			a.StartAt(ti, opt.Phase)
		}
		return a, nil
	case "lobby":
		return NewLobby(titles, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()}), nil
	case "play", "help":
		if ti < 0 {
			return nil, fmt.Errorf("ui: the %s scene needs a title", opt.Scene)
		}
		p := NewPlay(NewDemoSession(titles[ti], seed), titles)
		if opt.Scene == "help" {
			h := NewHelp(titles[ti], p)
			h.page = max(opt.Page, 0)
			return h, nil
		}
		return p, nil
	}
	return nil, fmt.Errorf("ui: no scene %q (attract, lobby, play, help, %s)", opt.Scene, strings.Join(play.IDs(), ", "))
}

// demoTables open each table game's scene in demo play.
var demoTables = map[play.Kind]func(seed uint64) Scene{
	play.KindRoulette:   func(s uint64) Scene { return NewRouletteTable(s) },
	play.KindThreeCard:  func(s uint64) Scene { return NewThreeCardTable(s) },
	play.KindPuntoBanco: func(s uint64) Scene { return NewPuntoBancoTable(s) },
	play.KindBlackjack:  func(s uint64) Scene { return NewBlackjackTable(s) },
	play.KindHoldem:     func(s uint64) Scene { return NewHoldemTable(s) },
}
