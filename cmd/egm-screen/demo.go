package main

import (
	"fmt"
	"io"
	"regexp"

	"egm/games"
	"egm/sound"
	"egm/ui"
)

// cmdDemo runs the attract mode on the screen (`egm-screen demo`, or `egm demo`,
// which starts this); demo play never touches the meters.
func cmdDemo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", "demo [--windowed] [--scene attract|lobby|play|help|roulette|three-card-poker|punto-banco|blackjack|ultimate-texas-holdem] [--title ID [--phase N] [--page N]] [--screenshot FILE --frames N | --screenshots DIR [--only REGEXP]] [--jurisdiction EE|KZ] [--lang LANG]", stderr)
	windowed := fs.Bool("windowed", false, "a window instead of full screen (development)")
	shot := fs.String("screenshot", "", "render --frames frames, write the screen to this PNG and exit")
	shots := fs.String("screenshots", "", "write a PNG of every scene into this directory, each as it is taken, and exit")
	only := fs.String("only", "", "with --screenshots: only the pictures whose names match this regular expression (e.g. 'lobby|help-')")
	frames := fs.Int("frames", 120, "frames to render before --screenshot")
	title := fs.String("title", "", "start the attract mode at this title")
	scene := fs.String("scene", "attract", "first scene: attract, lobby, play, help (play and help need --title) or a table game in demo play: roulette, three-card-poker, punto-banco, blackjack, ultimate-texas-holdem")
	phase := fs.Int("phase", 0, "with --title: the attract mode's first phase: 0 demo spin, 1 feature highlight, 2 Magic Clover/Super Colors, 3 paytable")
	page := fs.Int("page", 0, "with --scene help: the first page shown (from 0)")
	seed := fs.Uint64("seed", 0, "seed of the demo games (0: the default)")
	var sf sound.Flags
	sf.Register(fs)
	var lf langFlags
	lf.register(fs)
	script := fs.String("script", "", "play a script of timed button presses (docs/cabinet.md: Scripted input)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if err := lf.apply(); err != nil {
		return badUsage(fs, "%v", err)
	}
	if *only != "" && *shots == "" {
		return badUsage(fs, "--only needs --screenshots")
	}
	if *phase != 0 && *title == "" {
		return badUsage(fs, "--phase needs --title")
	}
	titles, err := games.All()
	if err != nil {
		return fail(stderr, err)
	}
	if *shots != "" {
		var re *regexp.Regexp
		if *only != "" {
			if re, err = regexp.Compile(*only); err != nil {
				return badUsage(fs, "--only: %v", err)
			}
		}
		files, err := ui.WriteScreenshots(titles, *shots, *seed, re, func(f string) { fmt.Fprintln(stdout, f) })
		if err != nil {
			fmt.Fprintf(stderr, "egm-screen: %d pictures written to %s before the error\n", len(files), *shots)
			return fail(stderr, err)
		}
		return 0
	}
	sc, err := sf.Apply(sound.DefaultSettings())
	if err != nil {
		return fail(stderr, err)
	}
	snd, err := ui.NewSound(ui.SoundOptions{Off: sc.Off || *shot != "", Volume: sc.Volume, Attract: sc.Attract})
	if err != nil {
		return fail(stderr, err)
	}
	var stats ui.FrameStats
	var scr *ui.Script
	if *script != "" {
		if scr, err = loadScript(*script, titles); err != nil {
			return fail(stderr, err)
		}
	}
	opt := ui.Options{Sound: snd, Script: scr, ScriptLog: stdout, Stats: &stats, Windowed: *windowed, Screenshot: *shot, Frames: *frames, Scene: *scene, Title: *title, Phase: *phase, Page: *page, Seed: *seed}
	if err := ui.RunDemo(titles, opt); err != nil {
		return fail(stderr, err)
	}
	if *shot != "" {
		fmt.Fprintf(stdout, "egm demo: wrote %s after %d frames (Update+Draw %.2f ms and %.0f allocations per frame)\n",
			*shot, *frames, float64(stats.PerFrame.Microseconds())/1000, stats.AllocsPerFrame)
	}
	return 0
}
