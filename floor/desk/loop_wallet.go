package desk

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"egm/floor"
	"egm/sas"
)

// POSID is the floor's point-of-sale id in its AFT registrations.
const POSID = 1

// WalletLoop is the cashless wallet in the floor loop's own process and database
// (egm-floor run --wallet), its transfers sent over the same Poller (and sas.Host,
// which sends one poll at a time) the loop polls each machine with. Each cycle
// links the machine (its asset from the AFT registration, 73 FF), resolves its
// pending transfers when linked and every RecoverEvery, and answers a host
// cash-out request (6A) with the idle cash-out (Wallet.IdleReturn).
type WalletLoop struct {
	W            *Wallet
	RecoverEvery time.Duration
	Timeout      time.Duration // one wallet operation's time with a machine

	aft   *AFTTransferer
	logMu sync.Mutex
	log   func(string)

	mu       sync.Mutex
	machines map[byte]*walletLink // by SAS address
}

// walletLink is one machine as the wallet knows it.
type walletLink struct {
	p           *floor.Poller // the Poller the wallet's AFT is on (changes when the link is dialled again)
	asset       uint32
	lastRecover time.Time
	off         string // why the wallet cannot use this machine (said once)
	cashout     bool   // a 6A not yet answered (the link failed): asked again next cycle
}

// NewWalletLoop opens the wallet in st for the loop. log receives one line per
// transfer, refusal and change of a machine's link (nil: none); a machine linked
// says "machine N linked as asset A".
func NewWalletLoop(st *floor.Store, recoverEvery time.Duration, log func(string)) (*WalletLoop, error) {
	t := &AFTTransferer{}
	w, err := OpenWallet(st, t, WalletOptions{})
	if err != nil {
		return nil, err
	}
	return &WalletLoop{W: w, aft: t, RecoverEvery: recoverEvery, Timeout: 30 * time.Second,
		log: log, machines: map[byte]*walletLink{}}, nil
}

func (wl *WalletLoop) say(format string, a ...any) {
	if wl.log == nil {
		return
	}
	wl.logMu.Lock()
	defer wl.logMu.Unlock()
	wl.log(fmt.Sprintf(format, a...))
}

func (wl *WalletLoop) linkOf(addr byte) *walletLink {
	ls := wl.machines[addr]
	if ls == nil {
		ls = &walletLink{}
		wl.machines[addr] = ls
	}
	return ls
}

// Note keeps a host cash-out request (6A) among the exceptions just read for the
// wallet's next cycle with the machine, even if the rest of this poll cycle fails:
// the machine does not raise the same exception twice (floor.WalletHook; a nil
// *WalletLoop does nothing).
func (wl *WalletLoop) Note(m *floor.Machine, ex []floor.Exception) {
	if wl == nil {
		return
	}
	for _, e := range ex {
		if e.Code == sas.ExAFTHostCashOut {
			wl.mu.Lock()
			wl.linkOf(m.Num).cashout = true
			wl.mu.Unlock()
			return
		}
	}
}

// link makes sure the wallet's AFT for the machine is on its current Poller, and
// returns the machine's asset (0: the wallet cannot use it, said once).
func (wl *WalletLoop) link(ctx context.Context, m *floor.Machine) (uint32, *walletLink) {
	wl.mu.Lock()
	ls := wl.linkOf(m.Num)
	same := ls.p == m.Poller() && ls.asset != 0
	wl.mu.Unlock()
	if same {
		return ls.asset, ls
	}
	off := func(why string) (uint32, *walletLink) {
		if why != ls.off {
			wl.say("machine %d: %s", m.Num, why)
		}
		wl.mu.Lock()
		ls.off, ls.p, ls.asset = why, nil, 0
		wl.mu.Unlock()
		return 0, ls
	}
	reg, err := (&floor.AFT{P: m.Poller()}).Registration(ctx)
	switch {
	case err != nil:
		return off(fmt.Sprintf("AFT registration unread (%v): no wallet transfers for now", err))
	case reg.Code != sas.AFTRegStatusRegistered:
		return off(fmt.Sprintf("not AFT-registered (status %02X): egm-floor wallet register --connect … first", reg.Code))
	}
	key, err := wl.W.AFTKey(reg.Asset)
	if err != nil {
		return off(fmt.Sprintf("asset %d: %v", reg.Asset, err))
	}
	wl.aft.Add(&floor.AFT{P: m.Poller(), Asset: reg.Asset, Key: key, POSID: POSID})
	wl.mu.Lock()
	ls.p, ls.asset, ls.off = m.Poller(), reg.Asset, ""
	wl.mu.Unlock()
	wl.say("machine %d linked as asset %d", m.Num, reg.Asset)
	return reg.Asset, ls
}

// recoverLook bounds one recovery's wait for a machine's answer.
const recoverLook = 2 * time.Second

// Cycle is the wallet's part of one poll cycle of a machine: link it, resolve its
// pending transfers (when linked, then every RecoverEvery) and return an idle
// cash-out's balance on exception 6A. Its failures are said, never fatal to the
// floor: a transfer whose outcome is unknown stays pending for the next recovery
// (floor.WalletHook; a nil *WalletLoop does nothing).
func (wl *WalletLoop) Cycle(parent context.Context, m *floor.Machine) {
	if wl == nil {
		return
	}
	ctx, cancel := context.WithTimeout(parent, wl.Timeout)
	defer cancel()
	asset, ls := wl.link(ctx, m)
	if asset == 0 {
		return
	}
	if now := time.Now(); now.Sub(ls.lastRecover) >= wl.RecoverEvery {
		ls.lastRecover = now
		// A short look: a deposit held for due diligence stays pending for minutes,
		// and meanwhile the machine's polls and the other scans must go on.
		rctx, rcancel := context.WithTimeout(ctx, min(wl.RecoverEvery, recoverLook))
		left, err := wl.W.RecoverMachine(rctx, asset)
		rcancel()
		if left > 0 || err != nil {
			wl.say("asset %d: %d transfer(s) still pending (%v)", asset, left, err)
		}
	}
	wl.mu.Lock()
	asked := ls.cashout
	wl.mu.Unlock()
	if !asked {
		return
	}
	// One answer per request: the machine raises one cash-out at a time. A failure
	// before the transfer was journaled (the link) leaves the request to the next
	// cycle; a journaled transfer whose outcome is unknown is the recovery's.
	t, err := wl.W.IdleReturn(ctx, asset)
	again := false
	defer func() { wl.mu.Lock(); ls.cashout = again; wl.mu.Unlock() }()
	switch {
	case errors.Is(err, ErrNothingToReturn):
	case err != nil && t.Seq != 0 && t.State == StateRefused:
		wl.say("asset %d: cash-out request: not an idle cash-out (%s): it waits for the player's scan of the cash-out code", asset, t.Reason)
	case err != nil && t.Seq == 0 && (errors.Is(err, ErrCreditsUnread) || errors.Is(err, ErrUnresolved)):
		again = true
		wl.say("asset %d: cash-out request: %v; asked again next cycle", asset, err)
	case err != nil:
		wl.say("asset %d: cash-out request: %v", asset, err)
	default:
		a, _ := wl.W.Account(t.Player)
		wl.say("transfer %d: idle cash-out of %s on asset %d returned to %s (R-CASH-6); %s now has %s",
			t.Seq, wl.W.plain(t.Cents), asset, t.Player, t.Player, wl.W.plain(a.Cents))
	}
}

// Money reads every linked machine's AFT meters and credits for a reconciliation.
func (wl *WalletLoop) Money() ([]MachineMoney, error) {
	type linked struct {
		addr  byte
		p     *floor.Poller
		asset uint32
	}
	var ls []linked
	wl.mu.Lock()
	for addr, s := range wl.machines {
		if s.asset != 0 && s.p != nil {
			ls = append(ls, linked{addr, s.p, s.asset})
		}
	}
	wl.mu.Unlock()
	sort.Slice(ls, func(i, j int) bool { return ls[i].addr < ls[j].addr })
	var out []MachineMoney
	for _, l := range ls {
		mm, err := MoneyOver(l.p, l.asset)
		if err != nil {
			return nil, fmt.Errorf("floor: reconcile: machine %d (asset %d): %w", l.addr, l.asset, err)
		}
		out = append(out, mm)
	}
	return out, nil
}

var _ floor.WalletHook = (*WalletLoop)(nil)
