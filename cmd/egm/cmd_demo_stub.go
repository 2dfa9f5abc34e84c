//go:build !cgo || noscreen

package main

import (
	"fmt"
	"io"
)

// cmdDemo is the attract mode; a build without cgo has no screen (make cross).
func cmdDemo(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", "demo", stderr)
	fs.Bool("windowed", false, "ignored: this build has no screen")
	fs.String("screenshot", "", "ignored: this build has no screen")
	fs.Int("frames", 0, "ignored: this build has no screen")
	fs.String("screenshots", "", "ignored: this build has no screen")
	fs.String("title", "", "ignored: this build has no screen")
	fs.String("scene", "", "ignored: this build has no screen")
	fs.Int("phase", 0, "ignored: this build has no screen")
	fs.Int("page", 0, "ignored: this build has no screen")
	fs.Uint64("seed", 0, "ignored: this build has no screen")
	var sf soundFlags
	sf.register(fs)
	fs.String("script", "", "ignored: this build has no screen")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	fmt.Fprintln(stderr, "egm demo: this build has no screen (built without cgo, or with -tags noscreen); nothing is shown and no meter is touched.")
	return 1
}
