//go:build cgo && !noscreen

package ui

import (
	"errors"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/operator"
)

// keypadKeys are the PIN keypad's keys, row by row ("<" rubs out, "OK" enters).
var keypadKeys = [12]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "<", "0", "OK"}

// The keypad's place: 3 columns of keys under the PIN field.
const (
	padX, padY, padKW, padKH, padGap = 690, 420, 160, 104, 20
)

func keypadRect(i int) (x, y, w, h float32) {
	return padX + float32(i%3)*(padKW+padGap), padY + float32(i/3)*(padKH+padGap), padKW, padKH
}

// digitKeys are the number keys, top row and keypad, for 0..9.
var digitKeys = [10][2]ebiten.Key{
	{ebiten.KeyDigit0, ebiten.KeyNumpad0}, {ebiten.KeyDigit1, ebiten.KeyNumpad1}, {ebiten.KeyDigit2, ebiten.KeyNumpad2},
	{ebiten.KeyDigit3, ebiten.KeyNumpad3}, {ebiten.KeyDigit4, ebiten.KeyNumpad4}, {ebiten.KeyDigit5, ebiten.KeyNumpad5},
	{ebiten.KeyDigit6, ebiten.KeyNumpad6}, {ebiten.KeyDigit7, ebiten.KeyNumpad7}, {ebiten.KeyDigit8, ebiten.KeyNumpad8},
	{ebiten.KeyDigit9, ebiten.KeyNumpad9},
}

// keypadInputs are the keys pressed since the last frame, in order: every digit
// typed (typed.go: a fast typist's or xdotool's several digits a frame, each one),
// a digit key held down or pressed by a script, then "<", "OK" or "EXIT", or a
// key of the on-screen keypad.
func keypadInputs(buf []string) []string {
	var seen [10]bool
	for _, r := range typedChars {
		if r >= '0' && r <= '9' {
			d := int(r - '0')
			seen[d] = true
			buf = append(buf, keypadKeys[digitIndex(d)])
		}
	}
	for d, ks := range digitKeys {
		if !seen[d] && pressed(ks[0], ks[1]) {
			buf = append(buf, keypadKeys[digitIndex(d)])
		}
	}
	switch {
	case pressed(ebiten.KeyBackspace):
		return append(buf, "<")
	case pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
		return append(buf, "OK")
	case pressed(ebiten.KeyEscape):
		return append(buf, "EXIT")
	}
	if x, y, ok := pointer(); ok {
		for i := range keypadKeys {
			if kx, ky, kw, kh := keypadRect(i); hitRect(x, y, kx, ky, kw, kh) {
				return append(buf, keypadKeys[i])
			}
		}
		if hitRect(x, y, tabX, opY+opH-tabH, tabW, tabH) {
			return append(buf, "EXIT")
		}
	}
	return buf
}

// padBuf holds a frame's keypad keys.
var padBuf [16]string

// digitIndex is digit d's index in keypadKeys.
func digitIndex(d int) int {
	if d == 0 {
		return 10
	}
	return d - 1
}

// press is one key of the PIN entry.
func (o *Operator) press(k string) {
	switch k {
	case "":
	case "EXIT":
		o.Close()
	case "<":
		if n := len(o.entry); n > 0 {
			o.entry = o.entry[:n-1]
		}
	case "OK":
		o.enterPIN()
	default:
		if o.mode == modeBroken || len(o.entry) >= operator.MaxPINLen {
			return
		}
		o.entry = append(o.entry, k[0])
	}
}

// updatePIN runs the PIN entry: keys, and the answer of a check in flight.
func (o *Operator) updatePIN() {
	if o.pending != nil {
		o.pollPIN()
		if pressed(ebiten.KeyEscape) {
			o.Close()
		}
		return
	}
	for _, k := range keypadInputs(padBuf[:0]) {
		if o.pending != nil || o.mode == modeMenu || o.done {
			break // the PIN went for its check, or the menu closed: the rest waits
		}
		o.press(k)
	}
}

// pollPIN takes the answer of the PIN check or write in flight, if it came.
func (o *Operator) pollPIN() {
	select {
	case err := <-o.pending:
		o.pending = nil
		o.pinAnswer(err)
	default:
	}
}

// enterPIN acts on the PIN typed: checks it, or takes a new one (twice).
func (o *Operator) enterPIN() {
	pin := string(o.entry)
	clear(o.entry)
	o.entry = o.entry[:0]
	switch o.mode {
	case modeEnter:
		o.pending = o.run(func() error { return o.pin.Verify(pin) })
		o.pinMsg = "CHECKING…"
	case modeNew:
		if err := operator.ValidatePIN(pin); err != nil {
			o.pinMsg = errText(err)
			return
		}
		o.first, o.mode, o.pinMsg = pin, modeConfirm, "ENTER THE NEW PIN AGAIN"
	case modeConfirm:
		if pin != o.first {
			o.first, o.mode, o.pinMsg = "", modeNew, "THE TWO ENTRIES DIFFER: CHOOSE THE NEW PIN AGAIN"
			return
		}
		o.first = ""
		o.pending = o.run(func() error { return o.pin.Set(pin) })
		o.pinMsg = "SAVING…"
	}
}

// run checks or writes the PIN off the frame loop (argon2id takes ~0.15 s).
func (o *Operator) run(fn func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- fn() }()
	return ch
}

// pinAnswer is the answer of a check or write.
func (o *Operator) pinAnswer(err error) {
	switch {
	case err == nil:
		if o.mode == modeConfirm {
			o.logAccess("new operator PIN set; menu opened")
		} else {
			o.logAccess("menu opened with the PIN")
		}
		o.mode, o.pinMsg = modeMenu, ""
		o.openPage(o.page)
	case errors.Is(err, operator.ErrWrongPIN), errors.Is(err, operator.ErrLockedOut):
		o.logAccess(strings.TrimPrefix(err.Error(), "operator: "))
		o.mode, o.pinMsg = modeEnter, errText(err)
	case errors.Is(err, operator.ErrBadPIN):
		o.mode, o.pinMsg = modeNew, errText(err)
	default:
		o.mode, o.pinMsg = modeBroken, errText(err)
	}
}

// pinDots are the PIN field's contents, one dot per digit typed.
var pinDots = strings.Repeat("● ", operator.MaxPINLen)

// drawPIN draws the PIN entry: what to do, the dots, the keypad.
func (o *Operator) drawPIN(dst *ebiten.Image) {
	title := "OPERATOR PIN"
	if o.mode == modeNew || o.mode == modeConfirm {
		title = "NEW OPERATOR PIN"
	}
	bad := o.mode == modeBroken || pinTrouble(o.pinMsg)
	msg := o.pinMsg
	if o.mode == modeBroken {
		msg = ""
	}
	drawKeypad(dst, title, msg, bad, len(o.entry), o.mode == modeBroken || o.pending != nil)
	if o.mode == modeBroken {
		opText(dst, o.pinMsg, opFit(o.pinMsg, 26, true, ScreenW-120), true, ScreenW/2, 270, center, rgb(255, 130, 110), 0)
		opText(dst, "THE MENU STAYS SHUT. A TECHNICIAN DELETES THE PIN FILE; THE NEXT KEY TURN ASKS FOR A NEW PIN.", 22, false, ScreenW/2, 320, center, rgb(220, 220, 220), 0)
	}
	opButtonAt(dst, "EXIT", tabX, opY+opH-tabH, tabW, tabH, boxDanger)
}

// pinTrouble reports whether a PIN message is a refusal (drawn in red).
func pinTrouble(msg string) bool {
	for _, w := range [...]string{"WRONG", "LOCKED", "NOT ACCEPTED", "DIFFER", "PIN FILE"} {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// drawKeypad draws a PIN keypad: its title, a message, one dot per digit typed
// and the keys (grey while off).
func drawKeypad(dst *ebiten.Image, title, msg string, bad bool, n int, off bool) {
	opBox(dst, padX-60, 170, 3*padKW+2*padGap+120, 790, boxPanel)
	cx := float64(padX + (3*padKW+2*padGap)/2)
	opText(dst, title, 40, true, cx, 196, center, rgb(255, 220, 120), 2)
	c := rgb(220, 230, 240)
	if bad {
		c = rgb(255, 130, 110)
	}
	opText(dst, msg, opFit(msg, 24, true, 3*padKW+2*padGap+100), true, cx, 256, center, c, 0)
	opBox(dst, padX, 300, 3*padKW+2*padGap, 90, boxField)
	if n > 0 {
		opTextMid(dst, pinDots[:n*len("● ")], 44, true, cx, 345, center, rgb(20, 20, 30), 0)
	}
	for i, k := range keypadKeys {
		x, y, w, h := keypadRect(i)
		st := boxKey
		switch {
		case off:
			st = boxOff
		case k == "OK":
			st = boxOn
		case k == "<":
			st = boxDanger
		}
		name := k
		if k == "<" {
			name = "DEL"
		}
		opButtonAt(dst, name, x, y, w, h, st)
	}
}

// ---- Change PIN ----

// pinPage changes the operator PIN: the current one, then the new one twice.
type pinPage struct {
	stage   int // 0 the current PIN, 1 the new one, 2 the new one again
	cur     string
	next    string
	entry   []byte
	msg     string
	bad     bool
	pending <-chan error
}

var pinStageMsgs = [3]string{"ENTER THE CURRENT PIN", "ENTER THE NEW PIN (4 TO 12 DIGITS)", "ENTER THE NEW PIN AGAIN"}

func (p *pinPage) name() string { return "CHANGE PIN" }

func (p *pinPage) open(o *Operator) {
	if p.pending != nil {
		return
	}
	p.stage, p.cur, p.next, p.msg, p.bad = 0, "", "", pinStageMsgs[0], false
	clear(p.entry)
	p.entry = p.entry[:0]
}

func (p *pinPage) update(o *Operator) {
	if p.pending != nil {
		select {
		case err := <-p.pending:
			p.pending = nil
			p.answer(o, err)
		default:
		}
		return
	}
	for _, k := range keypadInputs(padBuf[:0]) {
		if p.pending != nil || k == "EXIT" {
			break
		}
		p.press(o, k)
	}
}

// press is one key of the PIN change.
func (p *pinPage) press(o *Operator, k string) {
	switch k {
	case "":
		return
	case "<":
		if n := len(p.entry); n > 0 {
			p.entry = p.entry[:n-1]
		}
		return
	case "OK":
	default:
		if len(p.entry) < operator.MaxPINLen {
			p.entry = append(p.entry, k[0])
		}
		return
	}
	pin := string(p.entry)
	clear(p.entry)
	p.entry = p.entry[:0]
	p.bad = false
	switch p.stage {
	case 0:
		p.cur, p.stage, p.msg = pin, 1, pinStageMsgs[1]
	case 1:
		if err := operator.ValidatePIN(pin); err != nil {
			p.msg, p.bad = errText(err), true
			return
		}
		p.next, p.stage, p.msg = pin, 2, pinStageMsgs[2]
	case 2:
		if pin != p.next {
			p.stage, p.next, p.msg, p.bad = 1, "", "THE TWO ENTRIES DIFFER: THE NEW PIN AGAIN", true
			return
		}
		cur, next := p.cur, p.next
		p.cur, p.next = "", ""
		p.pending = o.run(func() error { return o.pin.Change(cur, next) })
		p.msg = "SAVING…"
	}
}

// answer is the PIN store's answer to the change.
func (p *pinPage) answer(o *Operator, err error) {
	p.stage = 0
	if err != nil {
		p.msg, p.bad = errText(err), true
		if errors.Is(err, operator.ErrWrongPIN) || errors.Is(err, operator.ErrLockedOut) {
			o.logAccess("PIN change refused: " + strings.TrimPrefix(err.Error(), "operator: "))
		}
		return
	}
	p.msg = "PIN CHANGED"
	o.logAccess("operator PIN changed")
}

func (p *pinPage) draw(dst *ebiten.Image, o *Operator) {
	drawKeypad(dst, "CHANGE THE OPERATOR PIN", p.msg, p.bad, len(p.entry), p.pending != nil)
}
