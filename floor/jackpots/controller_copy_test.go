package jackpots

import (
	"reflect"
	"strings"
	"testing"

	"egm/jackpot"
)

// TestCopyController: a controller with machines, contributions, mystery awards
// and two hits in one game copied into a new one — from its bbolt file onto
// PostgreSQL, and into another bbolt file — answers every resend as the source
// did, shows the same levels, and refuses a second copy.
func TestCopyController(t *testing.T) {
	for _, to := range controllers {
		t.Run("bbolt→"+to.name, func(t *testing.T) {
			src, _ := controllers[0].open(t, 1)
			for _, m := range []string{"m1", "m2"} {
				if err := src.Register(m); err != nil {
					t.Fatal(err)
				}
			}
			var mystery jackpot.Receipt
			for g := uint64(1); g <= 120; g++ {
				r, err := src.Contribute([]string{"m1", "m2"}[g%2], g, 1_500)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Awards) > 0 {
					mystery = r
				}
			}
			if len(mystery.Awards) == 0 {
				t.Fatal("no mystery award to copy")
			}
			h0, err := src.HitAt("m2", 121, jackpot.Grand, 0)
			if err != nil {
				t.Fatal(err)
			}
			h1, err := src.HitAt("m2", 121, jackpot.Grand, 1)
			if err != nil {
				t.Fatal(err)
			}

			dst, _ := to.open(t, 7)
			if err := dst.CheckBlank(); err != nil {
				t.Fatalf("a new controller checked blank: %v", err)
			}
			if err := src.CheckBlank(); err == nil || !strings.Contains(err.Error(), "2 machines registered") {
				t.Fatalf("a controller with records checked blank: %v", err)
			}
			n, err := jackpot.Copy(src, dst)
			if err != nil {
				t.Fatal(err)
			}
			acc, err := src.Accounts()
			if err != nil {
				t.Fatal(err)
			}
			if n.Machines != 2 || n.Games != 120 || uint64(n.Awards) != acc.Awards {
				t.Fatalf("copied %+v, want 2 machines, 120 games, %d awards", n, acc.Awards)
			}
			if got, _ := dst.Accounts(); !reflect.DeepEqual(got, acc) {
				t.Fatalf("accounts %+v, want %+v", got, acc)
			}
			if err := dst.Check(); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(dst.Levels(), src.Levels()) {
				t.Fatalf("levels %+v, want %+v", dst.Levels(), src.Levels())
			}
			a := mystery.Awards[0]
			if r, err := dst.Contribute(a.Machine, a.Game, 1_500); err != nil || !r.Duplicate || !reflect.DeepEqual(r.Awards, mystery.Awards) {
				t.Fatalf("the mystery game resent to the copy: %+v %v, want %+v", r, err, mystery)
			}
			for i, h := range []jackpot.Award{h0, h1} {
				if got, err := dst.HitAt("m2", 121, jackpot.Grand, i); err != nil || got != h {
					t.Fatalf("hit %d resent to the copy: %+v %v, want %+v", i, got, err, h)
				}
			}
			srcLog, _ := src.Awards()
			dstLog, _ := dst.Awards()
			if !reflect.DeepEqual(dstLog, srcLog) {
				t.Fatalf("award log %+v, want %+v", dstLog, srcLog)
			}
			if _, err := jackpot.Copy(src, dst); err == nil {
				t.Fatal("a copy into a controller with records was accepted")
			}
		})
	}
}
