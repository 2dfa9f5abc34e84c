//go:build cgo && !noscreen

package ui

import (
	"testing"

	"egm/games"
	"egm/games/slot"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// The frame benchmarks run a scene inside the game loop (under Xvfb: software GL)
// and report Update and Draw time and the heap allocations of Update+Draw per
// frame; ns/op is the whole frame, the GL work of presenting it included. Run:
//
//	xvfb-run -a go test ./ui -run '^$' -bench Frame -benchtime 200x -count 5
func benchFrames(b *testing.B, scene scene.Scene, before func(frame int)) {
	b.Helper()
	runFrames(scene, 30, before) // the art and text caches fill
	b.ResetTimer()
	upd, drw, allocs := runFrames(scene, b.N, before)
	b.ReportMetric(float64(upd.Nanoseconds()), "update-ns/frame")
	b.ReportMetric(float64(drw.Nanoseconds()), "draw-ns/frame")
	b.ReportMetric(allocs, "allocs/frame")
}

func benchTitles(b *testing.B) []*slot.Title {
	ts, err := games.All()
	if err != nil {
		b.Fatal(err)
	}
	return ts
}

func benchTitle(b *testing.B, ts []*slot.Title, id string) *slot.Title {
	for _, t := range ts {
		if t.Spec.ID == id {
			return t
		}
	}
	b.Fatalf("no title %s", id)
	return nil
}

func BenchmarkFrameLobby(b *testing.B) {
	ts := benchTitles(b)
	benchFrames(b, NewLobby(ts, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()}), nil)
}

func BenchmarkFrameAttract(b *testing.B) {
	benchFrames(b, NewAttract(benchTitles(b), 1), nil)
}

// Idle play: a title's reels at rest before its first game.
func BenchmarkFrameIdlePlay(b *testing.B) {
	ts := benchTitles(b)
	benchFrames(b, slotscene.NewPlay(NewDemoSession(benchTitle(b, ts, "golden-lord-of-the-ocean"), 1), ts), nil)
}

// Spinning play: every reel spinning (the first 30 ticks of a spin, over and over).
func BenchmarkFrameSpinningPlay(b *testing.B) {
	ts := benchTitles(b)
	d := NewDemoSession(benchTitle(b, ts, "golden-lord-of-the-ocean"), 1)
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	p := slotscene.NewPlay(d, ts)
	benchFrames(b, p, func(f int) { p.Tick = f % 30 })
}

// Lock & Spin: a respin of the grid, over and over.
func BenchmarkFrameLockSpin(b *testing.B) {
	ts := benchTitles(b)
	d := NewDemoSession(benchTitle(b, ts, "born-to-gamble"), 3)
	d.Want(LockSpin)
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	p := slotscene.NewPlay(d, ts)
	var st slotscene.Step
	for _, s := range p.TL.Steps {
		if s.Kind == slotscene.StepRespin {
			st = s
			break
		}
	}
	benchFrames(b, p, func(f int) { p.Tick = st.Start + f%st.Len })
}

// The win counting up with its lines shown one by one.
func BenchmarkFrameWins(b *testing.B) {
	ts := benchTitles(b)
	d := NewDemoSession(benchTitle(b, ts, "golden-lord-of-the-ocean"), 5)
	d.Want(LineWin)
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	p := slotscene.NewPlay(d, ts)
	var st slotscene.Step
	for _, s := range p.TL.Steps {
		if s.Kind == slotscene.StepWins {
			st = s
		}
	}
	benchFrames(b, p, func(f int) { p.Tick = st.Start + f%st.Len })
}
