//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"io"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
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
	Stats *scene.FrameStats
	// Seed seeds the demo sessions (0: a fixed default).
	Seed uint64
	// Sound, when set, plays the scenes' sounds (nil: silent).
	Sound *scene.Sound
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

// show runs first full screen (or windowed) until the window closes, or, with
// opt.Screenshot, renders opt.Frames frames and writes the screen as a PNG.
func show(first scene.Scene, opt Options, titles []*slot.Title) error {
	if opt.Screenshot != "" {
		imgs, stats, err := scene.CaptureStats([]scene.Shot{{Scene: first, Frames: max(opt.Frames, 1)}})
		if err != nil {
			return err
		}
		if opt.Stats != nil {
			*opt.Stats = stats[0]
		}
		return scene.WritePNG(opt.Screenshot, imgs[0])
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
	m := scene.NewManager(first)
	m.SetSound(opt.Sound)
	setScript(m, opt.Script, titles, opt.ScriptLog)
	if opt.Script != nil { // a script runs as fast as the frames come, unfocused too
		ebiten.SetRunnableOnUnfocused(true)
	}
	if err := ebiten.RunGame(m); err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	return nil
}

func firstScene(titles []*slot.Title, opt Options, seed uint64) (scene.Scene, error) {
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
		p := slotscene.NewPlay(NewDemoSession(titles[ti], seed), titles)
		if opt.Scene == "help" {
			h := slotscene.NewHelp(titles[ti], p)
			h.Page = max(opt.Page, 0)
			return h, nil
		}
		return p, nil
	}
	return nil, fmt.Errorf("ui: no scene %q (attract, lobby, play, help, %s)", opt.Scene, strings.Join(play.IDs(), ", "))
}

// demoTables open each table game's scene in demo play.
var demoTables = map[play.Kind]func(seed uint64) scene.Scene{
	play.KindRoulette:   func(s uint64) scene.Scene { return tablescene.NewRouletteTable(s) },
	play.KindThreeCard:  func(s uint64) scene.Scene { return tablescene.NewThreeCardTable(s) },
	play.KindPuntoBanco: func(s uint64) scene.Scene { return tablescene.NewPuntoBancoTable(s) },
	play.KindBlackjack:  func(s uint64) scene.Scene { return tablescene.NewBlackjackTable(s) },
	play.KindHoldem:     func(s uint64) scene.Scene { return tablescene.NewHoldemTable(s) },
}
