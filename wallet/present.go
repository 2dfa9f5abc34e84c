package wallet

import (
	"crypto/ed25519"
	"fmt"
	"time"
)

// Code is one live code as the machine issued it: its id is the AFT transaction id
// the machine will accept for the transfer.
type Code struct {
	ID     string
	Kind   Kind
	Expiry time.Time
	Cents  int64 // CashOut: the balance
}

// Issuer is the machine's side that issues live one-time codes and keeps them in its
// critical memory (the machine's AFT engine).
type Issuer interface {
	Issue(kind Kind) (Code, error)
}

// IssuerFunc adapts a function to Issuer.
type IssuerFunc func(kind Kind) (Code, error)

// Issue implements Issuer.
func (f IssuerFunc) Issue(kind Kind) (Code, error) { return f(kind) }

// Presenter makes the QR text the machine shows: a live code from the Issuer, named
// with the machine's asset number and id, signed with the machine's key. The screen
// and `egm run --qr-png` get payloads from it and never see the key.
type Presenter struct {
	key       ed25519.PrivateKey
	asset     uint32
	machineID string
	issuer    Issuer
}

// NewPresenter binds the machine's key, its names and its code issuer.
func NewPresenter(key ed25519.PrivateKey, asset uint32, machineID string, issuer Issuer) (*Presenter, error) {
	if len(key) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("wallet: presenter: not an ed25519 private key")
	}
	if !printable(machineID, MaxMachineID) {
		return nil, fmt.Errorf("wallet: presenter: machine id %q must be 1..%d printable ASCII", machineID, MaxMachineID)
	}
	if issuer == nil {
		return nil, fmt.Errorf("wallet: presenter: no code issuer")
	}
	return &Presenter{key: key, asset: asset, machineID: machineID, issuer: issuer}, nil
}

// Present issues a live code of kind and returns its signed QR text and payload.
func (p *Presenter) Present(kind Kind) (string, Payload, error) {
	c, err := p.issuer.Issue(kind)
	if err != nil {
		return "", Payload{}, fmt.Errorf("wallet: %s code: %w", kind, err)
	}
	if c.Kind != kind {
		return "", Payload{}, fmt.Errorf("wallet: asked for a %s code, the machine issued a %s code", kind, c.Kind)
	}
	pl := Payload{Asset: p.asset, Machine: p.machineID, Kind: kind, Code: c.ID, Expiry: c.Expiry.Truncate(time.Second).UTC(), Cents: c.Cents}
	if kind == CashIn {
		pl.Cents = 0
	}
	text, err := Sign(p.key, pl)
	if err != nil {
		return "", Payload{}, err
	}
	return text, pl, nil
}

// PublicKey is the key the floor registers for this machine.
func (p *Presenter) PublicKey() ed25519.PublicKey { return p.key.Public().(ed25519.PublicKey) }
