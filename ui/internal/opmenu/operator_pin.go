//go:build cgo && !noscreen

package opmenu

import (
	"errors"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/operator"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// keypadKeys are the PIN keypad's keys, row by row ("<" rubs out, "OK" enters).
var keypadKeys = [12]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "<", "0", "OK"}

// The keypad's place: 3 columns of keys under the PIN field.
const (
	PadX, padY, PadKW, PadKH, PadGap = 690, 420, 160, 104, 20
)

func KeypadRect(i int) (x, y, w, h float32) {
	return PadX + float32(i%3)*(PadKW+PadGap), padY + float32(i/3)*(PadKH+PadGap), PadKW, PadKH
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
		if !seen[d] && scene.Pressed(ks[0], ks[1]) {
			buf = append(buf, keypadKeys[digitIndex(d)])
		}
	}
	switch {
	case scene.Pressed(ebiten.KeyBackspace):
		return append(buf, "<")
	case scene.Pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
		return append(buf, "OK")
	case scene.Pressed(ebiten.KeyEscape):
		return append(buf, "EXIT")
	}
	if x, y, ok := scene.Pointer(); ok {
		for i := range keypadKeys {
			if kx, ky, kw, kh := KeypadRect(i); HitRect(x, y, kx, ky, kw, kh) {
				return append(buf, keypadKeys[i])
			}
		}
		if HitRect(x, y, tabX, OpY+OpH-TabH, TabW, TabH) {
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

// Press is one key of the PIN entry.
func (o *Operator) Press(k string) {
	switch k {
	case "":
	case "EXIT":
		o.Close()
	case "<":
		if n := len(o.Entry); n > 0 {
			o.Entry = o.Entry[:n-1]
		}
	case "OK":
		o.enterPIN()
	default:
		if o.Mode == ModeBroken || len(o.Entry) >= operator.MaxPINLen {
			return
		}
		o.Entry = append(o.Entry, k[0])
	}
}

// UpdatePIN runs the PIN entry: keys, and the answer of a check in flight.
func (o *Operator) UpdatePIN() {
	if o.Pending != nil {
		o.PollPIN()
		if scene.Pressed(ebiten.KeyEscape) {
			o.Close()
		}
		return
	}
	for _, k := range keypadInputs(padBuf[:0]) {
		if o.Pending != nil || o.Mode == ModeMenu || o.done {
			break // the PIN went for its check, or the menu closed: the rest waits
		}
		o.Press(k)
	}
}

// PollPIN takes the answer of the PIN check or write in flight, if it came.
func (o *Operator) PollPIN() {
	select {
	case err := <-o.Pending:
		o.Pending = nil
		o.PinAnswer(err)
	default:
	}
}

// enterPIN acts on the PIN typed: checks it, or takes a new one (twice).
func (o *Operator) enterPIN() {
	pin := string(o.Entry)
	clear(o.Entry)
	o.Entry = o.Entry[:0]
	switch o.Mode {
	case ModeEnter:
		o.Pending = o.run(func() error { return o.pin.Verify(pin) })
		o.PinMsg, o.PinBad = kit.OpTr("operator.pin.checking"), false
	case ModeNew:
		if err := operator.ValidatePIN(pin); err != nil {
			o.PinMsg, o.PinBad = PinErrText(err), true
			return
		}
		o.First, o.Mode, o.PinMsg, o.PinBad = pin, ModeConfirm, kit.OpTr("operator.pin.new_again"), false
	case ModeConfirm:
		if pin != o.First {
			o.First, o.Mode, o.PinMsg, o.PinBad = "", ModeNew, kit.OpTr("operator.pin.differ_choose"), true
			return
		}
		o.First = ""
		o.Pending = o.run(func() error { return o.pin.Set(pin) })
		o.PinMsg, o.PinBad = kit.OpTr("operator.pin.saving"), false
	}
}

// run checks or writes the PIN off the frame loop (argon2id takes ~0.15 s).
func (o *Operator) run(fn func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- fn() }()
	return ch
}

// PinAnswer is the answer of a check or write.
func (o *Operator) PinAnswer(err error) {
	switch {
	case err == nil:
		if o.Mode == ModeConfirm {
			o.logAccess("new operator PIN set; menu opened")
		} else {
			o.logAccess("menu opened with the PIN")
		}
		o.Mode, o.PinMsg = ModeMenu, ""
		o.OpenPage(o.Page)
	case errors.Is(err, operator.ErrWrongPIN), errors.Is(err, operator.ErrLockedOut):
		o.PinErr = err
		o.logAccess(strings.TrimPrefix(err.Error(), "operator: "))
		o.Mode, o.PinMsg, o.PinBad = ModeEnter, PinErrText(err), true
	case errors.Is(err, operator.ErrBadPIN):
		o.Mode, o.PinMsg, o.PinBad = ModeNew, PinErrText(err), true
	default:
		o.Mode, o.PinMsg, o.PinBad = ModeBroken, PinErrText(err), true
	}
}

// pinDots are the PIN field's contents, one dot per digit typed.
var pinDots = strings.Repeat("● ", operator.MaxPINLen)

// drawPIN draws the PIN entry: what to do, the dots, the keypad.
func (o *Operator) drawPIN(dst *ebiten.Image) {
	title := kit.OpTr("operator.pin.title")
	if o.Mode == ModeNew || o.Mode == ModeConfirm {
		title = kit.OpTr("operator.pin.title_new")
	}
	bad := o.Mode == ModeBroken || o.PinBad
	msg := o.PinMsg
	if o.Mode == ModeBroken {
		msg = ""
	}
	drawKeypad(dst, title, msg, bad, len(o.Entry), o.Mode == ModeBroken || o.Pending != nil)
	if o.Mode == ModeBroken {
		kit.OpText(dst, o.PinMsg, kit.OpFit(o.PinMsg, 26, true, paint.ScreenW-120), true, paint.ScreenW/2, 270, paint.Center, paint.RGB(255, 130, 110), 0)
		shut := kit.OpTr("operator.pin.broken_help")
		kit.OpText(dst, shut, kit.OpFit(shut, 22, false, paint.ScreenW-120), false, paint.ScreenW/2, 320, paint.Center, paint.RGB(220, 220, 220), 0)
	}
	OpButtonAt(dst, kit.OpTr("operator.button.exit"), tabX, OpY+OpH-TabH, TabW, TabH, BoxDanger)
}

// PinErrText is a PIN store's refusal in the operator's words: a wrong PIN, a
// lock-out with the seconds left, a new PIN not accepted and why, or a PIN file
// that cannot be trusted (its problem as the store words it).
func PinErrText(err error) string {
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
	opBox(dst, PadX-60, 170, 3*PadKW+2*PadGap+120, 790, boxPanel)
	cx := float64(PadX + (3*PadKW+2*PadGap)/2)
	kit.OpText(dst, title, 40, true, cx, 196, paint.Center, paint.RGB(255, 220, 120), 2)
	c := paint.RGB(220, 230, 240)
	if bad {
		c = paint.RGB(255, 130, 110)
	}
	kit.OpText(dst, msg, kit.OpFit(msg, 24, true, 3*PadKW+2*PadGap+100), true, cx, 256, paint.Center, c, 0)
	opBox(dst, PadX, 300, 3*PadKW+2*PadGap, 90, boxField)
	if n > 0 {
		kit.OpTextMid(dst, pinDots[:n*len("● ")], 44, true, cx, 345, paint.Center, paint.RGB(20, 20, 30), 0)
	}
	for i, k := range keypadKeys {
		x, y, w, h := KeypadRect(i)
		st := BoxKey
		switch {
		case off:
			st = boxOff
		case k == "OK":
			st = boxOn
		case k == "<":
			st = BoxDanger
		}
		name := k
		if k == "<" {
			name = kit.OpTr("operator.key.delete")
		}
		OpButtonAt(dst, name, x, y, w, h, st)
	}
}

// ---- Change PIN ----

// PinPage changes the operator PIN: the current one, then the new one twice.
type PinPage struct {
	Stage   int // 0 the current PIN, 1 the new one, 2 the new one again
	cur     string
	next    string
	entry   []byte
	Msg     string
	bad     bool
	Pending <-chan error
}

// PinStageMsg is what stage i of the change asks for.
func PinStageMsg(i int) string {
	switch i {
	case 0:
		return kit.OpTr("operator.pin.enter_current")
	case 1:
		return kit.OpTr("operator.pin.enter_new", "Min", operator.MinPINLen, "Max", operator.MaxPINLen)
	}
	return kit.OpTr("operator.pin.new_again")
}

func (p *PinPage) Name() string { return kit.OpTr("operator.page.change_pin") }

func (p *PinPage) Open(o *Operator) {
	if p.Pending != nil {
		return
	}
	p.Stage, p.cur, p.next, p.Msg, p.bad = 0, "", "", PinStageMsg(0), false
	clear(p.entry)
	p.entry = p.entry[:0]
}

func (p *PinPage) Update(o *Operator) {
	if p.Pending != nil {
		select {
		case err := <-p.Pending:
			p.Pending = nil
			p.answer(o, err)
		default:
		}
		return
	}
	for _, k := range keypadInputs(padBuf[:0]) {
		if p.Pending != nil || k == "EXIT" {
			break
		}
		p.Press(o, k)
	}
}

// Press is one key of the PIN change.
func (p *PinPage) Press(o *Operator, k string) {
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
	switch p.Stage {
	case 0:
		p.cur, p.Stage, p.Msg = pin, 1, PinStageMsg(1)
	case 1:
		if err := operator.ValidatePIN(pin); err != nil {
			p.Msg, p.bad = PinErrText(err), true
			return
		}
		p.next, p.Stage, p.Msg = pin, 2, PinStageMsg(2)
	case 2:
		if pin != p.next {
			p.Stage, p.next, p.Msg, p.bad = 1, "", kit.OpTr("operator.pin.differ_again"), true
			return
		}
		cur, next := p.cur, p.next
		p.cur, p.next = "", ""
		p.Pending = o.run(func() error { return o.pin.Change(cur, next) })
		p.Msg = kit.OpTr("operator.pin.saving")
	}
}

// answer is the PIN store's answer to the change.
func (p *PinPage) answer(o *Operator, err error) {
	p.Stage = 0
	if err != nil {
		p.Msg, p.bad = PinErrText(err), true
		if errors.Is(err, operator.ErrWrongPIN) || errors.Is(err, operator.ErrLockedOut) {
			o.logAccess("PIN change refused: " + strings.TrimPrefix(err.Error(), "operator: "))
		}
		return
	}
	p.Msg = kit.OpTr("operator.pin.changed")
	o.logAccess("operator PIN changed")
}

func (p *PinPage) Draw(dst *ebiten.Image, o *Operator) {
	drawKeypad(dst, kit.OpTr("operator.pin.title_change"), p.Msg, p.bad, len(p.entry), p.Pending != nil)
}
