package battery

import (
	"math"
	"testing"
)

func TestChiSquareP(t *testing.T) {
	// Reference values from standard chi-square tables.
	tests := []struct {
		stat float64
		df   int
		want float64
	}{
		{3.841459, 1, 0.05},
		{6.634897, 1, 0.01},
		{18.307038, 10, 0.05},
		{23.209251, 10, 0.01},
		{310.457388, 255, 0.01},
		{255, 255, 0.4883}, // near the median
		{0, 5, 1},
	}
	for _, tc := range tests {
		got := ChiSquareP(tc.stat, tc.df)
		if math.Abs(got-tc.want) > 5e-4 {
			t.Errorf("P(X²_%d ≥ %g) = %.6f, want %.4f", tc.df, tc.stat, got, tc.want)
		}
	}
}

func TestNormalTwoSided(t *testing.T) {
	if p := NormalTwoSidedP(2.5758293); math.Abs(p-0.01) > 1e-6 {
		t.Fatalf("P(|Z| ≥ 2.576) = %g", p)
	}
	if p := NormalTwoSidedP(0); p != 1 {
		t.Fatalf("P(|Z| ≥ 0) = %g", p)
	}
}

func TestAllowedFailures(t *testing.T) {
	tests := []struct{ m, want int }{{1, 0}, {10, 1}, {25, 2}, {100, 4}}
	for _, tc := range tests {
		if got := AllowedFailures(tc.m, 0.01); got != tc.want {
			t.Errorf("AllowedFailures(%d) = %d, want %d", tc.m, got, tc.want)
		}
	}
}
