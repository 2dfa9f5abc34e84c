package floor

import (
	"testing"

	"egm/sas"
)

func TestParseJackpotReplies(t *testing.T) {
	hits := append([]byte{8, 1, 1, 2}, sas.AppendBCD(nil, 612_345, 5)...)
	g, hs, err := parseProgressiveHits(hits)
	if err != nil || g != 1 || len(hs) != 1 || hs[0] != (sas.ProgressiveHit{Level: 2, Cents: 612_345}) {
		t.Fatalf("87: %d %+v %v", g, hs, err)
	}
	for _, bad := range [][]byte{nil, {2, 1}, {2, 1, 1}, {8, 1, 1, 2, 0, 0, 0, 0, 0xAB}, append([]byte{9}, hits[1:]...)} {
		if _, _, err := parseProgressiveHits(bad); err == nil {
			t.Fatalf("87 % X accepted", bad)
		}
	}
	m := append([]byte{0, 0}, sas.AppendBCD(sas.AppendBCD(sas.AppendBCD(nil, 100, 4), 20, 4), 3, 4)...)
	if v, err := parseBonusMeters(m); err != nil || v != 123 {
		t.Fatalf("9A: %d %v", v, err)
	}
	m[5] = 0xFA
	if _, err := parseBonusMeters(m); err == nil {
		t.Fatal("9A with bad BCD accepted")
	}
	if _, err := parseBonusMeters(m[:13]); err == nil {
		t.Fatal("short 9A accepted")
	}
}

// FuzzJackpotReplies: any bytes for 87 and 9A replies never panic, and a parsed
// 87 holds as many hits as its count.
func FuzzJackpotReplies(f *testing.F) {
	f.Add([]byte{8, 1, 1, 2, 0, 0, 6, 0x12, 0x34})
	f.Add([]byte{0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, hs, err := parseProgressiveHits(b); err == nil && len(hs) != int(b[2]) {
			t.Fatalf("%d hits, count %d", len(hs), b[2])
		}
		parseBonusMeters(b)
	})
}
