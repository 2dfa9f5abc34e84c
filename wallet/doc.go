// Package wallet is the machine's side of the cashless QR wallet (R-CASH): the QR
// payload a phone wallet scans to move money in or out, the machine's signing key,
// and the QR image itself.
//
// # What it owns
//
//   - The payload (payload.go): the machine it names (asset number and machine id),
//     the kind (cash-in or cash-out), the one-time code — which is the AFT
//     transaction id the machine accepts for the transfer — the expiry, and for a
//     cash-out the amount. Encoded as compact text, EGM1.<fields>.<signature>, signed
//     with the machine's own ed25519 key (sign.go). Parse is strict: one encoding per
//     payload, anything else is ErrMalformed.
//   - Verification (Signed.Verify, CheckMachine) with one error per refusal:
//     ErrMalformed, ErrForged (the signature is not the machine's), ErrExpired,
//     ErrForeignMachine (the payload names another machine than the one expected).
//   - The machine's key (key.go): LoadOrCreateKey keeps the private key in the state
//     directory with permissions 0600 and refuses a key file that others may read;
//     the public key is exported as text (wallet.pub, `egm wallet pubkey`) for the
//     floor to register. The private key is never printed nor logged.
//   - The QR image (qr.go): the payload drawn as a QR code (go-qrcode) to PNG or to an
//     image.Image for the screen; decoded back by wallet/qrscan (gozxing) for the floor's scanner
//     and the tests.
//   - The QR files (qrfiles.go): QRFiles keeps a machine's live codes as
//     cashin.png and cashout.png for a machine without a screen (`egm run
//     --headless --qr-png DIR`), from the live codes it is handed (the machine
//     binds them in platform); Decode (decoded.go) reads a payload without a key
//     for `egm-floor wallet decode`.
//   - The one-time code's ID (codeid.go): NewCodeID returns CodeLen characters: an
//     optional prefix, then symbols of CodeAlphabet from crypto/rand; the machine's codes
//     and the floor's own transaction ids ("H…") are made by it.
//
// # What it must not touch
//
// It moves no money: the machine keeps its balance and its live codes (machine/),
// the floor keeps the players' accounts and journals the transfers (floor/wallet*.go),
// and the money moves by SAS AFT only. It imports no Ebiten (the screen draws the
// image.Image this package returns) and nothing from machine/ or floor/.
package wallet
