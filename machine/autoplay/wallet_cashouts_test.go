package autoplay

import (
	"context"
	"testing"
	"time"

	"egm/machine/aft"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// TestWalletCashouts: on a machine an AFT host registered, a wallet cashes in
// by AFT now and then; the player with WalletCashouts cashes such a balance out
// now and then and waits while the code is live; the wallet, taking every code
// it sees (the whole balance, by AFT), is paid each time, and the player plays
// all its games. Without it the player never shows a code there (nobody would
// scan it).
func TestWalletCashouts(t *testing.T) {
	const games = 800
	for _, on := range []bool{true, false} {
		cfg := settings.DefaultConfig()
		r := newRig(t, cfg, 41)
		key := [sas.AFTKeyLen]byte{9, 8, 7}
		if rep := r.m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: cfg.AssetNumber, Key: key, POSID: 1}); rep.Code != sas.AFTRegStatusRegistered {
			t.Fatalf("registration %02X", rep.Code)
		}
		ctx, cancel := context.WithCancel(context.Background())
		taken, codes := int64(0), 0
		done := make(chan struct{})
		g := rng.NewSeeded(3)
		go func() { // the wallet: cashes in now and then, takes each code it sees
			defer close(done)
			var in aft.Code // the cash-in code the player scanned, until it is used
			for ctx.Err() == nil {
				s := r.m.Status()
				if s.AFTCashout == nil && rng.Intn(g, 50) == 0 {
					if in.ID == "" {
						in, _ = r.m.IssueCode(aft.CodeCashIn)
					}
					rep := r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTFullOnly, Type: sas.AFTInHouseToMachine, Cashable: 5_000,
						Asset: cfg.AssetNumber, Key: key, ID: in.ID})
					r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogate})
					if rep.Status == sas.AFTStatusFull {
						in = aft.Code{}
					}
				}
				if c := s.AFTCashout; c != nil {
					codes++
					rep := r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTFullOnly, Type: sas.AFTInHouseToHost, Cashable: uint64(s.CreditsCents),
						Asset: cfg.AssetNumber, Key: key, ID: c.ID})
					if rep.Status == sas.AFTStatusFull {
						taken += s.CreditsCents
					}
					r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogate}) // acknowledged: the next may come
				}
				time.Sleep(time.Millisecond)
			}
		}()
		// A player's pace of 2 ms before each game: the wallet finds the machine idle.
		res, err := PlayContext(ctx, r.m, Options{Games: games, Seed: 5, WalletCashouts: on, GameTime: 2 * time.Millisecond})
		cancel()
		<-done
		if err != nil {
			t.Fatal(err)
		}
		if res.Games != games {
			t.Fatalf("wallet cash-outs %v: %d games played, want %d", on, res.Games, games)
		}
		var in, out int64
		r.m.View(func(s *meters.Snapshot) {
			in, out = s.Counters()[aft.CounterCashableIn], s.Counters()[aft.CounterCashableOut]
		})
		if in == 0 {
			t.Fatalf("wallet cash-outs %v: the wallet never cashed in", on)
		}
		if out != taken {
			t.Fatalf("wallet cash-outs %v: the machine's AFT cash-outs %d cents, the wallet took %d", on, out, taken)
		}
		if on && (res.Cashouts == 0 || taken == 0) {
			t.Fatalf("no cash-out to the wallet in %d games: %+v", games, res)
		}
		if !on && codes != 0 {
			t.Fatalf("without wallet cash-outs the player showed %d codes", codes)
		}
	}
}
