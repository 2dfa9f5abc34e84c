//go:build cgo && !noscreen

package opmenu

import (
	"errors"
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"egm/games/slot"
	"egm/locale"
	"egm/machine"
	"egm/operator"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// Operator is the operator menu: a scene over the game, opened with the operator
// key (the cabinet's, pushed by the platform; F11 in development mode) from idle or a lockup, never while a game is being presented. It asks
// for the operator PIN (or, on a new install, for a new one) and then shows its
// pages: meters, event log, game recall, configuration, table games, lockups (handpay, tilt),
// RAM clear and, with a sound engine, volume. It reads critical memory (never per
// frame) and changes the machine only through machine inputs.
type Operator struct {
	S      opSession
	Titles map[string]*slot.Title
	pin    kit.PINStore
	audio  scene.AudioControl
	under  scene.Scene   // the game under the menu: drawn once, dimmed
	bg     *ebiten.Image // its picture
	t      int

	Mode    OpMode
	Entry   []byte       // the digits typed
	First   string       // a new PIN's first entry
	Pending <-chan error // a PIN check or write in flight
	PinMsg  string
	PinBad  bool  // pinMsg is a refusal (drawn in red)
	PinErr  error // the PIN store's last refusal of a PIN entered

	Pages []opPage
	Page  int
	Msg   string // the status line
	MsgOK bool
	Req   <-chan error // a machine input in flight
	reqOK string       // the status line when it is accepted
	done  bool

	st     machine.Status
	stLine string
	stKey  stKey

	Replay *RecallReplay // full-screen game recall, when open
	pic    *ebiten.Image // a still page's picture
	picKey [4]int        // the page and its key the picture shows
	idle   int           // ticks without a key, click or touch
	lang   locale.Lang   // the operator's language the texts were made in
}

// OpIdleTicks: the menu closes itself after five minutes without input, so that a
// PIN entered is not left open to the next passer-by.
const OpIdleTicks = 5 * 60 * slotscene.TPS

type OpMode uint8

const (
	ModeEnter   OpMode = iota // the PIN
	ModeNew                   // no PIN yet: a new one
	ModeConfirm               // the new one again
	ModeBroken                // the PIN file cannot be trusted
	ModeMenu                  // the pages
)

// opPage is one page of the menu.
type opPage interface {
	Name() string
	Open(o *Operator) // (re)read what it shows
	Update(o *Operator)
	Draw(dst *ebiten.Image, o *Operator)
}

// The menu's layout: tabs on the left, the page on the right.
const (
	OpX, OpY, OpW, OpH = 400, 150, 1480, 800
	tabX, TabW, TabH   = 40, 320, 62
)

// NewOperator opens the operator menu over the scene under (nil: a plain
// backdrop). audio nil hides the Volume page.
func NewOperator(s opSession, titles []*slot.Title, pin kit.PINStore, audio scene.AudioControl, under scene.Scene) *Operator {
	o := &Operator{S: s, Titles: map[string]*slot.Title{}, pin: pin, audio: audio, under: under}
	for _, t := range titles {
		o.Titles[t.Spec.ID] = t
	}
	o.Pages = []opPage{&MetersPage{}, &eventsPage{}, &RecallPage{}, newConfigPage(), &TablesPage{}, &LockupPage{}, &RamClearPage{}, &PinPage{}}
	if audio != nil {
		o.Pages = append(o.Pages, &volumePage{})
	}
	o.Status()
	set, err := pin.IsSet()
	switch {
	case err != nil:
		o.Mode, o.PinMsg, o.PinBad = ModeBroken, PinErrText(err), true
	case !set:
		o.Mode, o.PinMsg = ModeNew, kit.OpTr("operator.pin.none_yet")
	default:
		o.Mode, o.PinMsg = ModeEnter, kit.OpTr("operator.pin.enter")
	}
	return o
}

// Done reports whether the menu was closed.
func (o *Operator) Done() bool { return o.done }

// Close closes the menu.
func (o *Operator) Close() {
	if o.Mode == ModeMenu && !o.done {
		o.logAccess("menu closed")
	}
	o.done = true
	for _, img := range []*ebiten.Image{o.bg, o.pic} {
		if img != nil {
			img.Deallocate()
		}
	}
	o.bg, o.pic = nil, nil
}

// Open shows page i (after the PIN: for tests and screenshots).
func (o *Operator) OpenPage(i int) {
	o.Page = i
	o.Msg = ""
	o.Pages[i].Open(o)
}

// stKey is what the menu's header line says of the machine.
type stKey struct {
	lang    locale.Lang
	state   machine.State
	credits int64
	reason  string
}

// Status reads the machine's status and remakes the header line when it changed.
func (o *Operator) Status() {
	o.st = o.S.Status()
	k := stKey{kit.ScreenLang.Operator.Lang(), o.st.State, o.st.CreditsCents, o.st.Reason}
	if k == o.stKey && o.stLine != "" {
		return
	}
	o.stKey = k
	line := kit.OpTr("operator.header.status", "State", stateWord(o.st.State), "Credit", kit.OpMoney(o.st.CreditsCents))
	if r := []rune(reasonWords(o.st.Reason)); len(r) > 0 { // the pages show it whole
		if len(r) > 60 {
			r = append(r[:59], '…')
		}
		line += "  ·  " + string(r)
	}
	o.stLine = line
}

// logAccess logs an access to the menu in the machine's event log (an
// operator_access event; not possible in RAM ERROR, where nothing is written).
func (o *Operator) logAccess(detail string) {
	if o.S.Status().State == machine.RAMError {
		return
	}
	_ = o.S.Input(machine.Input{Kind: machine.InOperatorAccess, Who: "operator menu", Detail: detail})
}

// say sets the status line.
func (o *Operator) say(msg string, ok bool) { o.Msg, o.MsgOK = msg, ok }

// Request sends a machine input; the status line says okMsg once it is accepted,
// or the machine's refusal.
func (o *Operator) request(in machine.Input, okMsg string) {
	if o.Req != nil {
		o.say(kit.OpTr("operator.status.busy"), false)
		return
	}
	o.Req, o.reqOK = o.S.Request(in), okMsg
	o.say(kit.OpTr("operator.status.sent"), true)
}

// IdleTick counts a tick without input (input: a key, click or touch this tick)
// and closes the menu after opIdleTicks of them; it reports whether it closed.
func (o *Operator) IdleTick(input bool) bool {
	if input {
		o.idle = 0
		return false
	}
	if o.idle++; o.idle < OpIdleTicks {
		return false
	}
	if o.Mode == ModeMenu {
		o.logAccess("menu closed after 5 minutes without input")
		o.Mode = ModeEnter // logged once: Close logs only an open menu
	}
	o.Close()
	return true
}

// anyInput reports a key, click or touch this tick (without allocating).
func anyInput() bool {
	return inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) || len(inpututil.AppendJustPressedTouchIDs(touchBuf[:0])) > 0 ||
		len(inpututil.AppendJustPressedKeys(keyBuf[:0])) > 0 || len(ebiten.AppendInputChars(charBuf[:0])) > 0 ||
		slices.Contains(scene.Injected[:], true) // a script's key
}

var (
	touchBuf = make([]ebiten.TouchID, 0, 8)
	keyBuf   = make([]ebiten.Key, 0, 8)
	charBuf  = make([]rune, 0, 16)
)

// Poll takes the machine's answer to the request in flight, if it came.
func (o *Operator) Poll() {
	if o.Req == nil {
		return
	}
	select {
	case err := <-o.Req:
		o.Req = nil
		if err != nil {
			o.say(kit.OpTr("operator.status.refused", "Detail", strings.ToUpper(kit.RefusalDetail(err))), false)
			return
		}
		o.say(o.reqOK, true)
		if o.Mode == ModeMenu {
			o.Pages[o.Page].Open(o)
		}
	default:
	}
}

// Update implements Scene.
func (o *Operator) Update(m *scene.Manager) error {
	o.t++
	o.Status()
	o.Poll()
	if o.IdleTick(anyInput()) {
		return nil
	}
	if o.Replay != nil {
		o.Replay.update(o)
		return nil
	}
	if o.Mode != ModeMenu {
		o.UpdatePIN()
		return nil
	}
	if scene.Pressed(ebiten.KeyEscape) {
		o.Close()
		return nil
	}
	if x, y, ok := scene.Pointer(); ok {
		for i := range o.Pages {
			if HitRect(x, y, tabX, OpY+float32(i)*(TabH+12), TabW, TabH) {
				o.OpenPage(i)
				return nil
			}
		}
		if HitRect(x, y, tabX, OpY+OpH-TabH, TabW, TabH) {
			o.Close()
			return nil
		}
	}
	if t, ok := o.Pages[o.Page].(interface{ typing(*Operator) bool }); (!ok || !t.typing(o)) && scene.Pressed(ebiten.KeyTab) {
		o.OpenPage((o.Page + 1) % len(o.Pages)) // Tab: the next page, unless the page takes text
		return nil
	}
	o.Pages[o.Page].Update(o)
	return nil
}

// relang makes the menu's texts again when the operator's language changed
// (a new configuration) since they were made.
func (o *Operator) relang() {
	l := kit.ScreenLang.Operator.Lang()
	if l == o.lang {
		return
	}
	had := o.lang != ""
	o.lang, o.picKey = l, [4]int{}
	if !had {
		return
	}
	if o.Mode == ModeMenu {
		o.Pages[o.Page].Open(o)
	}
	if o.Replay != nil {
		o.Replay = o.Replay.again(o)
	}
}

// Draw implements Scene.
func (o *Operator) Draw(screen *ebiten.Image) {
	o.relang()
	if o.Replay != nil {
		o.Replay.draw(screen, o)
		return
	}
	if o.under != nil {
		if o.bg == nil {
			o.bg = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
			o.under.Draw(o.bg)
		}
		screen.DrawImage(o.bg, nil)
	}
	screen.DrawImage(opBackdrop(), nil)
	title := kit.OpTr("operator.header.title")
	kit.OpText(screen, title, kit.OpFit(title, 56, true, 700), true, 40, 36, paint.Left, paint.RGB(255, 220, 120), 3)
	kit.OpText(screen, o.stLine, kit.OpFit(o.stLine, 26, true, 1100), true, paint.ScreenW-40, 60, paint.Right, paint.RGB(220, 230, 240), 0)
	if o.Mode != ModeMenu {
		o.drawPIN(screen)
	} else {
		for i, p := range o.Pages {
			st := boxTab
			if i == o.Page {
				st = BoxTabOn
			}
			OpButtonAt(screen, p.Name(), tabX, OpY+float32(i)*(TabH+12), TabW, TabH, st)
		}
		OpButtonAt(screen, kit.OpTr("operator.button.exit"), tabX, OpY+OpH-TabH, TabW, TabH, BoxDanger)
		o.drawPage(screen)
	}
	if o.Msg != "" {
		c := paint.RGB(255, 130, 110)
		if o.MsgOK {
			c = paint.RGB(140, 240, 140)
		}
		kit.OpText(screen, o.Msg, kit.OpFit(o.Msg, 26, true, paint.ScreenW-80), true, 40, paint.ScreenH-70, paint.Left, c, 0)
	}
}

// stillPage is a page whose picture changes only with its key (meters, event
// log, recall list): it is drawn once into a picture that every frame reuses.
type stillPage interface{ still() [3]int }

// drawPage draws the page, from its picture when it is a still page.
func (o *Operator) drawPage(screen *ebiten.Image) {
	p := o.Pages[o.Page]
	sp, ok := p.(stillPage)
	if !ok {
		p.Draw(screen, o)
		return
	}
	st := sp.still()
	k := [4]int{o.Page + 1, st[0], st[1], st[2]}
	if o.pic == nil {
		o.pic = ebiten.NewImage(paint.ScreenW, paint.ScreenH) // the page draws at screen positions
		o.picKey = [4]int{}
	}
	if k != o.picKey {
		o.pic.Clear()
		p.Draw(o.pic, o)
		o.picKey = k
	}
	op := &opImageOp
	op.GeoM.Reset()
	op.GeoM.Translate(OpX, OpY)
	screen.DrawImage(kit.SubImage(o.pic, paint.ImageRect(OpX, OpY, OpX+OpW, OpY+OpH)), op)
}

// opBackdropImg darkens the game under the menu (made once).
var opBackdropImg *ebiten.Image

func opBackdrop() *ebiten.Image {
	if opBackdropImg == nil {
		opBackdropImg = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
		opBackdropImg.Fill(color.RGBA{6, 10, 22, 225})
		paint.Antialiased(func() {
			paint.GradRect(opBackdropImg, 0, 0, paint.ScreenW, 120, paint.RGB(26, 40, 74), paint.RGB(10, 16, 34))
			paint.Line(opBackdropImg, 0, 120, paint.ScreenW, 120, 3, paint.RGB(255, 200, 80))
		})
	}
	return opBackdropImg
}

// Box styles of the menu's buttons and panels.
type boxStyle uint8

const (
	boxTab boxStyle = iota
	BoxTabOn
	BoxKey
	boxOn
	boxOff
	BoxDanger
	boxGo
	boxPanel
	boxField
	boxFieldOn
)

var boxColours = [...][3]color.RGBA{ // top, bottom, frame
	boxTab:     {paint.RGB(40, 52, 80), paint.RGB(20, 26, 44), paint.RGB(90, 110, 150)},
	BoxTabOn:   {paint.RGB(250, 200, 80), paint.RGB(190, 130, 20), paint.RGB(255, 240, 180)},
	BoxKey:     {paint.RGB(70, 76, 96), paint.RGB(34, 38, 52), paint.RGB(140, 150, 180)},
	boxOn:      {paint.RGB(60, 190, 90), paint.RGB(20, 110, 40), paint.RGB(170, 255, 180)},
	boxOff:     {paint.RGB(60, 60, 66), paint.RGB(30, 30, 34), paint.RGB(90, 90, 96)},
	BoxDanger:  {paint.RGB(210, 60, 50), paint.RGB(120, 20, 20), paint.RGB(255, 170, 150)},
	boxGo:      {paint.RGB(50, 140, 230), paint.RGB(20, 70, 150), paint.RGB(170, 210, 255)},
	boxPanel:   {paint.RGB(20, 28, 46), paint.RGB(10, 14, 26), paint.RGB(70, 90, 130)},
	boxField:   {paint.RGB(240, 240, 236), paint.RGB(210, 210, 204), paint.RGB(120, 120, 120)},
	boxFieldOn: {paint.RGB(255, 250, 220), paint.RGB(240, 230, 190), paint.RGB(255, 190, 40)},
}

type boxCacheKey struct {
	w, h int
	s    boxStyle
}

var boxCache = map[boxCacheKey]*ebiten.Image{}

// opBox draws a rounded box of a style, from a cached image per size and style.
func opBox(dst *ebiten.Image, x, y, w, h float32, s boxStyle) {
	k := boxCacheKey{int(w), int(h), s}
	img := boxCache[k]
	if img == nil {
		img = ebiten.NewImage(k.w, k.h)
		c := boxColours[s]
		r := min(float32(16), h/3)
		paint.Antialiased(func() { paint.Panel(img, 1, 1, w-2, h-2, r, c[0], c[1], c[2], 2) })
		boxCache[k] = img
	}
	op := &opImageOp
	op.GeoM.Reset()
	op.GeoM.Translate(float64(x), float64(y))
	dst.DrawImage(img, op)
}

var opImageOp ebiten.DrawImageOptions

// OpButtonAt draws a button with its label centred.
func OpButtonAt(dst *ebiten.Image, name string, x, y, w, h float32, s boxStyle) {
	opBox(dst, x, y, w, h, s)
	c := paint.RGB(255, 255, 255)
	switch s {
	case BoxTabOn, boxField, boxFieldOn:
		c = paint.RGB(20, 20, 30)
	case boxOff:
		c = paint.RGB(150, 150, 150)
	}
	size := kit.OpFit(name, min(float64(h)*0.42, 30), true, float64(w-14))
	kit.OpTextMid(dst, name, size, true, float64(x+w/2), float64(y+h/2), paint.Center, c, 0)
}

func HitRect(x, y int, rx, ry, rw, rh float32) bool {
	return float32(x) >= rx && float32(x) < rx+rw && float32(y) >= ry && float32(y) < ry+rh
}

// errText is an error's message for the screen, without the package prefix: a
// PIN store's refusal in the operator's words, another error (a configuration's
// objection, the key it names) as its package wrote it.
func errText(err error) string {
	if errors.Is(err, operator.ErrWrongPIN) || errors.Is(err, operator.ErrLockedOut) || errors.Is(err, operator.ErrBadPIN) {
		return PinErrText(err)
	}
	return strings.ToUpper(strings.TrimPrefix(err.Error(), "operator: "))
}

// reasonWords is a tilt's reason in the operator's words: the machine's own
// reasons translated, with the detail that follows one (an error's text, as
// its package wrote it) kept; another reason as the machine wrote it.
func reasonWords(reason string) string {
	switch reason { // the machine's fixed reasons (machine/status.go)
	case "CALL ATTENDANT":
		return kit.OpTr("operator.reason.call_attendant")
	case "JACKPOT — waiting for the controller":
		return kit.OpTr("operator.reason.jackpot_wait")
	case "critical memory is closed":
		return kit.OpTr("operator.reason.memory_closed")
	}
	base, detail, _ := strings.Cut(reason, ": ")
	var w string
	switch base {
	case machine.TiltRNG:
		w = kit.OpTr("operator.tilt.rng")
	case machine.TiltMemory:
		w = kit.OpTr("operator.tilt.memory")
	case machine.TiltProgram:
		w = kit.OpTr("operator.tilt.program")
	case machine.TiltClockBackward:
		w = kit.OpTr("operator.tilt.clock")
	default:
		return reason
	}
	if detail != "" {
		w += ": " + detail
	}
	return w
}

// stateWord is a machine state in the operator's words.
func stateWord(s machine.State) string {
	switch s {
	case machine.Idle:
		return kit.OpTr("operator.state.idle")
	case machine.GameInProgress:
		return kit.OpTr("operator.state.game_in_progress")
	case machine.GambleOffered:
		return kit.OpTr("operator.state.gamble_offered")
	case machine.HandpayLockup:
		return kit.OpTr("operator.state.handpay_lockup")
	case machine.CashoutPending:
		return kit.OpTr("operator.state.cashout_pending")
	case machine.DoorOpen:
		return kit.OpTr("operator.state.door_open")
	case machine.Disabled:
		return kit.OpTr("operator.state.disabled")
	case machine.Tilt:
		return kit.OpTr("operator.state.tilt")
	case machine.RAMError:
		return kit.OpTr("operator.state.ram_error")
	case machine.JackpotPending:
		return kit.OpTr("operator.state.jackpot_pending")
	case machine.Reserved:
		return kit.OpTr("operator.state.reserved")
	}
	return strings.ToUpper(s.String())
}

// opSession is the cabinet's session as the operator menu reaches it
// (*MachineSession): the machine to read, its status, and inputs sent and
// waited for.
type opSession interface {
	Machine() kit.Platform
	Status() machine.Status
	Input(machine.Input) error
	Request(machine.Input) <-chan error
}
