package machine

import (
	"errors"
	"testing"

	"egm/machine/settings"
	"egm/meters"
)

func TestBonus(t *testing.T) {
	tests := []struct {
		name    string
		cents   int64
		tax     int
		handpay bool
	}{
		{"mystery under the limit", 850_000, 0, false},
		{"exactly the limit", 1_000_000, 1, false},
		{"over the limit: attendant", 1_150_000, 0, true},
		{"wager match", 500, 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 3)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 1_000})
			r.must(Input{Kind: InBonus, Cents: tc.cents, Tax: tc.tax})
			if got, err := r.m.BonusMeters(); err != nil || got[tc.tax] != tc.cents {
				t.Fatalf("bonus meters %v (%v), want %d (counted when accepted)", got, err, tc.cents)
			}
			if !r.hasEvent(EvBonus) {
				t.Fatal("no bonus event")
			}
			if tc.handpay {
				if s := r.m.Status(); s.State != HandpayLockup || s.CreditsCents != 1_000 {
					t.Fatalf("over the limit: %+v", s)
				}
				if err := r.do(Input{Kind: InBonus, Cents: 100}); !errors.Is(err, ErrRefused) {
					t.Fatalf("second bonus during the handpay: %v", err)
				}
				r.restart()
				if s := r.m.Status(); s.State != HandpayLockup {
					t.Fatalf("after restart: %+v", s)
				}
				r.must(Input{Kind: InAttendantKey})
				if got := r.meters().Get(meters.Handpay); got != tc.cents {
					t.Fatalf("handpay meter %d", got)
				}
				if s := r.m.Status(); s.State != Idle || s.CreditsCents != 1_000 || s.BonusCents != tc.cents {
					t.Fatalf("after the attendant: %+v", s)
				}
				return
			}
			s := r.m.Status()
			if s.State != Idle || s.CreditsCents != 1_000+tc.cents || s.BonusCents != tc.cents {
				t.Fatalf("credited: %+v", s)
			}
			if got := r.meters().Get(meters.WonToCredits); got != tc.cents {
				t.Fatalf("won to credits %d", got)
			}
		})
	}
}

func TestBonusRefusedDuringAGame(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 5)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
	r.must(Input{Kind: InSpin})
	for _, in := range []Input{{Kind: InBonus, Cents: 100}, {Kind: InBonus, Cents: -1}, {Kind: InBonus, Cents: 100, Tax: 3}} {
		if err := r.do(in); !errors.Is(err, ErrRefused) {
			t.Fatalf("%+v in a game: %v", in, err)
		}
	}
	if got, err := r.m.BonusMeters(); err != nil || got != [3]int64{} {
		t.Fatalf("a refused bonus was counted: %v (%v)", got, err)
	}
}
