package reels

import (
	"math/big"
	"testing"
)

// TestAnalyzeMatchesBruteForce recomputes RTP, hit frequency and variance of the
// tiny games stop by stop with big.Rat and compares them exactly.
func TestAnalyzeMatchesBruteForce(t *testing.T) {
	for _, cfg := range tinyConfigs() {
		t.Run(cfg.Title, func(t *testing.T) {
			g := mustGame(t, cfg)
			a := g.Analyze(g.Base)
			sum, sq, hits := new(big.Rat), new(big.Rat), int64(0)
			lines := big.NewRat(int64(len(g.Lines)), 1)
			stops := make([]int, g.Reels)
			var w Window
			n := int64(0)
			for {
				SetStops(g.Base, stops, &w)
				x := new(big.Rat).Quo(big.NewRat(g.Evaluate(&w, nil).Total, 1), lines)
				sum.Add(sum, x)
				sq.Add(sq, new(big.Rat).Mul(x, x))
				if x.Sign() > 0 {
					hits++
				}
				n++
				r := g.Reels - 1
				for ; r >= 0; r-- {
					if stops[r]++; stops[r] < g.Base.Len(r) {
						break
					}
					stops[r] = 0
				}
				if r < 0 {
					break
				}
			}
			N := big.NewRat(n, 1)
			rtp := new(big.Rat).Quo(sum, N)
			m2 := new(big.Rat).Quo(sq, N)
			vari := new(big.Rat).Sub(m2, new(big.Rat).Mul(rtp, rtp))
			hf := big.NewRat(hits, n)
			for _, c := range []struct {
				name      string
				got, want *big.Rat
			}{{"rtp", a.RTP, rtp}, {"hit frequency", a.HitFrequency, hf}, {"variance", a.Variance, vari}} {
				if c.got.Cmp(c.want) != 0 {
					t.Errorf("%s = %s, want %s", c.name, c.got.FloatString(12), c.want.FloatString(12))
				}
			}
			if uint64(n) != a.Cycle {
				t.Errorf("cycle = %d, want %d", a.Cycle, n)
			}
			parts := new(big.Rat).Add(a.LineRTP, a.ScatterRTP)
			if parts.Cmp(a.RTP) != 0 {
				t.Errorf("line %s + scatter %s ≠ rtp %s", a.LineRTP.FloatString(9), a.ScatterRTP.FloatString(9), a.RTP.FloatString(9))
			}
			if a.RTP.Sign() == 0 || a.Variance.Sign() <= 0 {
				t.Errorf("degenerate fixture: rtp %s variance %s", a.RTP, a.Variance)
			}
		})
	}
}

func TestQuickRTPMatchesAnalyze(t *testing.T) {
	for _, cfg := range append(tinyConfigs(), testConfig(), typicalConfig(5, 4, 40, 30, 4)) {
		g := mustGame(t, cfg)
		a := g.Analyze(g.Base)
		rtp, lines, scat := g.QuickRTP(g.Base)
		if rtp.Cmp(a.RTP) != 0 || lines.Cmp(a.LineRTP) != 0 || scat.Cmp(a.ScatterRTP) != 0 {
			t.Errorf("%s: quick %s (%s + %s), analysis %s (%s + %s)", cfg.Title,
				rtp.FloatString(9), lines.FloatString(9), scat.FloatString(9),
				a.RTP.FloatString(9), a.LineRTP.FloatString(9), a.ScatterRTP.FloatString(9))
		}
	}
}
