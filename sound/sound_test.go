package sound

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/cues.golden")

// Every cue lasts what it should, is heard, never clips and has no NaN.
func TestCues(t *testing.T) {
	want := map[Cue][2]float64{ // seconds: at least, at most
		SpinLoop: {0.5, 0.5}, WinTick: {0.05, 0.1}, WinEnd: {0.4, 0.6}, WinEnd + 3: {2.5, 3},
		FreeGames: {1, 2}, LockSpin: {1, 2}, Jackpot: {2.5, 3.5}, Feature: {0.5, 1.2},
		CoinLock: {0.3, 0.6}, CardFlip: {0.1, 0.2}, GambleWin: {0.4, 0.8}, GambleLose: {0.4, 0.8},
		Alarm: {1, 1}, Click: {0.02, 0.05}, ReelStop: {0.15, 0.3},
	}
	all := All()
	if len(all) != int(Cues) { // every slot, the reel-stop and tier variants too, has its sound
		t.Errorf("%d cues have a sound, want %d", len(all), int(Cues))
	}
	for _, c := range all {
		s, err := Render(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(s)%Channels != 0 || len(s) == 0 {
			t.Fatalf("%v: %d samples", c, len(s))
		}
		d, _ := Duration(c)
		if w, ok := want[c]; ok && (d < w[0]-1e-9 || d > w[1]+1e-9) {
			t.Errorf("%v: %.3f s, want %.2f..%.2f", c, d, w[0], w[1])
		}
		var sum, peak float64
		for _, v := range s {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Fatalf("%v: %v in the samples", c, v)
			}
			sum += float64(v) * float64(v)
			peak = max(peak, math.Abs(float64(v)))
		}
		rms := math.Sqrt(sum / float64(len(s)))
		if peak > 0.9 {
			t.Errorf("%v: peak %.3f: too close to clipping", c, peak)
		}
		if rms < 0.02 {
			t.Errorf("%v: RMS %.4f: silent", c, rms)
		}
		if !strings.Contains(c.String(), " ") && c.String() == "" {
			t.Errorf("cue %d has no name", c)
		}
	}
	if _, err := Render(Cues); err == nil {
		t.Error("Render of an unknown cue: no error")
	}
	if Cue(2).Valid() == false || Cue(5).Valid() == false {
		t.Error("the reel stop variants are not cues")
	}
}

// A loop's last frame runs into its first as smoothly as its frames run into each
// other: no click where it repeats.
func TestLoopsAreSeamless(t *testing.T) {
	for _, c := range All() {
		if !c.Loops() {
			continue
		}
		s, _ := Render(c)
		n := len(s) / 2
		for ch := 0; ch < 2; ch++ {
			step := 0.0
			for i := 1; i < n; i++ {
				step = max(step, math.Abs(float64(s[2*i+ch]-s[2*(i-1)+ch])))
			}
			if j := math.Abs(float64(s[ch] - s[2*(n-1)+ch])); j > step*1.01 {
				t.Errorf("%v channel %d: jump %.4f at the loop point, largest step inside %.4f", c, ch, j, step)
			}
		}
	}
	if SpinLoop.Loops() == false || Alarm.Loops() == false || Jackpot.Loops() {
		t.Error("Loops: wrong cues")
	}
}

// A bigger win sounds bigger: its ticks are brighter (more zero crossings: higher
// and richer) and its closing chord longer.
func TestTiersGrow(t *testing.T) {
	zc := func(c Cue) float64 {
		s, _ := Render(c)
		n := 0
		for i := 2; i < len(s); i += 2 {
			if (s[i] >= 0) != (s[i-2] >= 0) {
				n++
			}
		}
		return float64(n) / float64(len(s)/2)
	}
	for tier := 1; tier < Tiers; tier++ {
		if zc(Tick(tier)) <= zc(Tick(tier-1)) {
			t.Errorf("tick of tier %d not brighter than tier %d", tier, tier-1)
		}
		a, _ := Duration(End(tier - 1))
		b, _ := Duration(End(tier))
		if b <= a {
			t.Errorf("closing chord of tier %d (%.2f s) not longer than tier %d (%.2f s)", tier, b, tier-1, a)
		}
	}
}

func TestTier(t *testing.T) {
	for _, c := range []struct {
		win, bet int64
		want     int
	}{{0, 100, TierSmall}, {499, 100, TierSmall}, {500, 100, TierMedium}, {1499, 100, TierMedium},
		{1500, 100, TierBig}, {4999, 100, TierBig}, {5000, 100, TierMega}, {10, 0, TierMedium}, {50, 0, TierMega}} {
		if got := Tier(c.win, c.bet); got != c.want {
			t.Errorf("Tier(%d, %d) = %d, want %d", c.win, c.bet, got, c.want)
		}
	}
	if Tick(-1) != WinTick || Tick(9) != WinTick+3 || End(2) != WinEnd+2 || Reel(7) != ReelStop+MaxReels-1 {
		t.Error("variant helpers out of range")
	}
}

// The same cue is the same samples every time it is computed (no hidden state),
// and the same bytes as the golden digests (do not edit testdata/cues.golden: run
// go test ./sound -update). Only amd64 is pinned: another architecture may fuse
// multiply-adds and round the last bit differently.
func TestDeterministic(t *testing.T) {
	var lines []string
	for _, c := range All() {
		a, b := render(c), render(c)
		if fmt.Sprint(sha256.Sum256(f32bytes(a))) != fmt.Sprint(sha256.Sum256(f32bytes(b))) {
			t.Errorf("%v: two renders differ", c)
		}
		lines = append(lines, fmt.Sprintf("%-16s %x", c, sha256.Sum256(f32bytes(a))))
	}
	got := "# Digests of every cue's float32 bytes. Do not edit: go test ./sound -update\n" + strings.Join(lines, "\n") + "\n"
	const golden = "testdata/cues.golden"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("cue samples changed; if intended, run go test ./sound -update\n got:\n%s", got)
	}
}

func f32bytes(s []float32) []byte {
	out := make([]byte, 0, 4*len(s))
	for _, v := range s {
		u := math.Float32bits(v)
		out = append(out, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
	}
	return out
}

// Bytes is the little-endian float32 encoding of the samples.
func TestBytes(t *testing.T) {
	s, _ := Render(Click)
	b, err := Bytes(Click)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(f32bytes(s)) {
		t.Error("Bytes is not the little-endian float32 of Render")
	}
}

func BenchmarkRenderAll(b *testing.B) {
	for b.Loop() {
		for _, c := range All() {
			render(c)
		}
	}
}
