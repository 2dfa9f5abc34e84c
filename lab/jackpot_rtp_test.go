package lab

import (
	"bytes"
	"strings"
	"testing"

	"egm/rng"
)

// TestJackpotRTP is a short linked-play run (the lab runs `egm-lab jackpot-rtp
// --games 30000000`): every mystery award in its window, the levels' accounts
// exact, the measured jackpot return inside its interval around the PAR's.
func TestJackpotRTP(t *testing.T) {
	var seen int64
	r, err := JackpotRTP(rng.NewSeeded(7), 3, 400_000, func(n int64) { seen = n })
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() || r.Hits[2] == 0 || r.Games != 400_000 || seen != r.Games {
		t.Fatalf("%+v (progress %d)", r, seen)
	}
	// The PAR's jackpot return: 3% contributions plus Grand and Major at reset
	// (about 1.15% since a jackpot symbol also starts Lock & Spin).
	if r.Expected < 0.035 || r.Expected > 0.045 {
		t.Fatalf("PAR jackpot return %.4f", r.Expected)
	}
	var out bytes.Buffer
	r.Print(&out)
	for _, want := range []string{"linked play: 400000 games on 3 machines", "Grand", "mystery", "inside"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}
