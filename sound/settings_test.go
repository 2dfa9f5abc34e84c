package sound

import (
	"flag"
	"io"
	"strings"
	"testing"
)

func parse(t *testing.T, args ...string) Flags {
	t.Helper()
	var f Flags
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f.Register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f
}

// A bad value is an error naming it; the flags override the settings; Args give
// a screen the same settings back.
func TestSettingsFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sound", "loud"}, `--sound "loud"`},
		{[]string{"--volume", "1.5"}, "sound.volume 1.5"},
		{[]string{"--attract-sound", "noisy"}, `sound.attract "noisy"`},
	} {
		if _, err := parse(t, c.args...).Apply(DefaultSettings()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want …%s", c.args, err, c.want)
		}
	}
	got, err := parse(t, "--sound", "off", "--volume", "0.3", "--attract-sound", "full").Apply(DefaultSettings())
	if err != nil || !got.Off || got.Volume != 0.3 || got.Attract != "full" {
		t.Errorf("flags over the default: %+v %v", got, err)
	}
	if got, err := parse(t).Apply(DefaultSettings()); err != nil || got != DefaultSettings() {
		t.Errorf("no flags: %+v %v", got, err)
	}
	back, err := parse(t, got.Args()...).Apply(Settings{Volume: 0.1, Attract: "off", Off: true})
	if err != nil || back != got {
		t.Errorf("Args read back as %+v (%v), want %+v", back, err, got)
	}
}
