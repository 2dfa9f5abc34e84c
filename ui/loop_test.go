//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// Ebiten runs one game per process, on the main goroutine. The tests' game first
// captures TestMain's shots, then runs the tests (and benchmarks) on another
// goroutine while it serves them frames: a frameJob runs a scene for a number of
// frames inside the game loop and measures them.
type testLoop struct {
	capture  *scene.Manager
	captured bool
	got      func([]*image.RGBA, []scene.FrameStats, error)
	run      func() int // m.Run
	code     int
	finished chan struct{}
	job      *frameJob
}

var frameJobs = make(chan *frameJob)

// frameJob runs scene for frames frames; before (not measured) runs ahead of each.
type frameJob struct {
	scene    scene.Scene
	frames   int
	before   func(frame int)
	m        *scene.Manager
	n        int
	upd      time.Duration
	drw      time.Duration
	allocs   uint64
	done     chan struct{}
	shot     *image.RGBA // with wantShot: the last frame
	wantShot bool
	err      error // the manager's Update failed
}

// runUntilQuit runs m until its Update ends it (a script's quit) or max frames;
// it returns the frames run and the error that ended it.
func runUntilQuit(m *scene.Manager, max int) (int, error) {
	j := &frameJob{m: m, frames: max, done: make(chan struct{})}
	frameJobs <- j
	<-j.done
	return j.n, j.err
}

// runManager runs m for n frames in the game loop and returns the last frame.
func runManager(m *scene.Manager, n int) *image.RGBA {
	j := &frameJob{m: m, frames: n, done: make(chan struct{}), wantShot: true}
	frameJobs <- j
	<-j.done
	return j.shot
}

// runFrames runs scene for n frames in the game loop and returns Update and Draw
// time and heap allocations per frame (counted around Update and Draw only).
func runFrames(scene scene.Scene, n int, before func(frame int)) (upd, drw time.Duration, allocs float64) {
	j := &frameJob{scene: scene, frames: n, before: before, done: make(chan struct{})}
	frameJobs <- j
	<-j.done
	return j.upd / time.Duration(n), j.drw / time.Duration(n), float64(j.allocs) / float64(n)
}

func allocsNow() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

func (g *testLoop) Update() error {
	if !g.captured {
		err := g.capture.Update()
		if err != ebiten.Termination {
			return err
		}
		g.captured = true
		g.got(g.capture.Captured())
		go func() {
			g.code = g.run()
			close(g.finished)
		}()
	}
	if g.job == nil {
		select {
		case <-g.finished:
			return ebiten.Termination
		case g.job = <-frameJobs:
			if g.job.m == nil {
				g.job.m = scene.NewManager(g.job.scene)
			}
		default:
			return nil
		}
	}
	j := g.job
	if j.before != nil {
		j.before(j.n)
	}
	a := allocsNow()
	t0 := time.Now()
	err := j.m.Update()
	j.upd += time.Since(t0)
	j.allocs += allocsNow() - a
	if err != nil { // the job's manager ended (a script's quit) or failed
		if err != ebiten.Termination {
			j.err = err
		}
		g.job = nil
		close(j.done)
	}
	return nil
}

func (g *testLoop) Draw(screen *ebiten.Image) {
	if !g.captured {
		g.capture.Draw(screen)
		return
	}
	j := g.job
	if j == nil {
		return
	}
	a := allocsNow()
	t0 := time.Now()
	j.m.Draw(screen)
	j.drw += time.Since(t0)
	j.allocs += allocsNow() - a
	j.n++
	if j.n == j.frames && j.wantShot {
		j.shot = image.NewRGBA(screen.Bounds())
		screen.ReadPixels(j.shot.Pix)
	}
	if j.n == j.frames {
		g.job = nil
		close(j.done)
	}
}

func (g *testLoop) Layout(int, int) (int, int) { return paint.ScreenW, paint.ScreenH }

// runTests captures shots and hands them to got, then runs the tests while the
// game loop serves their frames; it returns the tests' exit code.
func runTests(shots []scene.Shot, got func([]*image.RGBA, []scene.FrameStats, error), m *testing.M) (int, error) {
	capture := scene.NewCapture(shots)
	capture.Quick = true // the shots' last frames only: minutes of software GL spared
	g := &testLoop{capture: capture, got: got, run: m.Run, finished: make(chan struct{})}
	ebiten.SetWindowTitle("EGM tests")
	ebiten.SetWindowSize(paint.ScreenW/4, paint.ScreenH/4)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		return 0, err
	}
	if !g.captured {
		return 0, fmt.Errorf("the game loop ended before the capture")
	}
	return g.code, nil
}
