package floor

import "testing"

func TestParseGameLink(t *testing.T) {
	good := []byte{14, 0x00, 0x26, 0x01, 0x00, 1, 0x03, 0, 0, 0, 1, 'R', 0, 0x00, 0x00}
	for _, tc := range []struct {
		name string
		data []byte
		want GameLink
		ok   bool
	}{
		{"good", good, GameLink{Game: 26, Group: 1, Levels: 3}, true},
		{"length", append([]byte{15}, good[1:]...), GameLink{}, false},
		{"short", []byte{9, 0, 1, 0, 0, 1, 3, 0, 0, 0}, GameLink{}, false},
		{"name cut", []byte{12, 0, 1, 0, 0, 1, 3, 0, 0, 0, 9, 0, 0}, GameLink{}, false},
		{"bad BCD", []byte{12, 0x0A, 0x01, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0}[:13], GameLink{}, false},
	} {
		got, err := parseGameLink(tc.data)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%s: %+v %v", tc.name, got, err)
		}
	}
	if !(GameLink{Group: ProgressiveGroup, Levels: 1}).Linked() || (GameLink{Group: 0, Levels: 1}).Linked() || (GameLink{Group: 1}).Linked() {
		t.Error("Linked")
	}
}

// FuzzParseGameLink: any bytes for a B5 reply never panic, and a game parsed fits
// its 2 BCD bytes.
func FuzzParseGameLink(f *testing.F) {
	f.Add([]byte{14, 0x00, 0x26, 0x01, 0x00, 1, 0x03, 0, 0, 0, 1, 'R', 0, 0x00, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := parseGameLink(b)
		if err == nil && (g.Game < 0 || g.Game > 9999) {
			t.Fatalf("game %d", g.Game)
		}
	})
}
