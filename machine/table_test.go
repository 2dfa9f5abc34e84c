package machine

import (
	"errors"
	"testing"

	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
	"egm/tables/play"
	"egm/tables/roulette"
)

func tableBets(game string) *play.Bets {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return &play.Bets{Roulette: []roulette.Bet{{Kind: roulette.Red, Stake: 500}, {Kind: roulette.Voisins, Stake: 900}}}
	case play.KindThreeCard:
		return &play.Bets{Spots: map[string]int64{play.SpotAnte: 1000, play.SpotPairPlus: 200, play.SpotPrime: 100}}
	case play.KindPuntoBanco:
		return &play.Bets{Spots: map[string]int64{"banker": 1000, "tie": 100, "bombay-6": 100}, Table: play.TableNoCommission}
	case play.KindBlackjack:
		return &play.Bets{Spots: map[string]int64{play.SpotMain: 1000, play.Spot21Plus3: 100, play.SpotPairs: 100}}
	}
	return &play.Bets{Spots: map[string]int64{play.SpotAnte: 1000, play.SpotTrips: 500}}
}

// playTable deals a round and plays it to its end with the house strategy, and
// returns its game number.
func (r *rig) playTable(game string) uint64 {
	r.t.Helper()
	r.must(Input{Kind: InTableDeal, Title: game, Table: tableBets(game)})
	n := r.m.Status().Game
	for {
		tr, ok := r.m.TableRound()
		if !ok {
			r.t.Fatal("no table round in progress")
		}
		if tr.Done() {
			break
		}
		d, err := play.Auto(tr)
		if err != nil {
			r.t.Fatal(err)
		}
		r.must(Input{Kind: InTableDecision, Decision: d})
	}
	r.must(Input{Kind: InStepShown, Step: 0})
	return n
}

// TestTableRounds plays rounds of every game and reconciles the money: the
// credits, coin in, won to credits and the game's own meters against the rounds'
// settlements rebuilt from recall.
func TestTableRounds(t *testing.T) {
	for _, game := range play.IDs() {
		t.Run(game, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 11)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 500_000})
			before := r.meters()
			var staked, returned int64
			for i := 0; i < 20; i++ {
				n := r.playTable(game)
				rc := r.recall()
				e := rc[0] // newest first
				if e.Number != n || e.Title != game {
					t.Fatalf("recall's last game is %d %s, want %d %s", e.Number, e.Title, n, game)
				}
				tr, err := TableRound(e.Outcome, e.Data)
				if err != nil {
					t.Fatalf("recall does not rebuild the round: %v", err)
				}
				s, err := tr.Settle()
				if err != nil {
					t.Fatal(err)
				}
				if e.BetCents != s.Staked || e.WinCents != s.Returned {
					t.Fatalf("recall: bet %d win %d, the round stakes %d and returns %d", e.BetCents, e.WinCents, s.Staked, s.Returned)
				}
				staked, returned = staked+s.Staked, returned+s.Returned
			}
			after := r.meters()
			if got := after.Get(meters.CoinIn) - before.Get(meters.CoinIn); got != staked {
				t.Errorf("coin in grew by %d, the rounds staked %d", got, staked)
			}
			if got := after.Get(meters.WonToCredits) - before.Get(meters.WonToCredits); got != returned {
				t.Errorf("won to credits grew by %d, the rounds returned %d", got, returned)
			}
			if got := after.Get(meters.CurrentCredits); got != 500_000-staked+returned {
				t.Errorf("credits %d, want %d", got, 500_000-staked+returned)
			}
			var gm meters.GameMeter
			r.m.View(func(v *meters.Snapshot) {
				for _, g := range v.Games() {
					if g.Title == game {
						gm = g
					}
				}
			})
			if gm.GamesPlayed != 20 || gm.CoinInCents != staked || gm.WonCents != returned {
				t.Errorf("the game's meter %+v, want 20 games, %d in, %d won", gm, staked, returned)
			}
		})
	}
}

// TestTableResume cuts the power after every commit of a hand and checks that the
// hand resumes with the same cards and decisions and ends as the uncut one.
func TestTableResume(t *testing.T) {
	for _, game := range []string{play.Blackjack, play.Holdem, play.ThreeCard, play.PuntoBanco} {
		t.Run(game, func(t *testing.T) {
			plain := newRig(t, settings.DefaultConfig(), 5)
			cut := newRig(t, settings.DefaultConfig(), 5)
			for _, r := range []*rig{plain, cut} {
				r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
			}
			for hand := 0; hand < 5; hand++ {
				plain.playTable(game)
				cut.must(Input{Kind: InTableDeal, Title: game, Table: tableBets(game)})
				for {
					before, _ := cut.m.TableRound()
					cut.restart()
					s := cut.m.Status()
					after, ok := cut.m.TableRound()
					if s.State != GameInProgress || !ok {
						t.Fatalf("after the cut: %s, round %v", s.State, ok)
					}
					if after.Deck != before.Deck || after.Pocket != before.Pocket || len(after.Decisions) != len(before.Decisions) {
						t.Fatalf("the hand changed across the cut: %v → %v", before.Decisions, after.Decisions)
					}
					if !hasTableOutput(cut.outs) {
						t.Fatal("no OutTable after the restart: the screen cannot show the hand")
					}
					if after.Done() {
						break
					}
					d, _ := play.Auto(after)
					cut.must(Input{Kind: InTableDecision, Decision: d})
				}
				cut.must(Input{Kind: InStepShown})
			}
			pm, cm := plain.meters(), cut.meters()
			for _, k := range []meters.Meter{meters.CoinIn, meters.WonToCredits, meters.CurrentCredits, meters.GamesPlayed} {
				if pm.Get(k) != cm.Get(k) {
					t.Errorf("%s: %d uncut, %d with cuts", k, pm.Get(k), cm.Get(k))
				}
			}
		})
	}
}

func hasTableOutput(outs []Output) bool {
	for _, o := range outs {
		if o.Kind == OutTable {
			return true
		}
	}
	return false
}

func TestTableRefusals(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.Tables.Roulette.Enabled = false
	r := newRig(t, cfg, 3)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 1500})
	refusedAs := func(name string, in Input, want refusal.Reason) {
		t.Helper()
		before := r.meters()
		err := r.do(in)
		var rf *refusal.Refusal
		if !errors.As(err, &rf) || rf.Reason != want {
			t.Errorf("%s: %v, want a refusal for %s", name, err, want)
		}
		if after := r.meters(); after.Get(meters.CoinIn) != before.Get(meters.CoinIn) || after.Get(meters.CurrentCredits) != before.Get(meters.CurrentCredits) {
			t.Errorf("%s: a refused input moved money", name)
		}
	}
	refusedAs("disabled game", Input{Kind: InTableDeal, Title: play.Roulette, Table: tableBets(play.Roulette)}, refusal.RefusedTitle)
	refusedAs("not a game", Input{Kind: InTableDeal, Title: "poker", Table: tableBets(play.Holdem)}, refusal.RefusedTitle)
	refusedAs("over the limit", Input{Kind: InTableDeal, Title: play.Blackjack, Table: &play.Bets{Spots: map[string]int64{play.SpotMain: 20_000}}}, refusal.RefusedBet)
	refusedAs("half a chip", Input{Kind: InTableDeal, Title: play.Blackjack, Table: &play.Bets{Spots: map[string]int64{play.SpotMain: 150}}}, refusal.RefusedBet)
	refusedAs("no Play money", Input{Kind: InTableDeal, Title: play.ThreeCard, Table: &play.Bets{Spots: map[string]int64{play.SpotAnte: 1000}}}, refusal.RefusedBalance)
	refusedAs("decision with no round", Input{Kind: InTableDecision, Decision: play.Hit}, refusal.RefusedState)
	r.must(Input{Kind: InTableDeal, Title: play.Holdem, Table: &play.Bets{Spots: map[string]int64{play.SpotAnte: 500}}})
	refusedAs("spin during a hand", Input{Kind: InSpin}, refusal.RefusedState)
	refusedAs("a street's wrong raise", Input{Kind: InTableDecision, Decision: play.Bet2x}, refusal.RefusedDecision)
	refusedAs("shown with decisions open", Input{Kind: InStepShown}, refusal.RefusedDecision)
	refusedAs("4x with 5 EUR left", Input{Kind: InTableDecision, Decision: play.Bet4x}, refusal.RefusedBalance)
	r.must(Input{Kind: InTableDecision, Decision: play.Check})
	r.must(Input{Kind: InTableDecision, Decision: play.Check})
	r.must(Input{Kind: InTableDecision, Decision: play.Bet1x})
	r.must(Input{Kind: InStepShown})
	if s := r.m.Status(); s.State != Idle {
		t.Fatalf("after the showdown: %s", s.State)
	}
}

// TestTableHandpay: a table win above the handpay limit locks the machine until
// the attendant pays it, like any win.
func TestTableHandpay(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 10_000
	cfg.Gamble.MaxWin = 10_000
	r := newRig(t, cfg, 9)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
	var bets []roulette.Bet
	for n := 0; n < roulette.Pockets; n++ {
		bets = append(bets, roulette.Bet{Kind: roulette.Straight, Numbers: []int{n}, Stake: 1000})
	}
	r.must(Input{Kind: InTableDeal, Title: play.Roulette, Table: &play.Bets{Roulette: bets}})
	r.must(Input{Kind: InStepShown})
	if s := r.m.Status(); s.State != HandpayLockup || s.WinCents != 36_000 {
		t.Fatalf("%s with win %d, want the handpay lockup for 360 EUR", s.State, s.WinCents)
	}
	r.restart()
	if s := r.m.Status(); s.State != HandpayLockup || s.WinCents != 36_000 {
		t.Fatalf("after a restart: %s with win %d", s.State, s.WinCents)
	}
	r.must(Input{Kind: InAttendantKey})
	ms := r.meters()
	if ms.Get(meters.Handpay) != 36_000 || ms.Get(meters.CurrentCredits) != 100_000-37_000 {
		t.Fatalf("handpay %d, credits %d", ms.Get(meters.Handpay), ms.Get(meters.CurrentCredits))
	}
}

// TestTableHandpayAfterDecisions: a hand with decisions that ends above the
// handpay limit keeps its decisions through the lockup and a power cut, and the
// attendant pays what the hand returns.
func TestTableHandpayAfterDecisions(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents, cfg.Gamble.MaxWin = 4_000, 4_000
	r := newRig(t, cfg, 17)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 900_000})
	for i := 0; i < 200; i++ {
		r.must(Input{Kind: InTableDeal, Title: play.Blackjack, Table: &play.Bets{Spots: map[string]int64{play.SpotMain: 10_000}}})
		for tr, _ := r.m.TableRound(); !tr.Done(); tr, _ = r.m.TableRound() {
			d, _ := play.Auto(tr)
			r.must(Input{Kind: InTableDecision, Decision: d})
		}
		tr, _ := r.m.TableRound()
		r.must(Input{Kind: InStepShown})
		if s := r.m.Status(); s.State != HandpayLockup || len(tr.Decisions) == 0 {
			if s.State == HandpayLockup {
				r.must(Input{Kind: InAttendantKey})
			}
			continue
		}
		want, _ := tr.Settle()
		r.restart()
		if s := r.m.Status(); s.State != HandpayLockup || s.WinCents != want.Returned {
			t.Fatalf("after a cut in the handpay: %s win %d, want the lockup for %d", s.State, s.WinCents, want.Returned)
		}
		before := r.meters().Get(meters.Handpay)
		r.must(Input{Kind: InAttendantKey})
		if got := r.meters().Get(meters.Handpay) - before; got != want.Returned {
			t.Fatalf("attendant paid %d, the hand returns %d", got, want.Returned)
		}
		if e := r.recall()[0]; e.BetCents != want.Staked {
			t.Fatalf("recall bet %d, the hand staked %d", e.BetCents, want.Staked)
		}
		return
	}
	t.Fatal("no hand with decisions ended in a handpay in 200 hands")
}
