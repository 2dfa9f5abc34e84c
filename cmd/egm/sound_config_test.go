package main

import (
	"os"
	"strings"
	"testing"

	"egm/sound"
)

// The configuration file's sound key is read strictly.
func TestSoundConfig(t *testing.T) {
	c, err := loadConfig("", "")
	if err != nil || c.Sound != sound.DefaultSettings() {
		t.Fatalf("embedded default: %+v %v", c.Sound, err)
	}
	for _, bad := range []string{`{"state_dir":"x","sound":{"volume":2}}`, `{"state_dir":"x","sound":{"attract":"loud"}}`, `{"state_dir":"x","sound":{"mute":true}}`} {
		p := t.TempDir() + "/c.json"
		if err := os.WriteFile(p, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadConfig(p, ""); err == nil || !strings.Contains(err.Error(), "sound") && !strings.Contains(err.Error(), "mute") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
