//go:build cgo && !noscreen

package ui

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"egm/machine"
	"egm/meters"
	"egm/ui/internal/slotscene"
)

// Power lost in the middle of a feature: the screen presented the free games for a
// few seconds, the machine stopped; reopened, the screen starts on the same game,
// with the same outcome, at the step the machine had committed, and the game ends
// with the win that outcome decided.
func TestResumeAtTheCommittedStep(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	m := openScriptMachine(t, dir)
	c, mgr, log := scriptCabinet(t, m, "deposit 10000\nselect "+scriptTitle+"\nwait idle\nspin\nwait 6s\nquit\n")
	if _, err := runUntilQuit(mgr, 2000); err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	c.s.Close()
	var before meters.GameInProgress
	var inGame bool
	m.View(func(v *meters.Snapshot) { before, inGame = v.Game() })
	if err := m.Close(); err != nil { // the power goes (no power_down event)
		t.Fatal(err)
	}
	if !inGame || before.Step < 1 || !strings.Contains(string(before.Outcome), `"free_games"`) {
		t.Fatalf("no feature game cut short at a committed step: in game %v, step %d\n%s", inGame, before.Step, log)
	}

	m2 := openScriptMachine(t, dir)
	defer m2.Close()
	g, ok := m2.Resumed()
	if !ok || g.Number != before.Number || !bytes.Equal(g.Outcome, before.Outcome) {
		t.Fatalf("resumed %v: game %d, want %d with the same outcome", ok, g.Number, before.Number)
	}
	c2, mgr2, log2 := scriptCabinet(t, m2, "wait 2f\nspin\nwait idle 60s\ntake_win\nwait idle\nquit\n") // SPIN: the rest at once
	defer c2.s.Close()
	p, ok := c2.cur.(*slotscene.Play)
	if !ok {
		t.Fatalf("a game in progress starts on %T, not the play scene", c2.cur)
	}
	want, _ := json.Marshal(p.TL.Outcome)
	if p.Game != before.Number || !jsonSame(t, want, before.Outcome) {
		t.Fatalf("the screen shows game %d, want %d with the stored outcome", p.Game, before.Number)
	}
	step := m2.Status().Step
	if p.Shown != step || p.Tick != p.TL.StartOfUnit(step) || step < 1 {
		t.Fatalf("the screen starts at unit %d tick %d; the machine's next step is %d (tick %d)", p.Shown, p.Tick, step, p.TL.StartOfUnit(step))
	}
	if _, err := runUntilQuit(mgr2, 2000); err != nil {
		t.Fatalf("%v\n%s", err, log2)
	}
	var rc []meters.RecallEntry
	m2.View(func(v *meters.Snapshot) { rc = v.Recall() })
	if len(rc) != 1 || rc[0].Number != before.Number || rc[0].WinCents != p.TL.Outcome.Win {
		t.Fatalf("recall %+v, want game %d won %d", rc, before.Number, p.TL.Outcome.Win)
	}
	if st := m2.Status(); st.State == machine.GameInProgress {
		t.Errorf("the game did not end: %v", st.State)
	}
}

// jsonSame compares two JSON documents by value.
func jsonSame(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
