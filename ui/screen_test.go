//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"slices"
	"testing"

	"egm/games"
	"egm/games/slot"
	"egm/locale"
	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// shots are the frames TestMain captures inside the Ebiten loop (Ebiten runs one
// game per process, on the main goroutine), for the tests to check.
var shots struct {
	attract, play, lock, lockup, gamble *image.RGBA
	qr                                  []*image.RGBA // cashless_test.go: the cash-in and cash-out panels
	err                                 error
	lockEvents                          *recorder
	stats                               []scene.FrameStats
}

// recorder is a Session that notes the events the screen sends.
type recorder struct {
	*slotscene.DemoSession
	events []kit.Event
}

// lockedUp is a Session in a handpay lockup.
type lockedUp struct{ *slotscene.DemoSession }

// lockedWords are the handpay's words, made once per language as the machine
// session makes them when the status changes (not on every frame).
var lockedWords = map[locale.Lang][2]string{}

func (l lockedUp) Snapshot() kit.Snapshot {
	s := l.DemoSession.Snapshot()
	w, ok := lockedWords[kit.PlayerLang()]
	if !ok {
		w[0], w[1] = kit.LockupWords(machine.Status{State: machine.HandpayLockup, WinCents: 2_500_00})
		lockedWords[kit.PlayerLang()] = w
	}
	s.Lockup, s.LockupDetail = w[0], w[1]
	return s
}

func (r *recorder) Send(e kit.Event) error {
	r.events = append(r.events, e)
	return r.DemoSession.Send(e)
}

const (
	shotTitle = "golden-lord-of-the-ocean"
	lockTitle = "born-to-gamble"
)

func TestMain(m *testing.M) {
	titles, err := games.All()
	if err != nil {
		panic(err)
	}
	var play, lock, lockup *slotscene.Play
	for _, t := range titles {
		switch t.Spec.ID {
		case shotTitle:
			d := slotscene.NewDemoSession(t, 5)
			d.Want(slotscene.LineWin)
			_ = d.Send(kit.Event{Input: kit.InputSpin})
			play = slotscene.NewPlay(d, titles)
			for i, st := range play.TL.Steps {
				if st.Kind == slotscene.StepWins {
					play.Tick = play.TL.StartOf(i) + 70 // one line lit
				}
			}
		case "hot-twins":
			lockup = slotscene.NewPlay(lockedUp{slotscene.NewDemoSession(t, 1)}, titles)
		case lockTitle:
			d := slotscene.NewDemoSession(t, 3)
			d.Want(slotscene.LockSpin)
			_ = d.Send(kit.Event{Input: kit.InputSpin})
			shots.lockEvents = &recorder{DemoSession: d}
			lock = slotscene.NewPlay(shots.lockEvents, titles)
			lock.Tick = lock.TL.StartOf(len(lock.TL.Steps) - 2) // the Lock & Spin total
		}
	}
	var gp *slotscene.Play
	for _, t := range titles {
		if t.Spec.ID == "signs-of-rich" {
			gp, err = gamblePlay(t, titles, 2)
			if err != nil {
				panic(err)
			}
		}
	}
	// the capture runs with this machine's sound: silent where there is no device
	if scene.CaptureSound, err = scene.NewSound(scene.SoundOptions{}); err != nil {
		panic(err)
	}
	qr := qrShots(titles)
	all := append([]scene.Shot{{Scene: newAttract(titles, 1), Frames: 4}, {Scene: play, Frames: 4}, {Scene: lock, Frames: 8}, {Scene: lockup, Frames: 2}, {Scene: gp, Frames: 24}}, qr...)
	var more [][]scene.Shot
	for _, f := range moreShots {
		more = append(more, f.shots(titles))
		all = append(all, more[len(more)-1]...)
	}
	code, err := runTests(all, func(imgs []*image.RGBA, stats []scene.FrameStats, err error) {
		off := 5 + len(qr)
		for i, f := range moreShots {
			if err != nil {
				f.got(nil, err)
			} else {
				f.got(imgs[off:off+len(more[i])], nil)
			}
			off += len(more[i])
		}
		if err == nil {
			shots.attract, shots.play, shots.lock, shots.lockup, shots.gamble = imgs[0], imgs[1], imgs[2], imgs[3], imgs[4]
			shots.qr = imgs[5 : 5+len(qr)]
		}
		shots.err = err
		shots.stats = stats
		if dir := os.Getenv("EGM_SHOTS"); dir != "" && err == nil {
			for i, n := range []string{"attract", "play", "lock", "lockup", "gamble", "cashin", "cashout"} {
				_ = scene.WritePNG(dir+"/"+n+".png", imgs[i])
			}
		}
	}, m)
	for _, f := range moreShots {
		if f.close != nil {
			f.close()
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ui tests:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// moreShots are other test files' scenes for the one capture run (Ebiten runs one
// game per process): each adds its shots, gets their images (or the capture's
// error) back, and closes what it opened after the tests.
var moreShots []struct {
	shots func(titles []*slot.Title) []scene.Shot
	got   func(imgs []*image.RGBA, err error)
	close func()
}

// near counts the pixels within d (per channel) of c.
func near(img *image.RGBA, c color.RGBA, d int) int {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if abs(int(img.Pix[i])-int(c.R)) <= d && abs(int(img.Pix[i+1])-int(c.G)) <= d && abs(int(img.Pix[i+2])-int(c.B)) <= d {
			n++
		}
	}
	return n
}

// distinct counts distinct colours (a blank frame has one).
func distinct(img *image.RGBA) int {
	seen := map[[3]uint8]bool{}
	for i := 0; i+3 < len(img.Pix); i += 4 * 7 {
		seen[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
	}
	return len(seen)
}

func TestScreens(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	for _, c := range []struct {
		name string
		img  *image.RGBA
		id   string
	}{{"attract", shots.attract, "gems-secrets"}, {"play", shots.play, shotTitle}, {"lock", shots.lock, lockTitle}} {
		if b := c.img.Bounds(); b.Dx() != paint.ScreenW || b.Dy() != paint.ScreenH {
			t.Fatalf("%s: %v, want %dx%d", c.name, b, paint.ScreenW, paint.ScreenH)
		}
		if n := distinct(c.img); n < 200 {
			t.Errorf("%s: only %d colours: blank?", c.name, n)
		}
		ti, err := games.ByID(c.id)
		if err != nil {
			t.Fatal(err)
		}
		bg := paint.HexColor(ti.Spec.Theme.Background)
		n := 0
		for k := 0; k <= 10; k++ { // the backdrop is a gradient of the theme colour
			n += near(c.img, paint.Mix(paint.Lighten(bg, 0.12), paint.Darken(bg, 0.6), float64(k)/10), 3)
		}
		if n < 20000 {
			t.Errorf("%s: %d pixels of the theme background %v", c.name, n, bg)
		}
	}
	// The jackpot meters are drawn in their colours at the top of every screen.
	for _, img := range []*image.RGBA{shots.attract, shots.play} {
		if c := img.RGBAAt(60, 70); c.R < 120 || c.G > 120 {
			t.Errorf("the Grand meter is not red at (60,70): %v", c)
		}
	}
	// A locked coin shows in gold where the outcome put one.
	g := slotscene.WindowGeom(5, 3)
	gold := 0
	for r := 0; r < 5; r++ {
		for row := 0; row < 3; row++ {
			x, y := g.Centre(r, row)
			c := shots.lock.RGBAAt(int(x), int(y)-50)
			if c.R > 180 && c.G > 120 && c.B < 110 {
				gold++
			}
		}
	}
	if gold == 0 {
		t.Errorf("no gold coin on the Lock & Spin grid")
	}
}

// Resumed at its last respin, the screen reports every earlier step of the outcome
// once, in order, as the machine counts them.
func TestStepsReported(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	r := shots.lockEvents
	o := r.Snapshot().Outcome
	units := 1 + len(o.LockSpin.Respins)
	if o.FreeGames != nil {
		units += len(o.FreeGames.Games)
	}
	var got []int
	for _, e := range r.events {
		if e.Input == kit.InputPresented {
			if e.Game != 1 {
				t.Errorf("event for game %d", e.Game)
			}
			got = append(got, e.Step)
		}
	}
	if len(got) != units-1 {
		t.Fatalf("reported %v, want 0..%d", got, units-2)
	}
	for i, s := range got {
		if s != i {
			t.Fatalf("reported %v, want 0..%d in order", got, units-2)
		}
	}
}

// A lockup covers the game: its panel fills the middle of the screen.
func TestLockupCoversTheGame(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	for _, pt := range [][2]int{{300, 500}, {paint.ScreenW / 2, 700}, {paint.ScreenW - 300, 500}} {
		c := shots.lockup.RGBAAt(pt[0], pt[1])
		if c.R < 100 || c.B > 80 {
			t.Errorf("at %v: %v, not the lockup's red or amber", pt, c)
		}
	}
}

// The gamble covers the reels with its green table and shows the card drawn, face
// up, in the middle.
func TestGambleScreen(t *testing.T) {
	if shots.err != nil {
		t.Fatal(shots.err)
	}
	if c := shots.gamble.RGBAAt(340, 600); c.G < c.R || c.G < c.B {
		t.Errorf("no green gamble table at (340,600): %v", c)
	}
	white := 0
	for y := 400; y < 600; y += 10 {
		c := shots.gamble.RGBAAt(paint.ScreenW/2-60, y)
		if c.R > 220 && c.G > 220 && c.B > 220 {
			white++
		}
	}
	if white < 5 {
		t.Errorf("no card face up in the middle (%d white samples)", white)
	}
}

// maxFrameAllocs bounds the heap allocations of a steady frame (Update and Draw).
// Text, shapes and amounts are cached, so a steady frame allocates next to nothing
// of this package's own; a text formatted or laid out again on every frame (a
// label, a wrap, a status line) adds tens, on every frame. The count is
// process-wide: whatever else runs in the process (another test's machine session,
// the runtime, Ebiten's own goroutines) only ever adds to a frame's count, and on a
// busy machine a slow frame spans more of it (a CI run once saw a median of 47
// where the frame's own count was 11). So the least of many single frames is the
// frame's own count: a cost paid on every frame shows in the least too, and
// nothing outside the frame can lower it. Allocations do not depend on the
// machine's speed; this bound does not either.
const maxFrameAllocs = 24

// Steady frames allocate (next to) nothing: the frame cost that does not depend on
// the machine's speed. The time per frame is the benchmarks' (bench_test.go).
func TestFrameAllocations(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	var title *slot.Title
	for _, ti := range ts {
		if ti.Spec.ID == shotTitle {
			title = ti
		}
	}
	refused := slotscene.NewDemoSession(title, 1)
	refused.Msg = "YOUR CREDIT OF 0.00 EUR DOES NOT COVER THE BET OF 0.50 EUR, A STATUS LINE OF TWO LINES"
	lockup := lockedUp{slotscene.NewDemoSession(title, 1)}
	tests := []struct {
		name  string
		scene scene.Scene
	}{
		{"lobby", newLobby(ts, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()})},
		{"idle play", slotscene.NewPlay(slotscene.NewDemoSession(title, 1), ts)},
		{"status line", slotscene.NewPlay(refused, ts)},
		{"lockup", slotscene.NewPlay(lockup, ts)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runFrames(tc.scene, 30, nil) // the art and text caches fill
			per := make([]float64, 61)
			for i := range per {
				_, _, per[i] = runFrames(tc.scene, 1, nil)
			}
			slices.Sort(per)
			least := per[0]
			t.Logf("allocations per frame: least %.0f, median %.0f, most %.0f", least, per[len(per)/2], per[len(per)-1])
			if least > maxFrameAllocs {
				t.Errorf("a steady frame allocates %.0f times (the least of %d frames), at most %d", least, len(per), maxFrameAllocs)
			}
		})
	}
}
