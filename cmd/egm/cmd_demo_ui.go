//go:build cgo && !noscreen

package main

import (
	"fmt"
	"io"

	"egm/games"
	"egm/ui"
)

// cmdDemo runs the attract mode on the screen; demo play never touches the meters.
func cmdDemo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", "demo [--windowed] [--title ID [--play] [--feature]] [--screenshot FILE --frames N]", stderr)
	windowed := fs.Bool("windowed", false, "a window instead of full screen (development)")
	shot := fs.String("screenshot", "", "render --frames frames, write the screen to this PNG and exit")
	frames := fs.Int("frames", 120, "frames to render before --screenshot")
	title := fs.String("title", "", "start the attract mode at this title")
	play := fs.Bool("play", false, "with --title: open the title's play scene (demo play) instead")
	feature := fs.Bool("feature", false, "with --title: start at the title's feature highlight")
	seed := fs.Uint64("seed", 0, "seed of the demo games (0: the default)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if (*play || *feature) && *title == "" {
		return badUsage(fs, "--play and --feature need --title")
	}
	titles, err := games.All()
	if err != nil {
		return fail(stderr, err)
	}
	opt := ui.Options{Windowed: *windowed, Screenshot: *shot, Frames: *frames, Title: *title, Play: *play, Feature: *feature, Seed: *seed}
	if err := ui.RunDemo(titles, opt); err != nil {
		return fail(stderr, err)
	}
	if *shot != "" {
		fmt.Fprintf(stdout, "egm demo: wrote %s after %d frames\n", *shot, *frames)
	}
	return 0
}
