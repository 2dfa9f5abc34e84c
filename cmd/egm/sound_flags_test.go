package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The sound flags and the configuration's "sound" key: a bad value is an error
// naming it; the flags override the configuration.
func TestSoundSettings(t *testing.T) {
	for _, c := range []struct {
		f    soundFlags
		want string
	}{
		{soundFlags{sound: "loud", volume: -1}, `--sound "loud"`},
		{soundFlags{volume: 1.5}, "sound.volume 1.5"},
		{soundFlags{volume: -1, attract: "noisy"}, `sound.attract "noisy"`},
	} {
		if _, err := c.f.apply(defaultSound()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want …%s", c.f, err, c.want)
		}
	}
	got, err := soundFlags{sound: "off", volume: 0.3, attract: "full"}.apply(defaultSound())
	if err != nil || !got.Off || got.Volume != 0.3 || got.Attract != "full" {
		t.Errorf("flags over the default: %+v %v", got, err)
	}
	if got, err := (soundFlags{volume: -1}).apply(defaultSound()); err != nil || got != defaultSound() {
		t.Errorf("no flags: %+v %v", got, err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"demo", "--attract-sound", "noisy"}, &out, &errOut); code == 0 {
		t.Errorf("egm demo --attract-sound noisy: exit 0")
	}
}

// The configuration file's sound key is read strictly.
func TestSoundConfig(t *testing.T) {
	c, err := loadConfig("")
	if err != nil || c.Sound != defaultSound() {
		t.Fatalf("embedded default: %+v %v", c.Sound, err)
	}
	for _, bad := range []string{`{"state_dir":"x","sound":{"volume":2}}`, `{"state_dir":"x","sound":{"attract":"loud"}}`, `{"state_dir":"x","sound":{"mute":true}}`} {
		p := t.TempDir() + "/c.json"
		if err := os.WriteFile(p, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadConfig(p); err == nil || !strings.Contains(err.Error(), "sound") && !strings.Contains(err.Error(), "mute") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
