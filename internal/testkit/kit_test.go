package testkit

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"egm/cabinet"
)

// recorder is an Emitter that keeps what was written.
type recorder struct{ events []string }

func (r *recorder) Emit(typ, code uint16, value int32) error {
	r.events = append(r.events, fmt.Sprintf("%d/%d=%d", typ, code, value))
	return nil
}

// fakeBoard is a kit on a temporary LED class and /proc.
func fakeBoard(t *testing.T) (*Kit, *recorder, *recorder) {
	t.Helper()
	root := t.TempDir()
	k := &Kit{DeckSys: "input7", LEDDir: filepath.Join(root, "leds"), Proc: filepath.Join(root, "proc"), RunDir: filepath.Join(root, "run")}
	for _, d := range []string{k.Proc, k.RunDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range Lamps() {
		name, _ := LEDName(k.DeckSys, l)
		writeFile(t, filepath.Join(k.LEDDir, name, "brightness"), "0\n")
	}
	sw, deck := &recorder{}, &recorder{}
	k.Switches, k.Deck = sw, deck
	k.Sleep = func(time.Duration) {}
	return k, sw, deck
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// process puts a process with the command line argv under the fake /proc.
func process(t *testing.T, k *Kit, pid int, argv ...string) {
	writeFile(t, filepath.Join(k.Proc, fmt.Sprint(pid), "cmdline"), strings.Join(argv, "\x00")+"\x00")
}

func TestKitMovesSwitchesAndButtons(t *testing.T) {
	k, sw, deck := fakeBoard(t)
	for _, c := range []struct{ line, reply string }{
		{"open main", "ok open main"},
		{"open belly", "ok open belly"},
		{"close main", "ok close main"},
		{"close logic", "ok close logic"},
		{"press service", "ok press service"},
		{"press lever", `error press: press "lever": not one of spin, max_bet`},
	} {
		if got, _ := k.Do(c.line); !strings.HasPrefix(got, c.reply) {
			t.Errorf("%q: %q, want %q", c.line, got, c.reply)
		}
	}
	// EV_SW (5) main 0, belly 2, logic 1; EV_KEY (1) service 712 down then up
	if want := []string{"5/0=1", "5/2=1", "5/0=0", "5/1=0"}; !slices.Equal(sw.events, want) {
		t.Errorf("switches: %v, want %v", sw.events, want)
	}
	if want := []string{"1/712=1", "1/712=0"}; !slices.Equal(deck.events, want) {
		t.Errorf("deck: %v, want %v", deck.events, want)
	}
}

func TestKitReadsTheLampsBack(t *testing.T) {
	k, _, _ := fakeBoard(t)
	help, _ := LEDName(k.DeckSys, "help")
	writeFile(t, filepath.Join(k.LEDDir, help, "brightness"), "1\n")
	k.LEDEvent(5, 1) // help's LED code: the platform lit it
	k.LEDEvent(6, 1) // service: lit, then dark
	k.LEDEvent(6, 0)
	reply, _ := k.Do("lamps?")
	ls, err := ParseLamps(reply)
	if err != nil {
		t.Fatalf("%q: %v", reply, err)
	}
	if len(ls) != len(Lamps()) {
		t.Errorf("%d lamps, want %d", len(ls), len(Lamps()))
	}
	if ls["help"] != (Lamp{LED: true, Device: true, Changes: 1}) || ls["service"] != (Lamp{Changes: 2}) || ls["spin"] != (Lamp{}) {
		t.Errorf("%q", reply)
	}
	os.RemoveAll(filepath.Join(k.LEDDir, help))
	if reply, _ := k.Do("lamps?"); !strings.HasPrefix(reply, "error lamps?: cabinet: lamp input7::sleep") {
		t.Errorf("a lamp gone: %q", reply)
	}
}

func TestKitFindsAndKillsTheScreen(t *testing.T) {
	k, _, _ := fakeBoard(t)
	var killed []int
	k.Kill = func(pid int) error { // the process exits: its cmdline empties, as a zombie's
		killed = append(killed, pid)
		writeFile(t, filepath.Join(k.Proc, fmt.Sprint(pid), "cmdline"), "")
		return nil
	}
	if got, _ := k.Do("screen?"); got != "screen none" {
		t.Errorf("no screen: %q", got)
	}
	if got, _ := k.Do("kill-screen"); got != "error kill-screen: no screen process runs" {
		t.Errorf("nothing to kill: %q", got)
	}
	process(t, k, 40, "/usr/bin/egm", "run", "--screen", "/usr/libexec/egm/egm-testkit-screen")
	process(t, k, 41, "/usr/bin/egm-testkit", "serve")
	process(t, k, 412, "/usr/bin/egm-testkit", "screen", "--socket", "/var/lib/egm/screen.sock")
	if got, _ := k.Do("screen?"); got != "screen pid=412 connected=no held=no state=-" {
		t.Errorf("a screen that has not written its status: %q", got)
	}
	if err := WriteScreenStatus(k.RunDir, Screen{PID: 412, Connected: true, State: "idle"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := k.Do("screen?"); got != "screen pid=412 connected=yes held=no state=idle" {
		t.Errorf("a connected screen: %q", got)
	}
	if got, _ := k.Do("kill-screen"); got != "ok kill-screen pid=412" || !slices.Equal(killed, []int{412}) {
		t.Errorf("kill: %q %v", got, killed)
	}
	// killed: its status file names a process that is gone, and a new one has
	// not written yet
	if got, _ := k.Do("screen?"); got != "screen none" {
		t.Errorf("after the kill: %q", got)
	}
	process(t, k, 430, "/usr/bin/egm-testkit", "screen", "--socket", "/var/lib/egm/screen.sock")
	if got, _ := k.Do("screen?"); got != "screen pid=430 connected=no held=no state=-" {
		t.Errorf("the restarted screen: %q", got)
	}
}

// hold-screen makes the hold file a starting screen waits on; release-screen
// removes it, and says ok when there was none.
func TestKitHoldsTheScreen(t *testing.T) {
	k, _, _ := fakeBoard(t)
	if Held(k.RunDir) {
		t.Fatal("held from the start")
	}
	for _, c := range []struct {
		line string
		held bool
	}{{"hold-screen", true}, {"hold-screen", true}, {"release-screen", false}, {"release-screen", false}} {
		if got, _ := k.Do(c.line); got != "ok "+c.line || Held(k.RunDir) != c.held {
			t.Errorf("%s: %q, held %v", c.line, got, Held(k.RunDir))
		}
	}
	process(t, k, 77, "/usr/bin/egm-testkit", "screen", "--socket", "/s")
	if err := WriteScreenStatus(k.RunDir, Screen{PID: 77, Held: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := k.Do("screen?"); got != "screen pid=77 connected=no held=yes state=-" {
		t.Errorf("a held screen: %q", got)
	}
}

// kill-screen answers once the process is gone, and says so when it is not.
func TestKillScreenWaitsForTheProcessToEnd(t *testing.T) {
	k, _, _ := fakeBoard(t)
	process(t, k, 500, "/usr/bin/egm-testkit", "screen", "--socket", "/s")
	k.Kill = func(int) error { return nil } // a process that does not end
	naps := 0
	k.Sleep = func(time.Duration) { naps++ }
	if got, _ := k.Do("kill-screen"); got != "error kill-screen: pid 500 still runs 5 s after SIGKILL" || naps != 250 {
		t.Errorf("%q after %d waits", got, naps)
	}
}

func TestServeAnswersInOrderThenPowersOff(t *testing.T) {
	k, _, _ := fakeBoard(t)
	var out strings.Builder
	off := 0
	k.Poweroff = func() error {
		if !strings.HasSuffix(out.String(), "ok poweroff\n") {
			t.Error("powered off before the reply was sent")
		}
		off++
		return nil
	}
	if err := k.Serve(strings.NewReader("hello\n\nopen logic\nbogus\npoweroff\n"), &out); err != nil {
		t.Fatal(err)
	}
	want := "hello egm-testkit deck=input7 lamps=11\nok open logic\nerror bogus: unknown command \"bogus\""
	if !strings.HasPrefix(out.String(), want) || off != 1 {
		t.Errorf("%q (power-offs %d)", out.String(), off)
	}
}

func TestWiringMatchesTheDevices(t *testing.T) {
	b, err := WiringJSON("input3")
	if err != nil {
		t.Fatal(err)
	}
	w, err := cabinet.ParseWiring(b) // the platform's own check of the file
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if w.Devices["switches"] != SwitchesName || w.Devices["deck"] != DeckName {
		t.Errorf("devices %v", w.Devices)
	}
	doors := 0
	for _, in := range w.Inputs {
		if strings.HasSuffix(in.Name, "_door") {
			doors++
			if in.Type != "switch" || in.Device != "switches" {
				t.Errorf("door %+v", in)
			}
		}
	}
	if doors != len(Doors) {
		t.Errorf("%d doors wired", doors)
	}
	leds := map[string]bool{}
	for _, l := range w.Lamps {
		if !strings.HasPrefix(l.LED, "input3::") {
			t.Errorf("lamp %+v is not the deck's LED", l)
		}
		leds[l.LED] = true
	}
	if len(leds) != len(Lamps()) || !leds["input3::numlock"] || !leds["input3::charging"] {
		t.Errorf("LEDs %v", leds)
	}
	codes := DeckCodes()
	if len(codes[cabinet.EvKey]) != len(Buttons()) || len(codes[EvLED]) != len(Lamps()) || len(SwitchCodes()[cabinet.EvSw]) != 5 {
		t.Errorf("device codes %v %v", codes, SwitchCodes())
	}
}
