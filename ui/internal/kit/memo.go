//go:build cgo && !noscreen

package kit

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
)

// Memo keeps the texts of amounts that Draw shows on every frame, by value, so
// that a meter showing the same amount as on the last frame formats nothing. Each
// map starts again when it reaches memoLimit (a win counting up adds one amount a
// frame for a few seconds), and all of them when the player's language or the
// profile changes
// (fresh: every accessor asks first, so no scene has to).
var Memo = memoT{
	eur: map[int64]string{}, eurNum: map[int64]string{}, jp: map[int64]string{},
	cr: map[[2]int64]string{}, fmt: map[fmtKey]string{}, printer: new(*locale.Printer),
}

type memoT struct {
	eur, eurNum, jp map[int64]string
	cr              map[[2]int64]string
	fmt             map[fmtKey]string
	printer         **locale.Printer // the player's printer the texts are from
}

// fresh clears the texts when the player's printer is not theirs: another
// language, or another profile's currency.
func (m memoT) fresh() {
	if p := ScreenLang.Player; p != *m.printer {
		*m.printer = p
		clear(m.eur)
		clear(m.eurNum)
		clear(m.jp)
		clear(m.cr)
		clear(m.fmt)
	}
}

const MemoLimit = 1024

// keep stores s under k, starting the map again when it is full.
func keep[K comparable](m map[K]string, k K, s string) string {
	if len(m) >= MemoLimit {
		clear(m)
	}
	m[k] = s
	return s
}

func (m memoT) Euros(c int64) string {
	m.fresh()
	if s, ok := m.eur[c]; ok {
		return s
	}
	return keep(m.eur, c, PlayerMoney(c))
}

func (m memoT) EurosNum(c int64) string {
	m.fresh()
	if s, ok := m.eurNum[c]; ok {
		return s
	}
	return keep(m.eurNum, c, PlayerMoneyNum(c))
}

func (m memoT) Jackpot(c int64) string {
	m.fresh()
	if s, ok := m.jp[c]; ok {
		return s
	}
	return keep(m.jp, c, JackpotText(c))
}

func (m memoT) Credits(c, denom int64) string {
	m.fresh()
	k := [2]int64{c, denom}
	if s, ok := m.cr[k]; ok {
		return s
	}
	return keep(m.cr, k, Credits(c, denom))
}

// FmtInt is fmt.Sprintf of a constant format with one integer, kept by value.
func (m memoT) FmtInt(format string, a int64) string {
	m.fresh()
	k := fmtKey{format: format, a: a}
	if s, ok := m.fmt[k]; ok {
		return s
	}
	return keep(m.fmt, k, fmt.Sprintf(format, a))
}

type fmtKey struct {
	format string
	a, b   int64
	s      string
}

// Upper is strings.ToUpper, kept by value.
func (m memoT) Upper(str string) string {
	m.fresh()
	k := fmtKey{format: "upper", s: str}
	if s, ok := m.fmt[k]; ok {
		return s
	}
	return keep(m.fmt, k, strings.ToUpper(str))
}

// SubImage is dst.SubImage(r), kept: a sub-image is a new *ebiten.Image on every
// call, and the reels clip to the same rectangles on every frame.
func SubImage(dst *ebiten.Image, r image.Rectangle) *ebiten.Image {
	k := subKey{dst, r}
	if img := subImages[k]; img != nil {
		return img
	}
	if len(subImages) >= MemoLimit {
		clear(subImages)
	}
	img := dst.SubImage(r).(*ebiten.Image)
	subImages[k] = img
	return img
}

type subKey struct {
	dst *ebiten.Image
	r   image.Rectangle
}

var subImages = map[subKey]*ebiten.Image{}

// ImgOp is the options of the DrawImage calls that set every field they use
// (drawing is single-threaded; a fresh one per call would allocate).
var ImgOp ebiten.DrawImageOptions
