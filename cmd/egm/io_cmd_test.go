package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIOCommand(t *testing.T) {
	dir := t.TempDir()
	leds := filepath.Join(dir, "leds")
	os.MkdirAll(filepath.Join(leds, "lamp-spin"), 0o755)
	os.WriteFile(filepath.Join(leds, "lamp-spin", "brightness"), []byte("255\n"), 0o644)
	dev := filepath.Join(dir, "event0") // a plain file: it opens, but cannot say its levels
	os.WriteFile(dev, nil, 0o644)
	wiring := filepath.Join(dir, "wiring.json")
	os.WriteFile(wiring, []byte(`{"board":"test","devices":{"sw":"`+dev+`"},
		"inputs":[{"name":"main_door","device":"sw","type":"switch","code":0}],
		"lamps":[{"name":"spin","led":"lamp-spin"}]}`), 0o644)
	var out, errb bytes.Buffer
	if code := cmdIO([]string{"--state", dir, "--wiring", wiring, "--leds", leds}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"board test", "main_door", "unreadable", "lamp spin", "lit"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	if !strings.Contains(errb.String(), "cabinet: read the levels of") {
		t.Errorf("the device's fault not said: %s", errb.String())
	}
	os.WriteFile(wiring, []byte(`{"board":"test","inputs":[{"name":"coin_door"}]}`), 0o644)
	errb.Reset()
	if code := cmdIO([]string{"--state", dir, "--wiring", wiring}, &out, &errb); code == 0 || !strings.Contains(errb.String(), `unknown input name`) {
		t.Fatalf("a bad wiring file: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := cmdRun([]string{"--state", dir, "--wiring", wiring}, &out, &errb); code == 0 || !strings.Contains(errb.String(), `unknown input name`) {
		t.Fatalf("egm run with a bad wiring file: exit %d, %s", code, errb.String())
	}
}
