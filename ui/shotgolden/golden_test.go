//go:build cgo && !noscreen

package shotgolden

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/games"
	"egm/ui"
)

var update = flag.Bool("update", false, "write testdata/screenshots.sha256 from this render")

const golden = "testdata/screenshots.sha256"

// header opens the golden file.
const header = `# The SHA-256 of every picture of egm-screen demo --screenshots (seed 0, the
# default jurisdiction and languages), rendered under Xvfb. Do not edit: written by
#   xvfb-run -a go test ./ui/shotgolden -update
`

// The screenshot set is byte for byte the recorded one: a refactor of the screen
// changes no pixel, and a change that does names the pictures it changed.
func TestScreenshotsUnchanged(t *testing.T) {
	titles, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := ui.WriteScreenshots(titles, dir, 0, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var names []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		name := filepath.Base(f)
		got[name] = hex.EncodeToString(sum[:])
		names = append(names, name)
	}
	if *update {
		var buf bytes.Buffer
		buf.WriteString(header)
		for _, n := range names {
			fmt.Fprintf(&buf, "%s  %s\n", got[n], n)
		}
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d pictures", golden, len(names))
		return
	}
	want, order, err := readGolden(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range order {
		switch g, ok := got[n]; {
		case !ok:
			t.Errorf("%s: recorded, no longer rendered", n)
		case g != want[n]:
			t.Errorf("%s: its pixels changed (sha256 %s, recorded %s)", n, g[:12], want[n][:12])
		}
	}
	for _, n := range names {
		if _, ok := want[n]; !ok {
			t.Errorf("%s: rendered, not recorded", n)
		}
	}
	if t.Failed() {
		t.Logf("if the change is meant: xvfb-run -a go test ./ui/shotgolden -update, and look at the pictures named above")
	}
}

// readGolden reads "sha256  name" lines, in order, skipping # comments.
func readGolden(path string) (map[string]string, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	want := map[string]string{}
	var order []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			return nil, nil, fmt.Errorf("%s:%d: not \"sha256  name\": %q", path, n, line)
		}
		want[name] = sum
		order = append(order, name)
	}
	return want, order, sc.Err()
}
