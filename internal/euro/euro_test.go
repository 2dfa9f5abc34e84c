package euro

import "testing"

func TestPlainAndFormat(t *testing.T) {
	for _, tc := range []struct {
		cents        int64
		plain, group string
	}{
		{0, "0.00 EUR", "0.00 EUR"},
		{5, "0.05 EUR", "0.05 EUR"},
		{123450, "1234.50 EUR", "1,234.50 EUR"},
		{-150, "-1.50 EUR", "-1.50 EUR"},
	} {
		if got := Plain(tc.cents); got != tc.plain {
			t.Errorf("Plain(%d) = %q, want %q", tc.cents, got, tc.plain)
		}
		if got := Format(tc.cents); got != tc.group {
			t.Errorf("Format(%d) = %q, want %q", tc.cents, got, tc.group)
		}
	}
}
