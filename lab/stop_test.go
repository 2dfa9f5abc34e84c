package lab

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"egm/games"
	"egm/games/slot"
	"egm/rng"
	"egm/rng/battery"
	"egm/tables/play"
)

// TestContextStops: each long computation of the lab given a done context
// returns its error and what it had, without doing the work it was asked for
// (sizes that would take hours if the context were ignored).
func TestContextStops(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	par, err := ts[0].PAR()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Generator(1)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		run  func(ctx context.Context) (done int64, err error)
	}{
		{"Simulate", func(ctx context.Context) (int64, error) {
			r, err := SimulateContext(ctx, ts[0], par, 1<<50, 1, nil)
			return int64(r.Games), err
		}},
		{"RTPProof", func(ctx context.Context) (int64, error) {
			reps, err := RTPProofContext(ctx, ts[:1], []*slot.PAR{par}, 1<<50, 1, nil)
			return int64(len(reps)), err
		}},
		{"TablesProof", func(ctx context.Context) (int64, error) {
			reps, err := TablesProofContext(ctx, play.IDs(), 1<<50, 1, nil)
			return int64(len(reps)), err
		}},
		{"JackpotRTP", func(ctx context.Context) (int64, error) {
			r, err := JackpotRTPContext(ctx, rng.NewSeeded(1), 1, 1<<50, nil)
			return r.Games, err
		}},
		{"battery.RunContext", func(ctx context.Context) (int64, error) {
			r, err := battery.RunContext(ctx, rng.NewSeeded(1), 1<<40, nil)
			return int64(len(r.Tests)), err
		}},
		{"WriteStream", func(ctx context.Context) (int64, error) {
			var b bytes.Buffer
			err := WriteStreamContext(ctx, &b, g, 0)
			return int64(b.Len()), err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			done, err := tc.run(ctx)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			if done != 0 {
				t.Errorf("%d done after the stop, want 0", done)
			}
		})
	}
}
