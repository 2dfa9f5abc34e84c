//go:build cgo && !noscreen

package ui

import (
	"errors"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/operator"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
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
	for _, r := range kit.TypedChars {
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
		o.pinMsg, o.pinBad = kit.OpTr("operator.pin.checking"), false
	case modeNew:
		if err := operator.ValidatePIN(pin); err != nil {
			o.pinMsg, o.pinBad = pinErrText(err), true
			return
		}
		o.first, o.mode, o.pinMsg, o.pinBad = pin, modeConfirm, kit.OpTr("operator.pin.new_again"), false
	case modeConfirm:
		if pin != o.first {
			o.first, o.mode, o.pinMsg, o.pinBad = "", modeNew, kit.OpTr("operator.pin.differ_choose"), true
			return
		}
		o.first = ""
		o.pending = o.run(func() error { return o.pin.Set(pin) })
		o.pinMsg, o.pinBad = kit.OpTr("operator.pin.saving"), false
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
		o.pinErr = err
		o.logAccess(strings.TrimPrefix(err.Error(), "operator: "))
		o.mode, o.pinMsg, o.pinBad = modeEnter, pinErrText(err), true
	case errors.Is(err, operator.ErrBadPIN):
		o.mode, o.pinMsg, o.pinBad = modeNew, pinErrText(err), true
	default:
		o.mode, o.pinMsg, o.pinBad = modeBroken, pinErrText(err), true
	}
}

// pinDots are the PIN field's contents, one dot per digit typed.
var pinDots = strings.Repeat("● ", operator.MaxPINLen)

// drawPIN draws the PIN entry: what to do, the dots, the keypad.
func (o *Operator) drawPIN(dst *ebiten.Image) {
	title := kit.OpTr("operator.pin.title")
	if o.mode == modeNew || o.mode == modeConfirm {
		title = kit.OpTr("operator.pin.title_new")
	}
	bad := o.mode == modeBroken || o.pinBad
	msg := o.pinMsg
	if o.mode == modeBroken {
		msg = ""
	}
	drawKeypad(dst, title, msg, bad, len(o.entry), o.mode == modeBroken || o.pending != nil)
	if o.mode == modeBroken {
		kit.OpText(dst, o.pinMsg, kit.OpFit(o.pinMsg, 26, true, paint.ScreenW-120), true, paint.ScreenW/2, 270, paint.Center, paint.RGB(255, 130, 110), 0)
		shut := kit.OpTr("operator.pin.broken_help")
		kit.OpText(dst, shut, kit.OpFit(shut, 22, false, paint.ScreenW-120), false, paint.ScreenW/2, 320, paint.Center, paint.RGB(220, 220, 220), 0)
	}
	opButtonAt(dst, kit.OpTr("operator.button.exit"), tabX, opY+opH-tabH, tabW, tabH, boxDanger)
}

// pinErrText is a PIN store's refusal in the operator's words: a wrong PIN, a
// lock-out with the seconds left, a new PIN not accepted and why, or a PIN file
// that cannot be trusted (its problem as the store words it).
func pinErrText(err error) string {
	var lo *operator.LockedOutError
	switch {
	case errors.As(err, &lo):
		return kit.OpTrN("operator.pin.locked_out_for", int64((lo.Left+time.Second-1)/time.Second))
	case errors.Is(err, operator.ErrLockedOut):
		return kit.OpTr("operator.pin.locked_out")
	case errors.Is(err, operator.ErrWrongPIN):
		return kit.OpTr("operator.pin.wrong")
	case errors.Is(err, operator.ErrBadPIN):
		msg := err.Error() // the store's reason, after ErrBadPIN's words
		switch {
		case strings.Contains(msg, "digits only"):
			return kit.OpTr("operator.pin.bad_digits")
		case strings.Contains(msg, "repeated"):
			return kit.OpTr("operator.pin.bad_repeated")
		case strings.Contains(msg, "run of digits"):
			return kit.OpTr("operator.pin.bad_run")
		}
		return kit.OpTr("operator.pin.bad_length", "Min", operator.MinPINLen, "Max", operator.MaxPINLen)
	}
	return kit.OpTr("operator.pin.file_broken", "Detail", strings.ToUpper(strings.TrimPrefix(err.Error(), "operator: ")))
}

// drawKeypad draws a PIN keypad: its title, a message, one dot per digit typed
// and the keys (grey while off).
func drawKeypad(dst *ebiten.Image, title, msg string, bad bool, n int, off bool) {
	opBox(dst, padX-60, 170, 3*padKW+2*padGap+120, 790, boxPanel)
	cx := float64(padX + (3*padKW+2*padGap)/2)
	kit.OpText(dst, title, 40, true, cx, 196, paint.Center, paint.RGB(255, 220, 120), 2)
	c := paint.RGB(220, 230, 240)
	if bad {
		c = paint.RGB(255, 130, 110)
	}
	kit.OpText(dst, msg, kit.OpFit(msg, 24, true, 3*padKW+2*padGap+100), true, cx, 256, paint.Center, c, 0)
	opBox(dst, padX, 300, 3*padKW+2*padGap, 90, boxField)
	if n > 0 {
		kit.OpTextMid(dst, pinDots[:n*len("● ")], 44, true, cx, 345, paint.Center, paint.RGB(20, 20, 30), 0)
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
			name = kit.OpTr("operator.key.delete")
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

// pinStageMsg is what stage i of the change asks for.
func pinStageMsg(i int) string {
	switch i {
	case 0:
		return kit.OpTr("operator.pin.enter_current")
	case 1:
		return kit.OpTr("operator.pin.enter_new", "Min", operator.MinPINLen, "Max", operator.MaxPINLen)
	}
	return kit.OpTr("operator.pin.new_again")
}

func (p *pinPage) name() string { return kit.OpTr("operator.page.change_pin") }

func (p *pinPage) open(o *Operator) {
	if p.pending != nil {
		return
	}
	p.stage, p.cur, p.next, p.msg, p.bad = 0, "", "", pinStageMsg(0), false
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
		p.cur, p.stage, p.msg = pin, 1, pinStageMsg(1)
	case 1:
		if err := operator.ValidatePIN(pin); err != nil {
			p.msg, p.bad = pinErrText(err), true
			return
		}
		p.next, p.stage, p.msg = pin, 2, pinStageMsg(2)
	case 2:
		if pin != p.next {
			p.stage, p.next, p.msg, p.bad = 1, "", kit.OpTr("operator.pin.differ_again"), true
			return
		}
		cur, next := p.cur, p.next
		p.cur, p.next = "", ""
		p.pending = o.run(func() error { return o.pin.Change(cur, next) })
		p.msg = kit.OpTr("operator.pin.saving")
	}
}

// answer is the PIN store's answer to the change.
func (p *pinPage) answer(o *Operator, err error) {
	p.stage = 0
	if err != nil {
		p.msg, p.bad = pinErrText(err), true
		if errors.Is(err, operator.ErrWrongPIN) || errors.Is(err, operator.ErrLockedOut) {
			o.logAccess("PIN change refused: " + strings.TrimPrefix(err.Error(), "operator: "))
		}
		return
	}
	p.msg = kit.OpTr("operator.pin.changed")
	o.logAccess("operator PIN changed")
}

func (p *pinPage) draw(dst *ebiten.Image, o *Operator) {
	drawKeypad(dst, kit.OpTr("operator.pin.title_change"), p.msg, p.bad, len(p.entry), p.pending != nil)
}
