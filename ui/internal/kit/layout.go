//go:build cgo && !noscreen

package kit

import "egm/ui/internal/paint"

// The QR panel's column on the 1920×1080 screen, centred over the reels: the
// cashless panel is drawn there, and the status line keeps left of it.
const (
	QRPanelW = 640
	QRPanelX = (paint.ScreenW - QRPanelW) / 2
)
