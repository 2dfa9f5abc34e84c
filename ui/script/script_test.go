package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/games/slot"
)

func TestParse(t *testing.T) {
	s, err := Parse(strings.NewReader(`# a session
deposit 10000
select hot-twins
0.5s spin        # half a second after the start
wait idle
+2s take_win
spin
wait 500ms
wait idle 90s
90f screenshot shots/one
screenshot two.PNG
attendant_key
quit
`), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []Cmd{
		{Line: 2, Rel: true, Op: "deposit", Arg: "10000", Cents: 10000},
		{Line: 3, Rel: true, Op: "select", Arg: "hot-twins"},
		{Line: 4, Frames: 30, Op: "spin"},
		{Line: 5, Rel: true, Op: "wait", Arg: "idle", Wait: 60 * TPS},
		{Line: 6, Frames: 120, Rel: true, Op: "take_win"},
		{Line: 7, Rel: true, Op: "spin"},
		{Line: 8, Rel: true, Op: "wait", Arg: "500ms", Wait: 30},
		{Line: 9, Rel: true, Op: "wait", Arg: "idle", Wait: 90 * TPS},
		{Line: 10, Frames: 90, Op: "screenshot", Arg: "shots/one.png"},
		{Line: 11, Rel: true, Op: "screenshot", Arg: "two.PNG"},
		{Line: 12, Rel: true, Op: "attendant_key"},
		{Line: 13, Rel: true, Op: "quit"},
	}
	if len(s.Cmds) != len(want) {
		t.Fatalf("%d commands, want %d: %+v", len(s.Cmds), len(want), s.Cmds)
	}
	for i, c := range s.Cmds {
		if c != want[i] {
			t.Errorf("command %d: %+v, want %+v", i, c, want[i])
		}
	}
}

// Every mistake names the file, the line and what is wrong.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"spn", `t:1: unknown command "spn"`},
		{"\n\n2x spin", `t:3: time "2x": want a number with s, ms or f`},
		{"1s", "t:1: a time and no command"},
		{"spin now", "t:1: spin takes no argument"},
		{"deposit", "t:1: deposit needs an argument"},
		{"deposit 12.50", `t:1: deposit "12.50": want whole cents`},
		{"deposit -5", `t:1: deposit "-5": want whole cents`},
		{"wait soon", `t:1: wait "soon": want a number`},
		{"wait 1s 2s", "t:1: wait: too many arguments"},
		{"wait idle later", `t:1: wait idle "later"`},
		{"select a b", "t:1: select: too many arguments"},
		{"99999999s spin", "longer than a day"},
		{"+-1s spin", "not a duration"},
		{"+Infs spin", "longer than a day"},
	} {
		_, err := Parse(strings.NewReader(c.in), "t")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "script: t:") {
			t.Errorf("%q: %v, want …%s", c.in, err, c.want)
		}
	}
}

// The parser of a script file (outside bytes) never panics, and what it accepts
// is well formed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"spin", "0.5s spin\n+3s take_win\nwait idle 10s", "deposit 100\nselect x\nscreenshot a",
		"# c\n\n90f quit", "wait 1e3ms", "+.5s red", "\x00\xff", "wait idle 1f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(strings.NewReader(in), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "script: fuzz:") {
				t.Fatalf("error without its place: %v", err)
			}
			return
		}
		for _, c := range s.Cmds {
			if !KnownOp(c.Op) || c.Frames < 0 || c.Frames > MaxFrames || c.Wait < 0 {
				t.Fatalf("accepted %+v", c)
			}
		}
	})
}

// A script is checked whole before it runs: a screenshot that cannot be written or
// a title the machine does not have fails at once, with its line, and the check
// leaves no file behind.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	titles := []*slot.Title{{Spec: slot.Spec{ID: "hot-twins"}}}
	tests := []struct {
		name, script string
		titles       []*slot.Title
		want         string // "" when the script is good
	}{
		{"good", "select hot-twins\nscreenshot " + filepath.Join(dir, "a") + "\nquit", titles, ""},
		{"an existing file is overwritten", "screenshot " + file + ".png", titles, ""},
		{"a missing directory", "spin\nscreenshot " + filepath.Join(dir, "missing", "a"), titles, "t:2: screenshot " + filepath.Join(dir, "missing", "a.png")},
		{"a directory as the file", "screenshot " + dir + "/sub.png\n", titles, "is a directory"},
		{"under a file", "wait 1s\n\nscreenshot " + filepath.Join(file, "a"), titles, "t:3: screenshot"},
		{"an unknown title", "spin\nselect no-such-title", titles, `t:2: select no-such-title: no such title`},
		{"titles unknown: select unchecked", "select no-such-title", nil, ""},
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.script), "t", tc.titles)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("a good script refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "script: t:")):
				t.Fatalf("err %v, want …%s", err, tc.want)
			}
			left, _ := os.ReadDir(dir)
			if len(left) != 2 { // file and sub.png
				t.Errorf("the check left files: %v", left)
			}
		})
	}
	if _, err := Read(strings.NewReader("spn"), "t", titles); err == nil || !strings.Contains(err.Error(), `unknown command "spn"`) {
		t.Errorf("an unknown button: %v", err)
	}
	if _, err := Read(strings.NewReader("wait 3"), "t", titles); err == nil || !strings.Contains(err.Error(), `wait "3"`) {
		t.Errorf("a bad duration: %v", err)
	}
}
