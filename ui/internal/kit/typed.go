//go:build cgo && !noscreen

package kit

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Typed keys. Ebiten reads the keys' state once a frame, so a key pressed and
// released between two reads (xdotool's default 12 ms, a fast typist, a frame
// slowed by a loaded machine, keys through a VNC viewer) is never seen down. The
// characters a key makes are queued as they come, however short the press: each
// frame, the keys behind the characters typed count as pressed too (pressed,
// anyKey), and digit entry takes every digit typed, in order (keypadInputs).

// Typed are the keys whose characters were typed this frame; typedChars the
// characters themselves, in order. A character of a key held down since an
// earlier frame (the keyboard's auto-repeat) does not count.
var (
	Typed      [ebiten.KeyMax + 1]bool
	TypedChars []rune
)

// ReadTyped takes this frame's characters (Manager.Update, ahead of the scene).
func ReadTyped() {
	TypedChars = MarkTyped(ebiten.AppendInputChars(TypedChars[:0]), ebiten.IsKeyPressed, inpututil.IsKeyJustPressed, Typed[:])
}

// MarkTyped clears out, then marks the keys of chars in it; it returns the chars
// that count, in order: those of a key not held now (pressed and released since
// the last frame) or that went down this frame, not a held key's auto-repeat.
func MarkTyped(chars []rune, held, just func(ebiten.Key) bool, out []bool) []rune {
	clear(out)
	kept := chars[:0]
	for _, r := range chars {
		ks := charKeys(r)
		if len(ks) == 0 {
			continue
		}
		down, now := false, false
		for _, k := range ks {
			down, now = down || held(k), now || just(k)
		}
		if down && !now {
			continue // auto-repeat
		}
		kept = append(kept, r)
		out[ks[0]] = true
	}
	return kept
}

// charKeys are the keys that type r, the main one first (none: a character no
// key of the cabinet's stands for).
func charKeys(r rune) []ebiten.Key {
	switch {
	case r >= '0' && r <= '9':
		return []ebiten.Key{ebiten.KeyDigit0 + ebiten.Key(r-'0'), ebiten.KeyNumpad0 + ebiten.Key(r-'0')}
	case r >= 'a' && r <= 'z':
		return []ebiten.Key{ebiten.KeyA + ebiten.Key(r-'a')}
	case r >= 'A' && r <= 'Z':
		return []ebiten.Key{ebiten.KeyA + ebiten.Key(r-'A')}
	case r == ' ':
		return []ebiten.Key{ebiten.KeySpace}
	case r == '-':
		return []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}
	case r == '=':
		return []ebiten.Key{ebiten.KeyEqual}
	case r == '+':
		return []ebiten.Key{ebiten.KeyNumpadAdd, ebiten.KeyEqual}
	case r == '.':
		return []ebiten.Key{ebiten.KeyPeriod}
	}
	return nil
}
