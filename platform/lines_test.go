package platform

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/rng"
)

func openLinesMachine(t *testing.T) *machine.Machine {
	t.Helper()
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// Inputs as JSON lines in, outputs as JSON lines out, in order: a deposit's
// state, a game's outcome, and the refusals (an unknown input, a stray field) as
// error lines.
func TestServeLines(t *testing.T) {
	m := openLinesMachine(t)
	in := strings.NewReader(`{"kind":"deposit","wallet":"w1","cents":1000}
{"kind":"spin"}
{"kind":"fly"}
{"kind":"spin","colour":"red"}
`)
	var out bytes.Buffer
	if err := ServeLines(t.Context(), m, in, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{`"kind":"state"`, `"credits_cents":1000`, `"kind":"present"`, `unknown input \"fly\"`, `platform: input {\"kind\":\"spin\",\"colour\":\"red\"}`} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %s:\n%s", want, s)
		}
	}
	// Every line is one JSON object; the deposit's state comes before the game's.
	dep, present := -1, -1
	for n, l := range strings.Split(strings.TrimSpace(s), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %d %q: %v", n, l, err)
		}
		if dep < 0 && strings.Contains(l, `"credits_cents":1000`) {
			dep = n
		}
		if present < 0 && v["kind"] == "present" {
			present = n
		}
	}
	if dep < 0 || present < dep {
		t.Fatalf("deposit at line %d, game at line %d", dep, present)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("device gone") }

func TestServeLinesReadError(t *testing.T) {
	m := openLinesMachine(t)
	err := ServeLines(t.Context(), m, io.MultiReader(strings.NewReader("{\"kind\":\"tick\"}\n"), failingReader{}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "platform: reading inputs: device gone") {
		t.Fatalf("error %v", err)
	}
}

// A refused input's line carries the refusal's code, its state and the player's
// sentence, and its text ends without a space; a line that is no input carries
// only its error.
func TestServeLinesRefusalCodes(t *testing.T) {
	m := openLinesMachine(t)
	in := strings.NewReader(`{"kind":"take_win"}
{"kind":"cashout"}
{"kind":"select_title","title":"no-such-game"}
{"kind":"fly"}
`)
	var out bytes.Buffer
	if err := ServeLines(t.Context(), m, in, &out); err != nil {
		t.Fatal(err)
	}
	var errs []ErrorLine
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var e ErrorLine
		if json.Unmarshal([]byte(l), &e) == nil && e.Error != "" {
			errs = append(errs, e)
		}
	}
	want := []struct{ refused, state, text string }{
		{"state", "idle", "machine: input refused: take win in state idle"},
		{"no_credit", "", "cash-out with no balance"},
		{"title", "", "no-such-game"},
		{"", "", `unknown input "fly"`},
	}
	if len(errs) != len(want) {
		t.Fatalf("%d error lines, want %d:\n%s", len(errs), len(want), out.String())
	}
	for i, w := range want {
		e := errs[i]
		st := ""
		if e.State != nil {
			st = e.State.String()
		}
		if e.Refused != w.refused || st != w.state || !strings.Contains(e.Error, w.text) || strings.HasSuffix(e.Error, " ") || (w.refused != "") != (e.Msg != "") {
			t.Errorf("line %d: %+v (state %q), want refused %q state %q text %q", i, e, st, w.refused, w.state, w.text)
		}
		// the line read back is the refusal again, for a screen to word
		err := e.Err()
		msg, _, ok := refusal.PlayerMessage(err)
		if w.refused != "" && (!errors.Is(err, machine.ErrRefused) || !ok || msg != e.Msg || err.Error() != e.Error) {
			t.Errorf("line %d read back: %v (wire.Message %q %v), want the refusal %q", i, err, msg, ok, e.Msg)
		}
		if w.refused == "" && (errors.Is(err, machine.ErrRefused) || err == nil) {
			t.Errorf("line %d read back: %v, want a plain error", i, err)
		}
	}
}
