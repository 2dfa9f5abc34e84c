//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/operator"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/scene"
)

// keySet is a key state for markTyped: the keys in it.
func keySet(ks ...ebiten.Key) func(ebiten.Key) bool {
	return func(k ebiten.Key) bool { return slices.Contains(ks, k) }
}

// A key pressed and released between two frames is never seen down; its
// character is: markTyped counts it, and only a held key's auto-repeat is left out.
func TestMarkTyped(t *testing.T) {
	none := keySet()
	for _, c := range []struct {
		name       string
		chars      string
		held, just func(ebiten.Key) bool
		kept       string
		keys       []ebiten.Key
	}{
		{"four digits, each down and up within the frame", "1234", none, none, "1234",
			[]ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4}},
		{"the same digit twice in one frame", "77", none, none, "77", []ebiten.Key{ebiten.KeyDigit7}},
		{"a key that went down this frame and is held", "5", keySet(ebiten.KeyDigit5), keySet(ebiten.KeyDigit5), "5", []ebiten.Key{ebiten.KeyDigit5}},
		{"auto-repeat of a held key", "555", keySet(ebiten.KeyDigit5), none, "", nil},
		{"auto-repeat on the keypad", "88", keySet(ebiten.KeyNumpad8), none, "", nil},
		{"M (MAX BET), space (SPIN), minus", "m  -", none, none, "m  -", []ebiten.Key{ebiten.KeyM, ebiten.KeySpace, ebiten.KeyMinus}},
		{"capitals are their keys", "T", none, none, "T", []ebiten.Key{ebiten.KeyT}},
		{"characters no key of the cabinet stands for", "é€", none, none, "", nil},
	} {
		out := make([]bool, ebiten.KeyMax+1)
		kept := kit.MarkTyped([]rune(c.chars), c.held, c.just, out)
		if string(kept) != c.kept {
			t.Errorf("%s: kept %q, want %q", c.name, string(kept), c.kept)
		}
		var keys []ebiten.Key
		for k, on := range out {
			if on {
				keys = append(keys, ebiten.Key(k))
			}
		}
		slices.Sort(c.keys)
		if !slices.Equal(keys, c.keys) {
			t.Errorf("%s: keys %v, want %v", c.name, keys, c.keys)
		}
	}
}

// typeFrame is one frame of fast typing: chars typed and released since the last
// frame (no key seen down), and the keys a script holds down.
func typeFrame(chars string, keys ...ebiten.Key) func() {
	kit.TypedChars = kit.MarkTyped(append(kit.TypedChars[:0], []rune(chars)...), keySet(), keySet(), kit.Typed[:])
	for _, k := range keys {
		scene.Injected[k] = true
	}
	return func() { kit.TypedChars = kit.TypedChars[:0]; clear(kit.Typed[:]); clear(scene.Injected[:]) }
}

// Digits typed faster than the frames come (xdotool's 12 ms, several a frame,
// none seen down) all reach the PIN, in order, and Enter after them in the same
// frame enters the PIN they make.
func TestFastDigitsReachThePIN(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	pin := operator.Open(t.TempDir(), operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
	r := opShots.rig
	o := opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	if o.Mode != opmenu.ModeNew {
		t.Fatalf("mode %d, want a new PIN", o.Mode)
	}
	for _, f := range []struct {
		chars string
		keys  []ebiten.Key
	}{{"25", nil}, {"80", []ebiten.Key{ebiten.KeyEnter}}} {
		done := typeFrame(f.chars, f.keys...)
		o.UpdatePIN()
		done()
	}
	if o.Mode != opmenu.ModeConfirm || o.First != "2580" {
		t.Fatalf("after 25, 80+Enter: mode %d, first %q; want the confirmation of 2580", o.Mode, o.First)
	}
	done := typeFrame("2580", ebiten.KeyEnter)
	o.UpdatePIN()
	done()
	if o.Pending == nil {
		t.Fatalf("2580+Enter in one frame did not enter the PIN: %q typed, %q", string(o.Entry), o.PinMsg)
	}
	wait(t, "PIN", func() bool { o.PollPIN(); return o.Pending == nil })
	if o.Mode != opmenu.ModeMenu {
		t.Fatalf("mode %d %q, want the menu open", o.Mode, o.PinMsg)
	}
	if err := pin.Verify("2580"); err != nil {
		t.Errorf("the PIN stored is not 2580: %v", err)
	}
	o.Close()
}
