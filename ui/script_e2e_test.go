//go:build cgo && !noscreen

package ui

import (
	"bytes"
	"cmp"
	"fmt"
	"image/png"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// scriptTitle and scriptSeed give free games on the first metered game (the
// outcomes depend on the seed only, R-RNG-3); if the math changes, pick another
// seed that does.
const (
	scriptTitle = "golden-book-of-ra"
	scriptSeed  = 5
)

func openScriptMachine(t *testing.T, dir string) *machine.Machine {
	t.Helper()
	m, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(scriptSeed)}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func scriptCabinet(t *testing.T, m *machine.Machine, script string) (*cabinet, *scene.Manager, *bytes.Buffer) {
	t.Helper()
	s, err := parseScript(strings.NewReader(script), "e2e")
	if err != nil {
		t.Fatal(err)
	}
	c, err := newCabinet(m, m.Titles(), CabinetOptions{Options: Options{Scene: "lobby"},
		DepositKey: true, DepositWallet: machine.TestWallet, DepositCents: 100_00})
	if err != nil {
		t.Fatal(err)
	}
	mgr := scene.NewManager(c)
	var log bytes.Buffer
	setScript(mgr, s, m.Titles(), &log)
	return c, mgr, &log
}

// A script plays a title through its free games on the metered cabinet: a
// deposit, the title chosen, a spin shown for a second and then at once, a second
// game, a screenshot mid-feature; afterwards the machine's meters and recall hold
// exactly those two games and the credits add up.
func TestScriptPlaysThroughFeatures(t *testing.T) {
	dir := t.TempDir()
	m := openScriptMachine(t, filepath.Join(dir, "state"))
	defer m.Close()
	shot := filepath.Join(dir, "feature")
	c, mgr, log := scriptCabinet(t, m, fmt.Sprintf(`deposit 10000
select %s
wait idle
spin
wait 1.5s
screenshot %s
spin        # the result at once
wait idle 60s
spin
+1s spin
wait idle 60s
quit
`, scriptTitle, shot))
	defer c.s.Close()
	n, err := runUntilQuit(mgr, 3000)
	if err != nil || !mgr.Driver().(*scriptRunner).quit {
		t.Fatalf("after %d frames: %v (quit %v)\n%s", n, err, mgr.Driver().(*scriptRunner).quit, log)
	}
	c.s.Flush()
	var mt meters.Meters
	var rc []meters.RecallEntry
	m.View(func(v *meters.Snapshot) { mt, rc = v.Meters(), v.Recall() })
	if mt[meters.GamesPlayed] != 2 || len(rc) != 2 {
		t.Fatalf("games played %d, recall %d entries, want 2\n%s", mt[meters.GamesPlayed], len(rc), log)
	}
	slices.SortFunc(rc, func(a, b meters.RecallEntry) int { return cmp.Compare(a.Number, b.Number) }) // newest first in recall
	if !strings.Contains(string(rc[0].Outcome), `"free_games"`) {
		t.Errorf("the first game has no free games: pick another scriptSeed")
	}
	bet := rc[0].BetCents + rc[1].BetCents
	if mt[meters.CoinIn] != bet || mt[meters.WalletIn] != 10000 {
		t.Errorf("coin in %d (bets %d), wallet in %d", mt[meters.CoinIn], bet, mt[meters.WalletIn])
	}
	st := m.Status()
	if want := 10000 - mt[meters.CoinIn] + mt[meters.WonToCredits]; st.CreditsCents+st.GambleCents+st.WinCents != want && st.CreditsCents != want {
		t.Errorf("credits %d, want 10000 - %d + %d = %d (state %v)", st.CreditsCents, mt[meters.CoinIn], mt[meters.WonToCredits], want, st.State)
	}
	if rc[0].WinCents == 0 || rc[0].CreditsAfterCents != rc[0].CreditsBeforeCents-rc[0].BetCents+rc[0].WinCents {
		t.Errorf("recall of the free games: %+v", rc[0])
	}
	// The screenshot: a 1920×1080 PNG of the free games.
	f, err := os.Open(shot + ".png")
	if err != nil {
		t.Fatalf("screenshot: %v\n%s", err, log)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != paint.ScreenW || b.Dy() != paint.ScreenH {
		t.Errorf("screenshot %v", b)
	}
	if !strings.Contains(log.String(), "wrote "+shot+".png") {
		t.Errorf("log: %s", log)
	}
}

// A script stops with its file and line when a command cannot be carried out.
func TestScriptErrors(t *testing.T) {
	m := openScriptMachine(t, t.TempDir())
	defer m.Close()
	c, mgr, _ := scriptCabinet(t, m, "select no-such-title\nquit\n")
	defer c.s.Close()
	if _, err := runUntilQuit(mgr, 50); err == nil || !strings.Contains(err.Error(), `ui: script e2e:1: select: no title "no-such-title"`) {
		t.Errorf("select: %v", err)
	}
	c2, mgr2, _ := scriptCabinet(t, m, "screenshot /nonexistent/dir/x\nquit\n")
	defer c2.s.Close()
	if _, err := runUntilQuit(mgr2, 50); err == nil || !strings.Contains(err.Error(), "screenshot") {
		t.Errorf("screenshot into a missing directory: %v", err)
	}
}

// stillManager is a manager of a scene that does nothing, playing script.
func stillManager(t *testing.T, script string) (*scene.Manager, *bytes.Buffer) {
	t.Helper()
	s, err := parseScript(strings.NewReader(script), "e2e")
	if err != nil {
		t.Fatal(err)
	}
	m := scene.NewManager(stillScene{})
	var log bytes.Buffer
	setScript(m, s, nil, &log)
	return m, &log
}

// A screenshot right before quit is written before the script quits, even when
// Ebiten runs two updates before a draw.
func TestScriptScreenshotBeforeQuit(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "last")
	m, log := stillManager(t, "screenshot "+shot+"\nquit\n")
	for i := range 3 { // updates without a draw: the quit waits for the screenshot
		if err := m.Update(); err != nil {
			t.Fatalf("update %d: %v", i, err)
		}
	}
	if m.Driver().(*scriptRunner).quit || m.Driver().(*scriptRunner).shot == "" {
		t.Fatalf("after updates without a draw: quit %v, screenshot pending %q", m.Driver().(*scriptRunner).quit, m.Driver().(*scriptRunner).shot)
	}
	if n, err := runUntilQuit(m, 20); err != nil || !m.Driver().(*scriptRunner).quit || n >= 20 {
		t.Fatalf("after %d frames: %v, quit %v\n%s", n, err, m.Driver().(*scriptRunner).quit, log)
	}
	if _, err := os.Stat(shot + ".png"); err != nil {
		t.Fatalf("the screenshot before quit: %v\n%s", err, log)
	}
}

// A script ends after its last command without quit: after a wait, once its time
// is over; after a wait idle, once the screen is idle.
func TestScriptEndsWithoutQuit(t *testing.T) {
	tests := []struct {
		script   string
		min, max int // the frames drawn before it ends
	}{
		{"spin\n", 1, 2},
		{"wait 30f\n", 30, 32},
		{"+10f spin\nwait idle 1s\n", 11, 15},
	}
	for _, tc := range tests {
		m, log := stillManager(t, tc.script)
		n, err := runUntilQuit(m, 200)
		if err != nil || !m.Driver().(*scriptRunner).quit || n < tc.min || n > tc.max {
			t.Errorf("%q: ended after %d frames (want %d..%d): %v, quit %v\n%s", tc.script, n, tc.min, tc.max, err, m.Driver().(*scriptRunner).quit, log)
		}
		if !strings.Contains(log.String(), "end of the script") {
			t.Errorf("%q: the log does not say the script ended: %s", tc.script, log)
		}
	}
}

// A screenshot that cannot be written when its time comes (its directory gone
// since the check) stops the script with an error.
func TestScriptScreenshotFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shots")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := ReadScript(strings.NewReader("wait 5f\nscreenshot "+filepath.Join(dir, "x")+"\nwait 5f\n"), "e2e", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	m := scene.NewManager(stillScene{})
	setScript(m, s, nil, nil)
	if n, err := runUntilQuit(m, 100); err == nil || !strings.Contains(err.Error(), "screenshot") || m.Driver().(*scriptRunner).quit {
		t.Fatalf("after %d frames: %v, quit %v", n, err, m.Driver().(*scriptRunner).quit)
	}
}

// Every input of a script that the machine refuses is logged with the machine's
// detail; the player's status line shows the player's words.
func TestScriptLogsRefusals(t *testing.T) {
	m := openScriptMachine(t, t.TempDir())
	defer m.Close()
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	c, mgr, slog := scriptCabinet(t, m, fmt.Sprintf("select %s\nwait idle\nspin\nwait 5f\ncash_out\nwait 5f\nquit\n", scriptTitle))
	defer c.s.Close()
	if n, err := runUntilQuit(mgr, 600); err != nil {
		t.Fatalf("after %d frames: %v\n%s", n, err, slog)
	}
	c.s.Flush()
	for _, want := range []string{"ui: machine session: spin: machine: input refused: bet", "ui: machine session: cashout: machine: input refused: cash-out with no balance"} {
		if !strings.Contains(logged.String(), want) {
			t.Errorf("the log has no %q:\n%s", want, logged.String())
		}
	}
	if msg := c.s.Snapshot().Message; msg != kit.StatusCase(kit.Tr("play.refused.no_credit")) {
		t.Errorf("status line %q", msg)
	}
}
