package testkit

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	for _, c := range []struct {
		line    string
		want    Command
		wantErr string
	}{
		{"hello", Command{Op: OpHello}, ""},
		{"  open   main ", Command{Op: OpOpen, Arg: "main"}, ""},
		{"close belly", Command{Op: OpClose, Arg: "belly"}, ""},
		{"press service", Command{Op: OpPress, Arg: "service"}, ""},
		{"lamps?", Command{Op: OpLamps}, ""},
		{"screen?", Command{Op: OpScreen}, ""},
		{"kill-screen", Command{Op: OpKillScreen}, ""},
		{"hold-screen", Command{Op: OpHold}, ""},
		{"release-screen", Command{Op: OpRelease}, ""},
		{"poweroff", Command{Op: OpPoweroff}, ""},
		{"", Command{}, "empty command"},
		{"open", Command{}, "one argument, one of main, logic, belly"},
		{"open cashbox", Command{}, `"cashbox": not one of main, logic, belly`},
		{"open main now", Command{}, "one argument"},
		{"press main_door", Command{}, "not one of spin"},
		{"lamps? spin", Command{}, "takes no argument"},
		{"start-screen", Command{}, `unknown command "start-screen"`},
	} {
		got, err := ParseCommand(c.line)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%q: error %v, want one saying %q", c.line, err, c.wantErr)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %+v %v, want %+v", c.line, got, err, c.want)
		}
	}
}

func TestLampsRoundTrip(t *testing.T) {
	in := map[string]Lamp{"help": {LED: true, Device: true, Changes: 3}, "service": {}, "tower_top": {Device: true, Changes: 7}}
	line := FormatLamps(in)
	if line != "lamps help=1:1:3 service=0:0:0 tower_top=0:1:7" {
		t.Fatalf("formatted %q", line)
	}
	out, err := ParseLamps(line)
	if err != nil || len(out) != len(in) {
		t.Fatalf("%v %v", out, err)
	}
	for k, v := range in {
		if out[k] != v {
			t.Errorf("%s: %+v, want %+v", k, out[k], v)
		}
	}
	if ls, err := ParseLamps("lamps"); err != nil || len(ls) != 0 {
		t.Errorf("no lamps: %v %v", ls, err)
	}
}

func TestParseLampsRefuses(t *testing.T) {
	for _, line := range []string{
		"screen none", "lamps help", "lamps help=1:1", "lamps help=2:1:0", "lamps help=1:1:-1",
		"lamps help=1:1:x", "lamps =1:1:0", "lamps help=1:1:0 help=0:0:1",
	} {
		if _, err := ParseLamps(line); err == nil {
			t.Errorf("%q parsed", line)
		}
	}
}

func TestScreenRoundTrip(t *testing.T) {
	for _, s := range []Screen{{}, {PID: 412, Connected: true, State: "door_open"}, {PID: 9}, {PID: 10, Held: true}} {
		line := FormatScreen(s)
		got, err := ParseScreen(line)
		if err != nil || got != s {
			t.Errorf("%+v → %q → %+v %v", s, line, got, err)
		}
	}
	if FormatScreen(Screen{}) != "screen none" {
		t.Errorf("no screen: %q", FormatScreen(Screen{}))
	}
	for _, line := range []string{"screen", "screen pid=0 connected=yes held=no state=idle", "screen pid=4 connected=maybe held=no state=idle",
		"screen pid=4 connected=yes held=no colour=red", "lamps none", "screen pid=x connected=no held=no state=-",
		"screen pid=4 connected=yes state=idle", "screen pid=4 connected=no held=perhaps state=-"} {
		if _, err := ParseScreen(line); err == nil {
			t.Errorf("%q parsed", line)
		}
	}
}

func TestCheckReply(t *testing.T) {
	open := Command{Op: OpOpen, Arg: "main"}
	kill := Command{Op: OpKillScreen}
	for _, c := range []struct {
		cmd   Command
		reply string
		ok    bool
	}{
		{open, "ok open main", true},
		{open, "ok open logic", false}, // the reply to another command: out of step
		{open, "ok open mainx", false},
		{kill, "ok kill-screen pid=412", true},
		{Command{Op: OpLamps}, "lamps help=1:1:1", true},
		{Command{Op: OpLamps}, "screen none", false},
		{Command{Op: OpScreen}, "screen none", true},
		{Command{Op: OpHello}, "hello egm-testkit deck=input1 lamps=11", true},
	} {
		if err := CheckReply(c.cmd, c.reply); (err == nil) != c.ok {
			t.Errorf("%s answered %q: %v", c.cmd, c.reply, err)
		}
	}
	err := CheckReply(kill, "error kill-screen: no screen process runs")
	var re ReplyError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "no screen process runs") {
		t.Errorf("an error reply: %v", err)
	}
}

func TestFailedIsOneLine(t *testing.T) {
	got := Failed("open main", errors.New("testkit: write to egm-switches:\nno such device"))
	if got != "error open main: write to egm-switches: no such device" {
		t.Errorf("%q", got)
	}
}
