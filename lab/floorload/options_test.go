package floorload

import (
	"strings"
	"testing"
	"time"
)

func TestOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		o   Options
		bad string
	}{
		{Quick(Options{}), ""},
		{Options{Machines: 60, Hosts: 3, Duration: 10 * time.Minute, DB: "postgres://egm@/egm?host=/tmp"}, ""},
		{Options{Machines: 3, Hosts: 1, Duration: time.Minute, DB: "bbolt:/tmp/floor.db"}, ""},
		{Options{Machines: 6, Hosts: 3, Duration: time.Minute, DB: "bbolt:/tmp/floor.db"}, "--hosts 1"},
		{Options{Machines: 128, Hosts: 3, Duration: time.Minute}, "1..127"},
		{Options{Machines: 2, Hosts: 3, Duration: time.Minute}, "--hosts must be 1..2"},
		{Options{Machines: 6, Hosts: 3, Duration: 5 * time.Second}, "at least 10s"},
	} {
		err := tc.o.Check()
		if (err == nil) != (tc.bad == "") || (err != nil && (!strings.Contains(err.Error(), tc.bad) || !strings.HasPrefix(err.Error(), "floorload: "))) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.bad)
		}
	}
	o := Quick(Options{})
	o.Check()
	if o.Machines != 6 || o.Hosts != 3 || o.Duration != time.Minute || o.Interval != 200*time.Millisecond || o.GameTime != 500*time.Millisecond || o.Window != "10:20" {
		t.Errorf("quick defaults %+v", o)
	}
}
