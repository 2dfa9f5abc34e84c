package desk

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"egm/floor"
	"egm/sas"
	"egm/wallet"
)

// The wallet's buckets in the floor database.
var (
	bucketAccounts = []byte("wallet_accounts") // player → Account
	bucketMachines = []byte("wallet_machines") // asset (4 bytes, big-endian) → WalletMachine
	bucketCodes    = []byte("wallet_codes")    // asset (4) + code → UsedCode
	bucketJournal  = []byte("wallet_journal")  // sequence (8, big-endian) → Transfer
	bucketPending  = []byte("wallet_pending")  // sequence (8, big-endian) → asset (4): the journal's pending transfers
	bucketEvents   = []byte("wallet_events")   // sequence (8, big-endian) → WalletEvent
	bucketMeta     = []byte("wallet_meta")     // "funded" → int64 (8, big-endian)
	bucketAFTKeys  = []byte("wallet_aft_keys") // asset (4) → the AFT registration key (20 bytes)
	keyFunded      = []byte("funded")
)

// The wallet's refusals besides the payload's own (wallet.ErrMalformed, ErrForged,
// ErrExpired, ErrForeignMachine).
var (
	ErrReplayed      = errors.New("floor: wallet: code already used")
	ErrNotOwner      = errors.New("floor: wallet: the balance belongs to another wallet (R-CASH-3)")
	ErrFunds         = errors.New("floor: wallet: not enough funds in the wallet")
	ErrNoAccount     = errors.New("floor: wallet: no such player account")
	ErrUnresolved    = errors.New("floor: wallet: a transfer with this machine is still unresolved")
	ErrTransferState = errors.New("floor: wallet: transfer outcome unknown; it stays pending until the machine is interrogated")
)

// Direction is the way money moves.
type Direction string

// The directions.
const (
	DirIn  Direction = "in"  // wallet → machine (AFT type 00)
	DirOut Direction = "out" // machine → wallet (AFT type 80)
)

// WalletTransfer asks a machine to move money by AFT with TxID (the wallet code).
type WalletTransfer struct {
	Asset uint32
	Dir   Direction
	TxID  string
	Cents int64
}

// TransferOutcome is a transfer's final result on the machine.
type TransferOutcome struct {
	Done   bool   // the machine moved exactly Cents
	Reason string // why it did not (the AFT status)
}

// Transferer moves money by AFT. Transfer must be idempotent by TxID: asked again
// for the same TxID after any failure it interrogates the machine and reports that
// transfer's final result instead of moving money twice. An error means the result
// is not known (link down): the journal keeps the transfer pending.
type Transferer interface {
	Transfer(ctx context.Context, t WalletTransfer) (TransferOutcome, error)
}

// CreditsReader is what a Transferer may also do: read a machine's credits (AFT 74
// status). The wallet asks before another wallet pays in on a machine whose last
// cash-in was someone else's: only a machine whose balance is gone (played away)
// takes it (R-CASH-3).
type CreditsReader interface {
	Credits(ctx context.Context, asset uint32) (int64, error)
}

// Account is one player's wallet account.
type Account struct {
	Player string `json:"player"`
	Cents  int64  `json:"cents"`
	// Born is the date of birth (YYYY-MM-DD) from the identity document shown at
	// the desk: under 21, no cash-in (R-PLAYER-1, wallet_protect.go).
	Born string `json:"born,omitempty"`
}

// WalletMachine is a machine registered with the wallet: its key, and the money the
// wallet has put on it (committed in less committed out) and whose it is.
type WalletMachine struct {
	Asset    uint32 `json:"asset"`
	ID       string `json:"machine_id"`
	PubKey   string `json:"pubkey"` // wallet.PublicKeyText
	Cents    int64  `json:"cents"`
	Owner    string `json:"owner,omitempty"` // the last cash-in wallet: the balance returns to it
	InCents  int64  `json:"in_cents"`
	OutCents int64  `json:"out_cents"`
}

// Transfer states.
const (
	StatePending   = "pending"
	StateCommitted = "committed"
	StateRefused   = "refused"
)

// Transfer is one entry of the wallet's journal.
type Transfer struct {
	Seq      uint64    `json:"seq"`
	Dir      Direction `json:"dir"`
	Asset    uint32    `json:"asset"`
	Code     string    `json:"code"`
	Player   string    `json:"player"`
	Cents    int64     `json:"cents"`
	Idle     bool      `json:"idle,omitempty"`
	State    string    `json:"state"`
	Reason   string    `json:"reason,omitempty"`
	Created  time.Time `json:"created"`
	Resolved time.Time `json:"resolved,omitzero"`
}

// UsedCode marks a code spent (or being spent): a second scan is a replay.
type UsedCode struct {
	Asset  uint32    `json:"asset"`
	Player string    `json:"player"`
	Seq    uint64    `json:"seq"`
	Time   time.Time `json:"time"`
}

// WalletEvent is one line of the wallet's event log: transfers and refusals.
type WalletEvent struct {
	Time    time.Time `json:"time"`
	Kind    string    `json:"kind"` // cash_in, cash_out, refused, pending, resolved, aml, account, restriction, restricted
	Asset   uint32    `json:"asset,omitempty"`
	Player  string    `json:"player,omitempty"`
	Cents   int64     `json:"cents,omitempty"`
	Message string    `json:"message"`
}

// WalletOptions configure the wallet.
type WalletOptions struct {
	Now func() time.Time // the clock (time.Now)
	// AMLThresholdCents: a cash-in at or above it is logged for due diligence
	// (R-CASH-4; 0: 2,000.00 in the floor's currency).
	AMLThresholdCents int64
}

// Wallet is the floor's cashless wallet: player accounts, registered machines, the
// used codes and the journal of transfers, all in the floor database. One operation
// runs at a time.
type Wallet struct {
	st  *floor.Store
	db  walletDB // the wallet's records on st: bbolt or PostgreSQL
	aft Transferer
	opt WalletOptions
	mu  sync.Mutex
}

// OpenWallet opens the wallet's records in st (a bbolt file's buckets made, a
// PostgreSQL database's tables are its schema's). aft moves the money (nil:
// every transfer stays pending until SetTransferer).
func OpenWallet(st *floor.Store, aft Transferer, opt WalletOptions) (*Wallet, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.AMLThresholdCents <= 0 {
		opt.AMLThresholdCents = 2_000_00
	}
	var db walletDB
	if st.OnPostgres() {
		db = pgWallet{st}
	} else {
		b := boltWallet{st}
		if err := b.prepare(); err != nil {
			return nil, fmt.Errorf("floor: wallet: prepare: %w", err)
		}
		db = b
	}
	return &Wallet{st: st, db: db, aft: aft, opt: opt}, nil
}

// SetTransferer sets the AFT side.
func (w *Wallet) SetTransferer(aft Transferer) { w.mu.Lock(); w.aft = aft; w.mu.Unlock() }

func assetKey(a uint32) []byte { return binary.BigEndian.AppendUint32(nil, a) }

// seqKey is a big-endian sequence number: a bucket key in order (transfers, awards).
func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// logEvent appends to the wallet's event log inside tx.
func (w *Wallet) logEvent(tx walletTx, e WalletEvent) error {
	if e.Time.IsZero() {
		e.Time = w.opt.Now()
	}
	return tx.appendEvent(e)
}

func validPlayer(p string) error {
	if len(p) == 0 || len(p) > 64 {
		return fmt.Errorf("floor: wallet: player id must be 1..64 characters")
	}
	for i := 0; i < len(p); i++ {
		if p[i] < 0x21 || p[i] > 0x7E {
			return fmt.Errorf("floor: wallet: player id %q: printable ASCII without spaces only", p)
		}
	}
	return nil
}

// CreateAccount opens a player's account with a zero balance (an existing account
// is left as it is).
func (w *Wallet) CreateAccount(player string) error {
	if err := validPlayer(player); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.update(func(tx walletTx) error {
		if _, ok, err := tx.account(player); err != nil || ok {
			return err
		}
		if err := tx.putAccount(Account{Player: player}); err != nil {
			return err
		}
		return w.logEvent(tx, WalletEvent{Kind: "account", Player: player, Message: "account " + player + " opened"})
	})
}

// Fund adds money from outside the floor (the player's bank) to an account: the
// total the reconciliation expects grows by the same amount.
func (w *Wallet) Fund(player string, cents int64) error {
	if cents <= 0 || cents > wallet.MaxCents {
		return fmt.Errorf("floor: wallet: funding of %d cents outside 1..%d", cents, wallet.MaxCents)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.update(func(tx walletTx) error {
		a, ok, err := tx.account(player)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: %q", ErrNoAccount, player)
		}
		a.Cents += cents
		if err := tx.putAccount(a); err != nil {
			return err
		}
		if err := tx.addFunded(cents); err != nil {
			return err
		}
		return w.logEvent(tx, WalletEvent{Kind: "account", Player: player, Cents: cents,
			Message: fmt.Sprintf("account %s funded with %s", player, w.plain(cents))})
	})
}

// RegisterMachine records a machine's public key (wallet.PublicKeyText). A machine
// already registered keeps its balance; its key and id are replaced.
func (w *Wallet) RegisterMachine(asset uint32, machineID, pubText string) error {
	if _, err := wallet.ParsePublicKey(pubText); err != nil {
		return fmt.Errorf("floor: %w", err)
	}
	if machineID == "" || len(machineID) > wallet.MaxMachineID {
		return fmt.Errorf("floor: wallet: machine id must be 1..%d characters", wallet.MaxMachineID)
	}
	var k [sas.AFTKeyLen]byte // made before the transaction, which may run again
	if _, err := rand.Read(k[:]); err != nil {
		return fmt.Errorf("floor: wallet: AFT key: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.update(func(tx walletTx) error {
		m, _, err := tx.machine(asset)
		if err != nil {
			return err
		}
		m.Asset, m.ID, m.PubKey = asset, machineID, pubText
		if err := tx.putMachine(m); err != nil {
			return err
		}
		if old, err := tx.aftKey(asset); err != nil {
			return err
		} else if old == nil {
			if err := tx.putAFTKey(asset, k[:]); err != nil {
				return err
			}
		}
		return w.logEvent(tx, WalletEvent{Kind: "machine", Asset: asset, Message: fmt.Sprintf("machine %s (asset %d) registered", machineID, asset)})
	})
}

// AFTKey is the AFT registration key the floor keeps for a registered machine (made
// with crypto/rand when the machine is registered; never printed).
func (w *Wallet) AFTKey(asset uint32) ([sas.AFTKeyLen]byte, error) {
	var k [sas.AFTKeyLen]byte
	err := w.view(func(tx walletTx) error {
		b, err := tx.aftKey(asset)
		if err != nil {
			return err
		}
		if len(b) != sas.AFTKeyLen {
			return fmt.Errorf("%w: asset %d is not registered with this floor's wallet", wallet.ErrForeignMachine, asset)
		}
		copy(k[:], b)
		return nil
	})
	if err != nil {
		return k, fmt.Errorf("floor: %w", err)
	}
	return k, nil
}

// userError marks an error already worded for the operator.
type userError struct{ error }

func (e userError) Unwrap() error { return e.error }

// Accounts lists the player accounts.
func (w *Wallet) Accounts() ([]Account, error) {
	var out []Account
	err := w.view(func(tx walletTx) (err error) { out, err = tx.accounts(); return err })
	return out, err
}

// Account returns one player's account.
func (w *Wallet) Account(player string) (Account, error) {
	var a Account
	err := w.view(func(tx walletTx) error {
		var ok bool
		var err error
		a, ok, err = tx.account(player)
		if err == nil && !ok {
			err = fmt.Errorf("%w: %q", ErrNoAccount, player)
		}
		return err
	})
	return a, err
}

// Machines lists the registered machines.
func (w *Wallet) Machines() ([]WalletMachine, error) {
	var out []WalletMachine
	err := w.view(func(tx walletTx) (err error) { out, err = tx.machines(); return err })
	return out, err
}

// Journal lists every transfer in order.
func (w *Wallet) Journal() ([]Transfer, error) {
	var out []Transfer
	err := w.view(func(tx walletTx) (err error) { out, err = tx.journal(); return err })
	return out, err
}

// Events lists the wallet's event log in order.
func (w *Wallet) Events() ([]WalletEvent, error) {
	var out []WalletEvent
	err := w.view(func(tx walletTx) (err error) { out, err = tx.events(); return err })
	return out, err
}

func machinePub(m WalletMachine) (ed25519.PublicKey, error) { return wallet.ParsePublicKey(m.PubKey) }

// plain is an amount in the floor's currency as the wallet's messages print it
// ("12.50 EUR").
func (w *Wallet) plain(cents int64) string { return w.st.Currency().Plain(cents) }
