package machine

import (
	"errors"
	"testing"

	"egm/jurisdiction"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
	"egm/tables/play"
	"egm/tables/threecard"
)

// progressiveBets is an Ante with the progressive side bet, in the profile's
// chips (scale 1 for euros, 500 for tenge).
func progressiveBets(cfg settings.Config, scale int64) *play.Bets {
	return &play.Bets{Spots: map[string]int64{play.SpotAnte: 1000 * scale, play.SpotProgressive: cfg.Tables.Progressive.StakeCents}}
}

// playProgressive plays a round with the side bet to its end; it returns the
// round and the machine's state after the end was shown.
func (r *rig) playProgressive(b *play.Bets) *play.Round {
	r.t.Helper()
	r.must(Input{Kind: InTableDeal, Title: play.ThreeCard, Table: b})
	for tr, _ := r.m.TableRound(); !tr.Done(); tr, _ = r.m.TableRound() {
		d, _ := play.Auto(tr)
		r.must(Input{Kind: InTableDecision, Decision: d})
	}
	tr, _ := r.m.TableRound()
	r.must(Input{Kind: InStepShown})
	if r.m.Status().State == HandpayLockup {
		r.must(Input{Kind: InAttendantKey})
	}
	return tr
}

func progressiveLine(t *testing.T, s play.Settlement) play.Line {
	t.Helper()
	for _, l := range s.Lines {
		if l.Bet == "Progressive" {
			return l
		}
	}
	t.Fatalf("no progressive line in %+v", s.Lines)
	return play.Line{}
}

// TestProgressivePoolGrowth plays rounds with the side bet in each profile and
// checks the pool to the minor unit after every round (the seed plus each
// stake's growth share, back to the seed after a top hand), the side bet's line
// in recall, its counters and the game's meters.
func TestProgressivePoolGrowth(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   settings.Config
		scale int64
		stake int64 // the fixed stake, minor units
		seed  int64
		grow  int64 // each stake's growth share
	}{
		{"EUR", settings.DefaultConfig(), 1, 100, 500_000, 15},
		{"KZT", settings.DefaultConfigFor(jurisdiction.KZ), 500, 50_000, 250_000_000, 7_500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.cfg.Tables.Progressive
			if p.StakeCents != tc.stake || p.SeedCents != tc.seed {
				t.Fatalf("the profile's pool: stake %d seed %d, want %d and %d", p.StakeCents, p.SeedCents, tc.stake, tc.seed)
			}
			r := newRig(t, tc.cfg, 23)
			if got := r.m.TableProgressive(); got.PoolCents != tc.seed || got.Side.Pool.Currency.Code != tc.name {
				t.Fatalf("before any stake: pool %d in %s, want the seed %d in %s", got.PoolCents, got.Side.Pool.Currency.Code, tc.seed, tc.name)
			}
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 400_000 * tc.scale})
			before := r.meters()
			const rounds = 120
			want := tc.seed
			var staked, returned, side, sideWon int64
			for i := 0; i < rounds; i++ {
				tr := r.playProgressive(progressiveBets(tc.cfg, tc.scale))
				want += tc.grow
				if tr.Pool != want {
					t.Fatalf("round %d carries the pool %d, want %d", i, tr.Pool, want)
				}
				deal, _, _ := tr.ThreeCardDeal()
				if threecard.ProgressiveHandOf(deal.Player) == threecard.ProgMiniRoyalSpades {
					want = tc.seed
				}
				if got := r.m.TableProgressive().PoolCents; got != want {
					t.Fatalf("after round %d the pool is %d, want %d", i, got, want)
				}
				if got := r.m.Status().ProgressivePoolCents; got != want { // what the table's sign shows
					t.Fatalf("after round %d the status shows the pool at %d, want %d", i, got, want)
				}
				s, _ := tr.Settle()
				l := progressiveLine(t, s)
				pays, _ := play.ProgressivePays(deal.Player, tc.stake, tr.Pool)
				if l.Staked != tc.stake || l.Returned != pays {
					t.Fatalf("round %d: progressive line %+v, the table pays %d", i, l, pays)
				}
				staked, returned, side, sideWon = staked+s.Staked, returned+s.Returned, side+l.Staked, sideWon+l.Returned
				if e := r.recall()[0]; e.BetCents != s.Staked || e.WinCents != s.Returned {
					t.Fatalf("recall: bet %d win %d, the round stakes %d and returns %d", e.BetCents, e.WinCents, s.Staked, s.Returned)
				}
			}
			after := r.meters()
			if got := after.Get(meters.CoinIn) - before.Get(meters.CoinIn); got != staked {
				t.Errorf("coin in grew by %d, the rounds staked %d", got, staked)
			}
			if got := after.Get(meters.CurrentCredits); got != 400_000*tc.scale-staked+returned {
				t.Errorf("credits %d, want %d", got, 400_000*tc.scale-staked+returned)
			}
			r.m.View(func(v *meters.Snapshot) {
				if got := v.Counter(CounterProgressiveIn); got != side || side != rounds*tc.stake {
					t.Errorf("progressive stakes counted %d, the rounds staked %d", got, side)
				}
				if got := v.Counter(CounterProgressiveGrowth); got != rounds*tc.grow {
					t.Errorf("pool growth counted %d, want %d", got, rounds*tc.grow)
				}
			})
			t.Logf("%d rounds: side bet staked %d, returned %d, pool %d", rounds, side, sideWon, want)
		})
	}
}

// TestProgressiveHands: the deals of given seeds hit the side bet's hands (the
// rig's first draw is the deal); each is paid by the table at the pool the round
// carries, the top hand takes the whole pool, by handpay above the limit, and
// the pool goes back to its seed in the deal's commit, so a power cut after the
// deal finds the pool reset and the round carrying what it pays.
func TestProgressiveHands(t *testing.T) {
	for _, tc := range []struct {
		name     string
		seed     uint64
		hand     threecard.ProgressiveHand
		pays     int64 // the side bet's return
		poolNext int64
	}{
		{"A-K-Q of spades: the pool", 10952, threecard.ProgMiniRoyalSpades, 500_015, 500_000},
		{"A-K-Q of diamonds: 500 for 1", 1827, threecard.ProgMiniRoyal, 50_000, 500_015},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := settings.DefaultConfig()
			r := newRig(t, cfg, tc.seed)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
			r.must(Input{Kind: InTableDeal, Title: play.ThreeCard, Table: progressiveBets(cfg, 1)})
			tr, _ := r.m.TableRound()
			deal, _, _ := tr.ThreeCardDeal()
			if h := threecard.ProgressiveHandOf(deal.Player); h != tc.hand {
				t.Fatalf("seed %d deals %v (%v), want %v: the rig's draws changed", tc.seed, deal.Player, h, tc.hand)
			}
			r.restart() // a power cut between the deal and the end of the hand
			if got := r.m.TableProgressive().PoolCents; got != tc.poolNext {
				t.Fatalf("after the cut the pool is %d, want %d", got, tc.poolNext)
			}
			tr, ok := r.m.TableRound()
			if !ok || tr.Pool != 500_015 {
				t.Fatalf("after the cut the round carries the pool %d (%v), want 500015", tr.Pool, ok)
			}
			r.must(Input{Kind: InTableDecision, Decision: play.PlayHand})
			tr, _ = r.m.TableRound()
			s, _ := tr.Settle()
			if l := progressiveLine(t, s); l.Returned != tc.pays {
				t.Fatalf("the side bet returns %d, want %d", l.Returned, tc.pays)
			}
			r.must(Input{Kind: InStepShown})
			st := r.m.Status()
			if s.Returned > cfg.HandpayLimitCents {
				if st.State != HandpayLockup || st.WinCents != s.Returned {
					t.Fatalf("%s with win %d, want the handpay lockup for %d", st.State, st.WinCents, s.Returned)
				}
				r.restart()
				r.must(Input{Kind: InAttendantKey})
				if got := r.meters().Get(meters.Handpay); got != s.Returned {
					t.Fatalf("handpay %d, the round returns %d", got, s.Returned)
				}
			} else if st.State != Idle {
				t.Fatalf("%s after a win of %d", st.State, s.Returned)
			}
			if got := r.m.TableProgressive().PoolCents; got != tc.poolNext {
				t.Fatalf("after the round the pool is %d, want %d", got, tc.poolNext)
			}
			var hits int64
			r.m.View(func(v *meters.Snapshot) { hits = v.Counter(CounterProgressiveHits) })
			if want := map[bool]int64{true: 1}[tc.hand == threecard.ProgMiniRoyalSpades]; hits != want {
				t.Fatalf("top hands counted %d, want %d", hits, want)
			}
		})
	}
}

func TestProgressiveRefusals(t *testing.T) {
	off := settings.DefaultConfig()
	off.Tables.Progressive.Enabled = false
	for _, tc := range []struct {
		name string
		cfg  settings.Config
		bets map[string]int64
		want refusal.Reason
	}{
		{"not the fixed stake", settings.DefaultConfig(), map[string]int64{play.SpotAnte: 1000, play.SpotProgressive: 200}, refusal.RefusedBet},
		{"without an Ante", settings.DefaultConfig(), map[string]int64{play.SpotPairPlus: 1000, play.SpotProgressive: 100}, refusal.RefusedBet},
		{"the side bet off", off, map[string]int64{play.SpotAnte: 1000, play.SpotProgressive: 100}, refusal.RefusedTitle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, tc.cfg, 3)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
			err := r.do(Input{Kind: InTableDeal, Title: play.ThreeCard, Table: &play.Bets{Spots: tc.bets}})
			var rf *refusal.Refusal
			if !errors.As(err, &rf) || rf.Reason != tc.want {
				t.Fatalf("%v, want a refusal for %s", err, tc.want)
			}
			if got := r.m.TableProgressive().PoolCents; got != tc.cfg.Tables.Progressive.SeedCents {
				t.Fatalf("a refused deal moved the pool to %d", got)
			}
			if got, offered := r.m.Status().ProgressivePoolCents, tc.cfg.Tables.Progressive.Enabled; offered != (got != 0) {
				t.Fatalf("the status shows the pool at %d with the side bet offered %v", got, offered)
			}
		})
	}
}
