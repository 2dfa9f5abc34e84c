package main

import (
	"crypto/ed25519"
	"errors"

	"egm/floor"
)

type ed25519PublicKey = ed25519.PublicKey

// newAFTTransferer moves the wallet's money with the floor's AFT client over p.
func newAFTTransferer(p *floor.Poller) (floor.Transferer, error) {
	_ = p
	return nil, errors.New("egm wallet: the floor's AFT client is not in this build yet: nothing was moved")
}
