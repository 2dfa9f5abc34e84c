// Package qrscan reads a wallet code back from a picture: a phone's photo or a
// screenshot of the cabinet (DecodeQR, DecodePNG, DecodePNGFile), with the
// gozxing decoder tried in the four orientations.
//
// It is the scanner's side of the QR wallet, so it lives apart from package
// wallet: the cabinet draws codes (wallet.QRImage) and never reads one, and the
// cabinet's program must not link a QR decoder (`make lint` checks that egm and
// egm-screen link no gozxing). The floor's wallet desk (`egm-floor wallet scan`,
// `egm-floor wallet decode`) and the tests use it.
//
// # What it must not touch
//
// It returns the text it read and judges nothing: the payload's signature,
// expiry and amount are wallet.Parse's and the floor's.
package qrscan
