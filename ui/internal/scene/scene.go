//go:build cgo && !noscreen

package scene

import (
	"fmt"
	"image"
	"runtime"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// Scene is one screen of the cabinet. Update decides (advances time, reads input,
// sends events, asks the manager for another scene); Draw only draws.
type Scene interface {
	Update(m *Manager) error
	Draw(screen *ebiten.Image)
}

// Manager runs the current scene as an ebiten.Game and switches scenes.
type Manager struct {
	Scene Scene
	Next  Scene
	tick  int
	// Capture mode: each shot's scene runs for its frames, then the screen is
	// copied to images; the game ends after the last.
	shots  []Shot
	Quick  bool // draw only each shot's last captureDrawn frames (the tests')
	images []*image.RGBA
	local  int
	taken  int // shots taken
	// keep, when set, takes each shot's picture instead of images (CaptureEach);
	// keepErr is its first error, which ends the capture.
	keep    func(i int, img *image.RGBA) error
	keepErr error
	watch   *captureWatch // ends a capture that stopped drawing
	// frame cost in capture mode, per shot: Update+Draw time and allocations
	stats   []FrameStats
	busy    time.Duration
	mallocs uint64
	// sound plays the scenes' cues (nil: silent)
	Sound *Sound
	// the frame-cost overlay (F12)
	Overlay *overlay
	// script drives the frames from outside the scenes: a script of button
	// presses (nil: none)
	script Driver
}

// FrameStats is the cost of a shot's frames: Update+Draw time and heap
// allocations per frame (the drawn frames after the first, which draws cached art;
// a capture draws only the last captureDrawn frames of a shot).
type FrameStats struct {
	Frames         int
	PerFrame       time.Duration
	AllocsPerFrame float64
}

func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// A Driver drives the manager's frames from outside its scenes (a script of
// button presses): Before runs ahead of the scene's Update and may press keys
// (Injected) or end the game (Quit), After runs after it, Draw over the frame.
type Driver interface {
	Before(m *Manager) error
	Quit() bool
	After(m *Manager)
	Draw(screen *ebiten.Image)
}

// Driver is the manager's driver (nil: none).
func (m *Manager) Driver() Driver { return m.script }

// SetDriver makes d drive the frames from the next one on (nil: none).
func (m *Manager) SetDriver(d Driver) { m.script = d }

// Injected are the keys a Driver presses this frame; pressed and anyKey read them
// with the keyboard's.
var Injected [ebiten.KeyMax + 1]bool

// NewManager starts with scene s.
func NewManager(s Scene) *Manager { return &Manager{Scene: s, Overlay: newOverlay()} }

// SetSound makes the scenes play their cues through s.
func (m *Manager) SetSound(s *Sound) { m.Sound = s }

// Go switches to s from the next frame on.
func (m *Manager) Go(s Scene) { m.Next = s }

// Tick counts updates since start (animations that do not belong to a game).
func (m *Manager) Tick() int { return m.tick }

// captureDrawn is how many of a shot's frames a quick capture (the tests') draws:
// the ones before are updated only, which spares software GL most of a long shot.
// Update decides and Draw only draws, so the last frame shows the same; where the
// skipped draws would have cached art, the atlas places it elsewhere and a few
// pixels round one step apart (the product's captures draw every frame). The
// first drawn frame draws the art it caches, the others measure the frame cost.
const captureDrawn = 3

// Update implements ebiten.Game.
func (m *Manager) Update() error {
	if m.shots != nil && (m.taken == len(m.shots) || m.keepErr != nil) {
		return ebiten.Termination
	}
	for m.undrawn() {
		if err := m.frame(); err != nil {
			return err
		}
	}
	return m.frame()
}

// undrawn reports whether the next frame of a capture is one it updates without
// drawing (not with a script, whose presses and shots are its own).
func (m *Manager) undrawn() bool {
	return m.Quick && m.shots != nil && m.script == nil && m.taken < len(m.shots) && m.local+1 <= m.shots[m.taken].Frames-captureDrawn
}

// measureFrom is the frame of the current shot from which its cost is measured:
// the second, or the first drawn one after those only updated.
func (m *Manager) measureFrom() int {
	if !m.Quick || m.script != nil || m.taken >= len(m.shots) {
		return 2
	}
	return max(2, m.shots[m.taken].Frames-captureDrawn+1)
}

// frame is one frame's update: the scene's, the script's, the overlay's.
func (m *Manager) frame() error {
	if m.Next != nil {
		m.Scene, m.Next = m.Next, nil
	}
	m.tick++
	m.local++
	kit.ReadTyped()
	ApplyLangReset() // a session ended: the default language is back (lang_session.go)
	paint.SweepLabels(paint.LabelIdle)
	if m.shots != nil && m.local == m.measureFrom() {
		m.busy, m.mallocs = 0, mallocs()
	}
	if m.script != nil {
		if err := m.script.Before(m); err != nil {
			return err
		}
		if m.script.Quit() {
			return ebiten.Termination
		}
	}
	if Pressed(ebiten.KeyF12) {
		m.Overlay.Toggle()
	}
	t0 := time.Now()
	o0, a0 := m.Overlay.begin()
	err := m.Scene.Update(m)
	m.Sound.EndFrame()
	m.Overlay.end(o0, a0, false)
	if m.script != nil {
		m.script.After(m)
	}
	m.busy += time.Since(t0)
	if err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	return nil
}

// Draw implements ebiten.Game.
func (m *Manager) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	o0, a0 := m.Overlay.begin()
	m.Scene.Draw(screen)
	m.Overlay.end(o0, a0, true)
	m.busy += time.Since(t0)
	if m.script != nil {
		m.script.Draw(screen)
	}
	m.Overlay.draw(screen)
	if n := m.taken; n < len(m.shots) && m.local >= m.shots[n].Frames {
		st := FrameStats{Frames: m.local}
		if f := m.local - m.measureFrom() + 1; f > 0 {
			st.PerFrame = m.busy / time.Duration(f)
			st.AllocsPerFrame = float64(mallocs()-m.mallocs) / float64(f)
		}
		m.stats = append(m.stats, st)
		img := image.NewRGBA(screen.Bounds())
		screen.ReadPixels(img.Pix)
		if m.keep == nil {
			m.images = append(m.images, img)
		} else if err := m.keep(n, img); err != nil && m.keepErr == nil {
			m.keepErr = err
		}
		m.taken++
		if n+1 < len(m.shots) {
			m.Next, m.local = m.shots[n+1].Scene, 0
		}
	}
	if m.watch != nil {
		m.watch.Progress(m.taken, m.local)
	}
}

// Layout implements ebiten.Game: a fixed 1920×1080 logical screen.
func (m *Manager) Layout(int, int) (int, int) { return paint.ScreenW, paint.ScreenH }

// Pointer reports a click or touch started this frame, in screen coordinates.
func Pointer() (int, int, bool) {
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		x, y := ebiten.CursorPosition()
		return x, y, true
	}
	var ids []ebiten.TouchID
	ids = inpututil.AppendJustPressedTouchIDs(ids)
	if len(ids) > 0 {
		x, y := ebiten.TouchPosition(ids[0])
		return x, y, true
	}
	return 0, 0, false
}

// AnyKey reports whether any key went down this frame (a script's too).
func AnyKey() bool {
	return len(inpututil.AppendJustPressedKeys(nil)) > 0 || slices.Contains(Injected[:], true) || len(kit.TypedChars) > 0
}

// KeyboardJustPressed reads the keyboard: whether k went down this frame (a
// test stands in for the keyboard here).
var KeyboardJustPressed = inpututil.IsKeyJustPressed

// Pressed reports whether one of keys went down this frame (or was typed since the
// last: typed.go; or a script pressed it).
func Pressed(keys ...ebiten.Key) bool {
	return slices.ContainsFunc(keys, justPressed)
}

func justPressed(k ebiten.Key) bool {
	return KeyboardJustPressed(k) || k >= 0 && int(k) < len(Injected) && (Injected[k] || kit.Typed[k])
}
