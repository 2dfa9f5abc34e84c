// Package qrpanel is the cashless wallet's QR panel over any scene of the
// cabinet (cashless.go): the cash-in code while the machine is idle with no
// credits (or on the development key) or reserved for its player (its scan is
// the player's way back; without the idle cash-out's note, which waits), and
// the cash-out code while a cash-out
// waits for the wallet, with the amount, the machine's asset number and id and
// the code's countdown; in attract mode a card at the right edge instead. In the
// last two minutes before the idle cash-out a banner counts down to the
// balance's return to the wallet.
//
// The codes come through WalletCodes (qr_codes.go), set by the cabinet's
// program (a wallet.Presenter over the machine's code issuer): the screen never
// holds the machine's key. A code is fetched off the frame loop (issuing one is
// a commit) and again 10 s before it expires. It never moves money.
package qrpanel
