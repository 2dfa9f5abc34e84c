package cabinet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultWiring(t *testing.T) {
	w := DefaultWiring()
	if w.None() || len(w.Inputs) == 0 || len(w.Lamps) == 0 {
		t.Fatalf("default wiring %+v", w)
	}
	for _, door := range []string{"main_door", "logic_door", "belly_door", "attendant_key", "operator_key"} {
		found := false
		for _, in := range w.Inputs {
			found = found || in.Name == door
		}
		if !found {
			t.Errorf("the default wiring has no %s", door)
		}
	}
}

func TestWiringErrors(t *testing.T) {
	const devs = `"devices":{"sw":"gpio-keys"}`
	cases := []struct {
		name, json, err string
	}{
		{"ok", `{"board":"b",` + devs + `,"inputs":[{"name":"main_door","device":"sw","type":"switch","code":0,"active":"low","debounce_ms":20,"latch":1}],"lamps":[{"name":"spin","led":"lamp0"}]}`, ""},
		{"none", `{"board":"none"}`, ""},
		{"not json", `{"board":`, "cabinet: wiring file"},
		{"unknown field", `{"board":"b","colour":1}`, `unknown field "colour"`},
		{"two values", `{"board":"b"}{}`, "more than one JSON value"},
		{"no board", `{"inputs":[]}`, "no board name"},
		{"none with inputs", `{"board":"none",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1}]}`, `board "none" wires no input`},
		{"unknown name", `{"board":"b",` + devs + `,"inputs":[{"name":"cashbox_door","device":"sw","type":"switch","code":0}]}`, `input 1 ("cashbox_door"): unknown input name`},
		{"wired twice", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1},{"name":"spin","device":"sw","type":"key","code":2}]}`, `input 2 ("spin"): wired twice`},
		{"duplicate code", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1},{"name":"help","device":"sw","type":"key","code":1}]}`, `code 1 of device "sw" is already "spin"`},
		{"same code other type", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1},{"name":"main_door","device":"sw","type":"switch","code":1}]}`, ""},
		{"missing device", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"deck","type":"key","code":1}]}`, `device "deck" is not among the devices`},
		{"empty device", `{"board":"b","devices":{"sw":" "}}`, `device "sw" has no path or name`},
		{"bad type", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"rel","code":1}]}`, `type "rel"`},
		{"bad active", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1,"active":"1"}]}`, `active "1"`},
		{"negative debounce", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1,"debounce_ms":-5}]}`, "debounce -5 ms outside 0..1000"},
		{"long debounce", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1,"debounce_ms":5000}]}`, "debounce 5000 ms"},
		{"switch code too big", `{"board":"b",` + devs + `,"inputs":[{"name":"main_door","device":"sw","type":"switch","code":17}]}`, "above the largest switch code 16"},
		{"key code too big", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":800}]}`, "above the largest key code 767"},
		{"latch on a button", `{"board":"b",` + devs + `,"inputs":[{"name":"spin","device":"sw","type":"key","code":1,"latch":2}]}`, "only a door has a latch"},
		{"latch on a wired code", `{"board":"b",` + devs + `,"inputs":[{"name":"main_door","device":"sw","type":"switch","code":0,"latch":0}]}`, `latch code 0 of device "sw" is already "main_door"`},
		{"unknown lamp", `{"board":"b","lamps":[{"name":"tower_blue","led":"x"}]}`, `lamp 1 ("tower_blue"): unknown lamp name`},
		{"lamp twice", `{"board":"b","lamps":[{"name":"spin","led":"x"},{"name":"spin","led":"y"}]}`, "wired twice"},
		{"led shared", `{"board":"b","lamps":[{"name":"spin","led":"x"},{"name":"help","led":"x"}]}`, `LED "x" is already "spin"`},
		{"led path", `{"board":"b","lamps":[{"name":"spin","led":"../x"}]}`, "is not a name under /sys/class/leds"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseWiring([]byte(c.json))
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error %v, want %q", err, c.err)
			case err != nil && !strings.HasPrefix(err.Error(), "cabinet: "):
				t.Fatalf("error without the package prefix: %v", err)
			}
		})
	}
}

func TestLoadWiring(t *testing.T) {
	for _, p := range []string{"", "none"} {
		if w, err := LoadWiring(p); err != nil || !w.None() {
			t.Fatalf("%q: %+v %v", p, w, err)
		}
	}
	if w, err := LoadWiring("default"); err != nil || w.Board != DefaultWiring().Board {
		t.Fatalf("default: %v", err)
	}
	if _, err := LoadWiring(filepath.Join(t.TempDir(), "absent.json")); err == nil || !strings.Contains(err.Error(), "cabinet: wiring file") {
		t.Fatalf("absent file: %v", err)
	}
	p := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(p, []byte(`{"board":"b","lamps":[{"name":"spin","led":""}]}`), 0o644)
	if _, err := LoadWiring(p); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("a bad file's error names it: %v", err)
	}
}
