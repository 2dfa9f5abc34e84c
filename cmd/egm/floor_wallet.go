package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"egm/floor"
	"egm/sas"
)

// floorWallet is `egm floor --wallet`: the cashless wallet in the floor's own
// process and database, its transfers sent over the same Poller (and sas.Host,
// which sends one poll at a time) the floor's loop polls each machine with. The
// loop links each machine (its asset from the AFT registration, 73 FF), resolves
// its pending transfers when linked and every recoverEvery, and answers a host
// cash-out request (6A) with the idle cash-out (Wallet.IdleReturn).
type floorWallet struct {
	w            *floor.Wallet
	aft          *floor.AFTTransferer
	recoverEvery time.Duration
	timeout      time.Duration // one wallet operation's time with a machine

	outMu  sync.Mutex
	stdout io.Writer

	mu       sync.Mutex
	machines map[byte]*walletLinkState // by SAS address
}

// walletLinkState is one machine as the wallet knows it.
type walletLinkState struct {
	p           *floor.Poller // the Poller the wallet's AFT is on (changes when the link is dialled again)
	asset       uint32
	lastRecover time.Time
	off         string // why the wallet cannot use this machine (said once)
	cashout     bool   // a 6A not yet answered (the link failed): asked again next cycle
}

func newFloorWallet(st *floor.Store, stdout io.Writer, recoverEvery time.Duration) (*floorWallet, error) {
	t := &floor.AFTTransferer{}
	w, err := floor.OpenWallet(st, t, floor.WalletOptions{})
	if err != nil {
		return nil, err
	}
	return &floorWallet{w: w, aft: t, recoverEvery: recoverEvery, timeout: 30 * time.Second,
		stdout: stdout, machines: map[byte]*walletLinkState{}}, nil
}

func (fw *floorWallet) say(format string, a ...any) {
	fw.outMu.Lock()
	defer fw.outMu.Unlock()
	fmt.Fprintf(fw.stdout, "wallet: "+format+"\n", a...)
}

// note keeps a host cash-out request (6A) among the exceptions just read for the
// wallet's next cycle with the machine, even if the rest of this poll cycle fails:
// the machine does not raise the same exception twice.
func (fw *floorWallet) note(fm *floorMachine, ex []floor.Exception) {
	for _, e := range ex {
		if e.Code != sas.ExAFTHostCashOut {
			continue
		}
		fw.mu.Lock()
		ls := fw.machines[fm.addr]
		if ls == nil {
			ls = &walletLinkState{}
			fw.machines[fm.addr] = ls
		}
		ls.cashout = true
		fw.mu.Unlock()
		return
	}
}

// link makes sure the wallet's AFT for the machine is on its current Poller, and
// returns the machine's asset (0: the wallet cannot use it, said once).
func (fw *floorWallet) link(ctx context.Context, fm *floorMachine) (uint32, *walletLinkState) {
	fw.mu.Lock()
	ls := fw.machines[fm.addr]
	if ls == nil {
		ls = &walletLinkState{}
		fw.machines[fm.addr] = ls
	}
	same := ls.p == fm.p && ls.asset != 0
	fw.mu.Unlock()
	if same {
		return ls.asset, ls
	}
	off := func(why string) (uint32, *walletLinkState) {
		if why != ls.off {
			fw.say("machine %d: %s", fm.addr, why)
		}
		fw.mu.Lock()
		ls.off, ls.p, ls.asset = why, nil, 0
		fw.mu.Unlock()
		return 0, ls
	}
	reg, err := (&floor.AFT{P: fm.p}).Registration(ctx)
	switch {
	case err != nil:
		return off(fmt.Sprintf("AFT registration unread (%v): no wallet transfers for now", err))
	case reg.Code != sas.AFTRegStatusRegistered:
		return off(fmt.Sprintf("not AFT-registered (status %02X): egm wallet register --connect … first", reg.Code))
	}
	key, err := fw.w.AFTKey(reg.Asset)
	if err != nil {
		return off(fmt.Sprintf("asset %d: %v", reg.Asset, err))
	}
	fw.aft.Add(&floor.AFT{P: fm.p, Asset: reg.Asset, Key: key, POSID: floorPOSID})
	fw.mu.Lock()
	ls.p, ls.asset, ls.off = fm.p, reg.Asset, ""
	fw.mu.Unlock()
	return reg.Asset, ls
}

// recoverLook bounds one recovery's wait for a machine's answer.
const recoverLook = 2 * time.Second

// cycle is the wallet's part of one poll cycle of a machine: link it, resolve its
// pending transfers (when linked, then every recoverEvery) and return an idle
// cash-out's balance on exception 6A. Its failures are said, never fatal to the
// floor: a transfer whose outcome is unknown stays pending for the next recovery.
func (fw *floorWallet) cycle(parent context.Context, fm *floorMachine) {
	ctx, cancel := context.WithTimeout(parent, fw.timeout)
	defer cancel()
	asset, ls := fw.link(ctx, fm)
	if asset == 0 {
		return
	}
	if now := time.Now(); now.Sub(ls.lastRecover) >= fw.recoverEvery {
		ls.lastRecover = now
		// A short look: a deposit held for due diligence stays pending for minutes,
		// and meanwhile the machine's polls and the other scans must go on.
		rctx, rcancel := context.WithTimeout(ctx, min(fw.recoverEvery, recoverLook))
		left, err := fw.w.RecoverMachine(rctx, asset)
		rcancel()
		if left > 0 || err != nil {
			fw.say("asset %d: %d transfer(s) still pending (%v)", asset, left, err)
		}
	}
	fw.mu.Lock()
	asked := ls.cashout
	fw.mu.Unlock()
	if !asked {
		return
	}
	// One answer per request: the machine raises one cash-out at a time. A failure
	// before the transfer was journaled (the link) leaves the request to the next
	// cycle; a journaled transfer whose outcome is unknown is the recovery's.
	t, err := fw.w.IdleReturn(ctx, asset)
	again := false
	defer func() { fw.mu.Lock(); ls.cashout = again; fw.mu.Unlock() }()
	switch {
	case errors.Is(err, floor.ErrNothingToReturn):
	case err != nil && t.Seq != 0 && t.State == floor.StateRefused:
		fw.say("asset %d: cash-out request: not an idle cash-out (%s): it waits for the player's scan of the cash-out code", asset, t.Reason)
	case err != nil && t.Seq == 0 && (strings.Contains(err.Error(), "could not be read") || errors.Is(err, floor.ErrUnresolved)):
		again = true
		fw.say("asset %d: cash-out request: %v; asked again next cycle", asset, err)
	case err != nil:
		fw.say("asset %d: cash-out request: %v", asset, err)
	default:
		a, _ := fw.w.Account(t.Player)
		fw.say("transfer %d: idle cash-out of %s on asset %d returned to %s (R-CASH-6); %s now has %s",
			t.Seq, euros(t.Cents), asset, t.Player, t.Player, euros(a.Cents))
	}
}

// money reads every linked machine's AFT meters and credits for a reconciliation.
func (fw *floorWallet) money() ([]floor.MachineMoney, error) {
	fw.mu.Lock()
	type linked struct {
		addr  byte
		p     *floor.Poller
		asset uint32
	}
	var ls []linked
	for addr, s := range fw.machines {
		if s.asset != 0 && s.p != nil {
			ls = append(ls, linked{addr, s.p, s.asset})
		}
	}
	fw.mu.Unlock()
	sort.Slice(ls, func(i, j int) bool { return ls[i].addr < ls[j].addr })
	var out []floor.MachineMoney
	for _, l := range ls {
		am, err := l.p.AFTMeters()
		if err != nil {
			return nil, fmt.Errorf("egm floor: reconcile: machine %d (asset %d): %w", l.addr, l.asset, err)
		}
		out = append(out, floor.MachineMoney{Asset: l.asset, In: int64(am.CashableIn), Out: int64(am.CashableOut), Credits: int64(am.Credits)})
	}
	return out, nil
}
