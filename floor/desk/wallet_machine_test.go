package desk

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"sync"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/wallet"
)

// aftMachine is a real machine.Machine behind the AFT rules the wallet relies on, as
// the machine's AFT engine keeps them: it issues one-time codes, accepts a transfer
// in only with a live cash-in code and a transfer out only with the live cash-out
// code for the pending cash-out, and answers a resent transaction id with its
// recorded result. Faults: loseRequest drops the next requests before the machine
// sees them, loseReply drops the next replies after the machine acted.
type aftMachine struct {
	t     *testing.T
	m     *machine.Machine
	clock *machinetest.Clock
	key   ed25519.PrivateKey
	cfg   settings.Config

	// link is the machine's one AFT conversation at a time: a transaction id
	// asked for twice at once (two floor hosts) is acted on once, as the
	// machine's AFT engine does.
	link        sync.Mutex
	mu          sync.Mutex
	live        map[string]wallet.Payload
	done        map[string]TransferOutcome
	cashout     *machine.Cashout
	loseRequest int
	loseReply   int
	credits     *int64 // what Credits reports instead of the machine's balance
}

// Credits implements CreditsReader.
func (a *aftMachine) Credits(context.Context, uint32) (int64, error) {
	a.mu.Lock()
	over := a.credits
	a.mu.Unlock()
	if over != nil {
		return *over, nil
	}
	return a.m.Status().CreditsCents, nil
}

const testAFTWallet = "aft"

func newAFTMachine(t *testing.T, clock *machinetest.Clock) *aftMachine {
	t.Helper()
	cfg := settings.DefaultConfig()
	cfg.AssetNumber, cfg.MachineID = 1234, "EGM-1234"
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Clock: clock, Decider: machine.Seeded{G: rng.NewSeeded(7)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	a := &aftMachine{t: t, m: m, clock: clock, key: priv, cfg: cfg, live: map[string]wallet.Payload{}, done: map[string]TransferOutcome{}}
	m.Subscribe(func(o machine.Output) {
		if o.Kind == machine.OutCashoutRequest {
			a.mu.Lock()
			a.cashout = o.Cashout
			a.mu.Unlock()
		}
	})
	m.Handle(machine.Input{Kind: machine.InTick})
	return a
}

func (a *aftMachine) pub() string { return wallet.PublicKeyText(a.key.Public().(ed25519.PublicKey)) }

func newCode() string {
	var b [12]byte
	rand.Read(b[:])
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])[:20]
}

// issue makes a live code of kind and returns the QR text.
func (a *aftMachine) issue(kind wallet.Kind) string {
	a.t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	p := wallet.Payload{Asset: a.cfg.AssetNumber, Machine: a.cfg.MachineID, Kind: kind, Code: newCode(),
		Expiry: a.clock.Now().Add(2 * time.Minute).Truncate(time.Second)}
	if kind == wallet.CashOut {
		if a.cashout == nil {
			a.t.Fatal("no cash-out is pending on the machine")
		}
		p.Cents = a.cashout.Cents
	}
	s, err := wallet.Sign(a.key, p)
	if err != nil {
		a.t.Fatal(err)
	}
	a.live[p.Code] = p
	return s
}

// liveCode is the code of the live cash-out code (as the host learns it with 6A).
func (a *aftMachine) liveCashoutCode() (string, int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for c, p := range a.live {
		if p.Kind == wallet.CashOut {
			return c, p.Cents
		}
	}
	return "", 0
}

var errLinkDown = errors.New("sas: no reply (link down)")

func (a *aftMachine) Transfer(_ context.Context, t WalletTransfer) (TransferOutcome, error) {
	a.link.Lock()
	defer a.link.Unlock()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.loseRequest > 0 {
		a.loseRequest--
		return TransferOutcome{}, errLinkDown
	}
	if r, ok := a.done[t.TxID]; ok {
		return r, nil
	}
	r := a.act(t)
	a.done[t.TxID] = r
	delete(a.live, t.TxID)
	if a.loseReply > 0 {
		a.loseReply--
		return TransferOutcome{}, errLinkDown
	}
	return r, nil
}

func (a *aftMachine) act(t WalletTransfer) TransferOutcome {
	p, ok := a.live[t.TxID]
	switch {
	case t.Asset != a.cfg.AssetNumber:
		return TransferOutcome{Reason: "not this machine"}
	case !ok:
		return TransferOutcome{Reason: "no live code with this transaction id"}
	case !a.clock.Now().Before(p.Expiry):
		return TransferOutcome{Reason: "code expired"}
	}
	switch t.Dir {
	case DirIn:
		if p.Kind != wallet.CashIn {
			return TransferOutcome{Reason: "not a cash-in code"}
		}
		a.mu.Unlock()
		err := a.m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: testAFTWallet, Cents: t.Cents})
		a.mu.Lock()
		if err != nil {
			return TransferOutcome{Reason: err.Error()}
		}
	case DirOut:
		if p.Kind != wallet.CashOut || a.cashout == nil || a.cashout.Cents != t.Cents {
			return TransferOutcome{Reason: "no matching cash-out"}
		}
		id := a.cashout.ID
		a.cashout = nil
		a.mu.Unlock()
		err := a.m.Handle(machine.Input{Kind: machine.InCashoutConfirmed, CashoutID: id})
		a.mu.Lock()
		if err != nil {
			return TransferOutcome{Reason: err.Error()}
		}
	}
	return TransferOutcome{Done: true}
}

// money is what the machine's meters say about the wallet's money.
func (a *aftMachine) money() MachineMoney {
	var ms meters.Meters
	a.m.View(func(v *meters.Snapshot) { ms = v.Meters() })
	return MachineMoney{Asset: a.cfg.AssetNumber, In: ms.Get(meters.WalletIn), Out: ms.Get(meters.WalletOut), Credits: ms.Get(meters.CurrentCredits)}
}

// play plays n games at the current selection, presenting every step and taking
// every win (no gamble).
func (a *aftMachine) play(n int) {
	a.t.Helper()
	for range n {
		if err := a.m.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
			a.t.Fatalf("spin: %v", err)
		}
		for guard := 0; guard < 1000; guard++ {
			st := a.m.Status()
			var in machine.Input
			switch {
			case st.State == machine.GambleOffered:
				in = machine.Input{Kind: machine.InTakeWin}
			case st.State == machine.HandpayLockup:
				in = machine.Input{Kind: machine.InAttendantKey}
			case st.Game != 0:
				in = machine.Input{Kind: machine.InStepShown, Step: st.Step}
			default:
				guard = 1000
				continue
			}
			if err := a.m.Handle(in); err != nil {
				a.t.Fatalf("%s: %v", in.Kind, err)
			}
		}
	}
}
