package reserve

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		minutes, most int
		ok            bool
	}{{1, 60, true}, {60, 60, true}, {30, 30, true}, {0, 60, false}, {-5, 60, false}, {61, 60, false}, {31, 30, false}} {
		err := Check(tc.minutes, tc.most)
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrLength)) {
			t.Errorf("Check(%d, %d) = %v", tc.minutes, tc.most, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "reserve: ") {
			t.Errorf("error without the package prefix: %v", err)
		}
	}
}

func TestLeft(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 30, 0, 500_000_000, time.UTC)
	r := New("w1", "staff", now, 45, 2500)
	if r.Length() != 45*time.Minute || !r.From.Equal(now.Truncate(time.Second)) {
		t.Fatalf("reservation %+v", r)
	}
	for _, tc := range []struct {
		at   time.Time
		left time.Duration
		over bool
	}{
		{r.From, 45 * time.Minute, false},
		{r.From.Add(44 * time.Minute), time.Minute, false},
		{r.Until, 0, true},
		{r.Until.Add(time.Hour), 0, true},
		{r.From.Add(-3 * time.Hour), 45 * time.Minute, false}, // a clock set backwards: never longer than granted
	} {
		if got := r.Left(tc.at); got != tc.left || r.Over(tc.at) != tc.over {
			t.Errorf("at %s: left %s over %v, want %s %v", tc.at, got, r.Over(tc.at), tc.left, tc.over)
		}
	}
	if d := r.EndDetail(EndStaff, "attendant key", r.From.Add(15*time.Minute)); !strings.Contains(d, "by staff (attendant key), 30m0s left") {
		t.Errorf("end detail %q", d)
	}
	if d := r.StartDetail(); !strings.Contains(d, "wallet w1") || !strings.Contains(d, "45 min") {
		t.Errorf("start detail %q", d)
	}
}
