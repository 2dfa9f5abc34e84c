//go:build cgo && !noscreen

package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
	"egm/machine"
	"egm/meters"
	"egm/operator"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// opShots are the operator menu's frames from TestMain's capture run.
var opShots struct {
	rig         *opRig
	err         error
	names       []string
	imgs        map[string]*image.RGBA
	replay, ref *slotscene.Play // the recalled game and the game as first shown
	credits     int64
	metersPage  *opmenu.MetersPage
	config      *opmenu.ConfigPage
	presenting  *slotscene.Play // a demo game at its first step
	ram         *opRig          // a machine in RAM ERROR
	ramOp       *opmenu.Operator
	handpay     *opRig // a machine in the handpay lockup
	handpayOp   *opmenu.Operator
}

// stillScene is a scene that does nothing.
type stillScene struct{}

func (stillScene) Update(*scene.Manager) error { return nil }
func (stillScene) Draw(*ebiten.Image)          {}

// fakeAudio is an AudioControl for the Volume page.
type fakeAudio struct {
	vol   float64
	muted bool
}

func (a *fakeAudio) Volume() float64     { return a.vol }
func (a *fakeAudio) SetVolume(v float64) { a.vol = v }
func (a *fakeAudio) Muted() bool         { return a.muted }
func (a *fakeAudio) SetMuted(m bool)     { a.muted = m }

func init() {
	moreShots = append(moreShots, struct {
		shots func(titles []*slot.Title) []scene.Shot
		got   func(imgs []*image.RGBA, err error)
		close func()
	}{operatorTestShots, func(imgs []*image.RGBA, err error) {
		if err != nil {
			opShots.err = err
			return
		}
		opShots.imgs = map[string]*image.RGBA{}
		for i, n := range opShots.names {
			opShots.imgs[n] = imgs[i]
		}
		if dir := os.Getenv("EGM_SHOTS"); dir != "" {
			for n, img := range opShots.imgs {
				_ = scene.WritePNG(dir+"/operator-"+n+".png", img)
			}
		}
	}, func() {
		if opShots.rig != nil {
			opShots.rig.Close()
		}
		if opShots.ram != nil {
			opShots.ram.Close()
		}
		if opShots.handpay != nil {
			opShots.handpay.Close()
		}
	}})
}

// operatorTestShots opens a rig and lays out every operator page, a recalled Lock
// & Spin respin next to the same outcome on a play scene, and a recalled gamble.
func operatorTestShots(titles []*slot.Title) []scene.Shot {
	r, err := newOpRig(titles, 9)
	if err != nil {
		opShots.err = err
		return nil
	}
	opShots.rig = r
	opShots.credits = r.m.Status().CreditsCents
	var shots []scene.Shot
	add := func(name string, s scene.Scene, frames int) {
		opShots.names = append(opShots.names, name)
		shots = append(shots, scene.Shot{Scene: s, Frames: frames})
	}
	pin := opmenu.NewOperator(r.s, titles, r.pin, nil, nil)
	pin.Entry = []byte("25")
	add("pin", pin, 2)
	page := func(name string, audio scene.AudioControl) *opmenu.Operator {
		o := r.menu(0, audio)
		o.OpenPage(o.PageIndex(name))
		return o
	}
	o := page("METERS", nil)
	opShots.metersPage = o.Pages[o.Page].(*opmenu.MetersPage)
	add("meters", o, 2)
	add("events", page("EVENT LOG", nil), 2)
	add("recall", page("GAME RECALL", nil), 2)
	o = page("CONFIGURATION", nil)
	cp := o.Pages[o.Page].(*opmenu.ConfigPage)
	cp.Edit.DenominationsCents = []int64{10, 20}
	cp.Check()
	opShots.config = cp
	add("config", o, 2)
	add("lockups", page("HANDPAY / TILT", nil), 2)
	add("ramclear", page("RAM CLEAR", nil), 2)
	add("volume", page("VOLUME", &fakeAudio{vol: 0.7}), 2)
	add("pinchange", page("CHANGE PIN", nil), 2)

	o, err = r.replayAt(r.lockGame, "LOCK & SPIN RESPIN", slotscene.RespinLand+2)
	if err != nil {
		opShots.err = err
		return nil
	}
	opShots.replay = o.Replay.Play
	add("replay", o, 2)
	// the same game as the screen first showed it: the outcome bytes of OutPresent
	out, err := opmenu.DecodeOutcome(r.presented[r.lockGame])
	if err != nil {
		opShots.err = err
		return nil
	}
	snap := o.Replay.Play.Snap
	snap.Outcome = out
	ref := slotscene.NewPlay(&opmenu.RecallSession{Snap: snap}, nil)
	ref.Attract = true
	ref.Tick = o.Replay.Play.Tick
	opShots.ref = ref
	add("reference", ref, 2)
	if g := r.gambledGame(); g != 0 {
		if o, err := r.replayAt(g, "GAMBLE CARD", 0); err == nil {
			add("gamble", o, 24)
		}
	}
	// table games: a blackjack hand in recall mid-replay (after its split), a
	// roulette spin at its pocket, the table games' settings
	if o, err = r.tableReplayAt(r.bjGame, ""); err != nil {
		opShots.err = err
		return nil
	}
	add("table-recall", o, 2)
	if o, err = r.tableReplayAt(r.rouletteGame, "POCKET"); err != nil {
		opShots.err = err
		return nil
	}
	add("table-recall-roulette", o, 2)
	for _, g := range []struct{ game, step string }{{play.ThreeCard, "DEALER'S CARDS"}, {play.PuntoBanco, "SETTLEMENT"}, {play.Holdem, "SHOWDOWN"}} {
		if o, err = r.tableReplayAt(r.tableGames[g.game], g.step); err != nil {
			opShots.err = err
			return nil
		}
		add("table-recall-"+g.game, o, 2)
	}
	add("table-games", page("TABLE GAMES", nil), 2)
	d := NewDemoSession(titles[0], 1)
	_ = d.Send(kit.Event{Input: kit.InputSpin})
	opShots.presenting = slotscene.NewPlay(d, titles)
	// RAM ERROR: the RAM clear page typed in, and the meters page without a store
	if opShots.ram, err = newRAMErrorRig(titles); err != nil {
		opShots.err = err
		return nil
	}
	o = opShots.ram.menu(0, nil)
	add("ram-meters", o, 2)
	o = opShots.ram.menu(0, nil)
	o.OpenPage(o.PageIndex("RAM CLEAR"))
	rp := o.Pages[o.Page].(*opmenu.RamClearPage)
	rp.Who, rp.Confirm = []rune("A. Operator"), []rune(opmenu.RamClearWords)
	rp.Texts()
	opShots.ramOp = o
	add("ram-clear", o, 2)
	// a handpay pending: the page asks for the confirmation
	if opShots.handpay, err = newHandpayRig(titles, 4); err != nil {
		opShots.err = err
		return nil
	}
	o = opShots.handpay.menu(0, nil)
	o.OpenPage(o.PageIndex("HANDPAY / TILT"))
	o.Pages[o.Page].(*opmenu.LockupPage).Confirm = true
	opShots.handpayOp = o
	add("handpay", o, 2)
	return shots
}

func opImg(t *testing.T, name string) *image.RGBA {
	t.Helper()
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	img := opShots.imgs[name]
	if img == nil {
		t.Fatalf("no %s shot", name)
	}
	return img
}

// region counts the pixels of r in img that match.
func region(img *image.RGBA, r image.Rectangle, match func(c color.RGBA) bool) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return n
}

func isWhite(c color.RGBA) bool { return c.R > 220 && c.G > 220 && c.B > 220 }
func isGreen(c color.RGBA) bool { return c.G > 120 && int(c.G) > int(c.R)+40 && int(c.G) > int(c.B)+30 }

// Every page is drawn, not blank, under the menu's header.
func TestOperatorPagesDrawn(t *testing.T) {
	for _, n := range []string{"pin", "meters", "events", "recall", "config", "lockups", "ramclear", "volume", "pinchange", "replay", "gamble"} {
		img := opImg(t, n)
		if d := distinct(img); d < 40 {
			t.Errorf("%s: only %d colours: blank?", n, d)
		}
		if n == "replay" || n == "gamble" {
			continue
		}
		// the header's gold title
		if g := region(img, image.Rect(40, 36, 500, 100), func(c color.RGBA) bool { return c.R > 220 && c.G > 180 && c.B < 150 }); g < 500 {
			t.Errorf("%s: no OPERATOR MENU title (%d gold pixels)", n, g)
		}
	}
}

// The PIN entry shows the keypad with its green OK key and one dot per digit.
func TestOperatorPINScreen(t *testing.T) {
	img := opImg(t, "pin")
	x, y, w, _ := opmenu.KeypadRect(11)
	if g := region(img, image.Rect(int(x)+6, int(y)+6, int(x+w)-6, int(y)+20), isGreen); g < 200 {
		t.Errorf("OK key not green (%d green pixels)", g)
	}
	dark := region(img, image.Rect(opmenu.PadX, 300, opmenu.PadX+3*opmenu.PadKW+2*opmenu.PadGap, 390), func(c color.RGBA) bool { return c.R < 60 && c.G < 60 && c.B < 60 })
	if dark < 300 {
		t.Errorf("no dots in the PIN field (%d dark pixels)", dark)
	}
}

// The meters page shows the machine's meters from critical memory: the credit
// value is the first row, drawn in white where the values go.
func TestOperatorMetersPage(t *testing.T) {
	img := opImg(t, "meters")
	p := opShots.metersPage
	if p.Left[0] != [2]string{kit.OpTr("operator.meter.current_credits"), kit.OpMoney(opShots.credits)} {
		t.Fatalf("first row %v, want the credits %s", p.Left[0], kit.OpMoney(opShots.credits))
	}
	var games string
	for _, r := range p.Left {
		if r[0] == kit.OpTr("operator.meter.games_played") {
			games = r[1]
		}
	}
	if games == "" || games == "0" {
		t.Errorf("games played %q", games)
	}
	w := int(paint.TextWidth(p.Left[0][1], 24, true))
	r := image.Rect(opmenu.OpX+730-w, opmenu.OpY+70, opmenu.OpX+730, opmenu.OpY+100)
	if n := region(img, r, isWhite); n < 60 {
		t.Errorf("the credit value is not drawn at %v (%d white pixels)", r, n)
	}
	if n := region(img, image.Rect(opmenu.OpX+730-w-200, opmenu.OpY+70, opmenu.OpX+730-w-10, opmenu.OpY+100), isWhite); n > 10 {
		t.Errorf("white pixels left of the value: %d", n)
	}
}

// The event log verifies the hash chain and shows the green check mark.
func TestOperatorEventsPage(t *testing.T) {
	img := opImg(t, "events")
	if g := region(img, image.Rect(opmenu.OpX+20, opmenu.OpY+20, opmenu.OpX+60, opmenu.OpY+55), isGreen); g < 40 {
		t.Errorf("no green check mark (%d green pixels)", g)
	}
}

// The configuration page lights the denominations of the edit: 0.10 and 0.20 on,
// 0.01 off, and APPLY is offered.
func TestOperatorConfigPage(t *testing.T) {
	img := opImg(t, "config")
	p := opShots.config
	at := func(i int) image.Rectangle {
		x, y := int(opmenu.DenomX(i)), int(p.RowY(0))
		return image.Rect(x+6, y+6, x+110, y+16)
	}
	for i, d := range kit.ProfileDenoms() {
		on := d == 10 || d == 20
		if g := region(img, at(i), isGreen); on != (g > 300) {
			t.Errorf("denomination %d: %d green pixels, want on %v", d, g, on)
		}
	}
	if !p.Dirty() || p.Problem != "" {
		t.Errorf("the edit is not offered for APPLY: dirty %v, problem %q", p.Dirty(), p.Problem)
	}
}

// The Volume page's bar is lit to 70%.
func TestOperatorVolumePage(t *testing.T) {
	img := opImg(t, "volume")
	bw := opmenu.OpW - 760
	lit := region(img, image.Rect(opmenu.OpX+380, opmenu.OpY+350, opmenu.OpX+380+bw, opmenu.OpY+352), isGreen) / 2
	if lit < bw*6/10 || lit > bw*8/10 {
		t.Errorf("%d of %d bar pixels lit, want ~70%%", lit, bw)
	}
}

// Game recall replays the stored outcome on the play scene's own reel view: at the
// same respin and tick, the reel window is the one the screen showed from the
// outcome bytes of OutPresent when the game was played.
func TestOperatorRecallShowsTheOriginal(t *testing.T) {
	img, ref := opImg(t, "replay"), opImg(t, "reference")
	p := opShots.replay
	if p.Tick != opShots.ref.Tick || p.T != opShots.ref.T {
		t.Fatalf("replay at tick %d/%d, reference at %d/%d", p.Tick, p.T, opShots.ref.Tick, opShots.ref.T)
	}
	g := p.G
	r := image.Rect(int(g.X), int(g.Y), int(g.X+g.W()), int(g.Y+g.H()))
	diff := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b := img.RGBAAt(x, y), ref.RGBAAt(x, y)
			if a != b {
				diff++
			}
		}
	}
	if diff > r.Dx()*r.Dy()/1000 {
		t.Errorf("the recalled reel window differs from the original in %d pixels", diff)
	}
	// the recall is the game: its bytes are the ones presented
	var p2 opmenu.RecallPage
	p2.Open(opShots.rig.menu(0, nil))
	found := false
	for _, e := range p2.Entries {
		if e.Number == opShots.rig.lockGame {
			found = string(e.Outcome) == string(opShots.rig.presented[e.Number])
		}
	}
	if !found {
		t.Errorf("recall of game %d does not hold the presented outcome", opShots.rig.lockGame)
	}
	// coins (gold) show on the grid
	gold := region(img, r, func(c color.RGBA) bool { return c.R > 200 && c.G > 150 && c.B < 90 })
	if gold < 2000 {
		t.Errorf("no Lock & Spin coins in the recalled grid (%d gold pixels)", gold)
	}
}

// A recalled gamble card is shown face up on the green table.
func TestOperatorRecallGamble(t *testing.T) {
	img := opImg(t, "gamble")
	if c := img.RGBAAt(340, 600); c.G < c.R || c.G < c.B {
		t.Errorf("no green gamble table at (340,600): %v", c)
	}
	if n := region(img, image.Rect(paint.ScreenW/2-70, 400, paint.ScreenW/2-50, 600), isWhite); n < 200 {
		t.Errorf("no card face up (%d white pixels)", n)
	}
}

// The replay steps through the base spin, each respin, the result and each gamble
// card, in the order they were played.
func TestOperatorRecallSteps(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	o, err := r.replayAt(r.lockGame, "BASE SPIN", 0)
	if err != nil {
		t.Fatal(err)
	}
	rp := o.Replay
	out := rp.Play.TL.Outcome
	var keys []string
	for _, s := range rp.Steps {
		keys = append(keys, s.Key)
	}
	if keys[0] != "BASE SPIN" || keys[len(keys)-1-len(rp.Rounds)] != "RESULT" {
		t.Errorf("steps %q", keys)
	}
	tl := rp.Play.TL.Steps
	if want := kit.OpTr("operator.step.result", "Amount", kit.OpMoney(tl[len(tl)-1].WinTo)); rp.Steps[len(keys)-1-len(rp.Rounds)].Name != want {
		t.Errorf("the result step says %q, want %q", rp.Steps[len(keys)-1-len(rp.Rounds)].Name, want)
	}
	respins := 0
	for _, k := range keys {
		if k == "LOCK & SPIN RESPIN" {
			respins++
		}
	}
	if respins != len(out.LockSpin.Respins) {
		t.Errorf("%d respin steps, the outcome has %d", respins, len(out.LockSpin.Respins))
	}
	// playing through reaches the last step with the credits after the game
	rp.Playing = true
	for i := 0; i < 100_000 && rp.Playing; i++ {
		rp.Advance()
	}
	if rp.Cur != len(rp.Steps)-1 || rp.Play.Snap.Credit != rp.E.CreditsAfterCents {
		t.Errorf("played through to step %d of %d, credit %d (after: %d)", rp.Cur, len(rp.Steps), rp.Play.Snap.Credit, rp.E.CreditsAfterCents)
	}
}

// wait polls fn until it reports true (the machine's goroutine answers).
func wait(t *testing.T, what string, fn func() bool) {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if fn() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s: no answer", what)
}

// The PIN flow: a new install asks for a new PIN twice, refuses a trivial one and
// two entries that differ; then the PIN opens the menu, a wrong one does not, and
// five wrong ones lock it.
func TestOperatorPINFlow(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	pin := operator.Open(t.TempDir(), operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
	r := opShots.rig
	typeIn := func(o *opmenu.Operator, keys string) {
		for _, k := range keys {
			o.Press(string(k))
		}
		o.Press("OK")
		if o.Pending != nil {
			wait(t, "PIN", func() bool { o.PollPIN(); return o.Pending == nil })
		}
	}
	o := opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	steps := []struct {
		keys string
		mode opmenu.OpMode
		msg  string
	}{
		{"1111", opmenu.ModeNew, kit.OpTr("operator.pin.bad_repeated")},
		{"2580", opmenu.ModeConfirm, kit.OpTr("operator.pin.new_again")},
		{"2581", opmenu.ModeNew, kit.OpTr("operator.pin.differ_choose")},
		{"3691", opmenu.ModeConfirm, kit.OpTr("operator.pin.new_again")},
		{"3691", opmenu.ModeMenu, ""},
	}
	for _, s := range steps {
		typeIn(o, s.keys)
		if o.Mode != s.mode || o.PinMsg != s.msg {
			t.Fatalf("after %s: mode %d %q, want %d %q", s.keys, o.Mode, o.PinMsg, s.mode, s.msg)
		}
	}
	o = opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	if o.Mode != opmenu.ModeEnter {
		t.Fatalf("mode %d with a PIN set", o.Mode)
	}
	o.Press("3")
	o.Press("<") // rubbed out
	typeIn(o, "3691")
	if o.Mode != opmenu.ModeMenu {
		t.Fatalf("the right PIN: mode %d %q", o.Mode, o.PinMsg)
	}
	o.Close()
	r.s.Flush()
	var log []string
	r.m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		for _, e := range evs[len(evs)-3:] {
			log = append(log, string(e.Kind)+" "+e.Detail)
		}
	})
	if want := []string{"operator_access operator menu: new operator PIN set; menu opened",
		"operator_access operator menu: menu opened with the PIN", "operator_access operator menu: menu closed"}; !slices.Equal(log, want) {
		t.Errorf("event log ends %q, want %q", log, want)
	}
	o = opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	for i := 1; i <= operator.MaxFailures; i++ {
		typeIn(o, "1357")
		ok := o.PinMsg == kit.OpTr("operator.pin.wrong")
		if i == operator.MaxFailures {
			ok = errors.Is(o.PinErr, operator.ErrLockedOut) && o.PinMsg == opmenu.PinErrText(o.PinErr)
		}
		if o.Mode != opmenu.ModeEnter || !ok || !o.PinBad {
			t.Fatalf("wrong try %d: mode %d %q", i, o.Mode, o.PinMsg)
		}
	}
	typeIn(o, "3691")
	if o.Mode != opmenu.ModeEnter || !errors.Is(o.PinErr, operator.ErrLockedOut) || o.PinMsg != opmenu.PinErrText(o.PinErr) {
		t.Fatalf("the right PIN while locked out: mode %d %q", o.Mode, o.PinMsg)
	}
	r.s.Flush()
	r.m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		if e := evs[len(evs)-1]; e.Kind != machine.EvOperatorAccess || !strings.Contains(e.Detail, "locked out") {
			t.Errorf("last event %+v, want the lockout", e)
		}
	})
	// a PIN file others may read keeps the menu shut
	os.Chmod(pin.Path(), 0o644)
	o = opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	if o.Mode != opmenu.ModeBroken || !strings.Contains(o.PinMsg, "0644") {
		t.Fatalf("PIN file readable by others: mode %d %q", o.Mode, o.PinMsg)
	}
	typeIn(o, "3691")
	if o.Mode != opmenu.ModeBroken {
		t.Fatal("a broken PIN file let the menu open")
	}
}

// The configuration page applies a change to the machine (with its event), and the
// machine refuses it mid-game: the page says so and the configuration stays.
func TestOperatorConfigApply(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	m := r.m
	o := r.menu(0, nil)
	o.OpenPage(o.PageIndex("CONFIGURATION"))
	p := o.Pages[o.Page].(*opmenu.ConfigPage)
	apply := func() {
		p.Apply(o)
		wait(t, "configure", func() bool { o.Poll(); return o.Req == nil })
	}
	p.Edit.HandpayLimitCents = p.Edit.Gamble.MaxWin - 1 // Validate refuses it: nothing is sent
	p.Check()
	apply()
	if !strings.HasPrefix(o.Msg, kit.OpTr("operator.config.not_applied", "Problem", "")) || !strings.Contains(o.Msg, "GAMBLE.MAX_WIN") {
		t.Fatalf("invalid edit: %q", o.Msg)
	}
	p.Open(o)
	p.Edit.DenominationsCents = []int64{5, 10}
	p.Edit.IdleCashoutMinutes = int(opmenu.Step(int64(p.Edit.IdleCashoutMinutes), opmenu.IdleSteps, 1))
	want := p.Edit.IdleCashoutMinutes
	p.Check()
	apply()
	if got := m.Config(); !slices.Equal(got.DenominationsCents, []int64{5, 10}) || got.IdleCashoutMinutes != want {
		t.Fatalf("machine config after APPLY: %+v (%q)", got, o.Msg)
	}
	if !o.MsgOK || o.Msg != kit.OpTr("operator.config.applied") {
		t.Errorf("status line %q", o.Msg)
	}
	var last meters.Event
	m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		last = evs[len(evs)-1]
	})
	if last.Kind != meters.EvConfigChange || !strings.Contains(last.Detail, "by operator menu") || !strings.Contains(last.Detail, "[5,10]") {
		t.Errorf("last event %+v", last)
	}
	// mid-game: refused, and the configuration stays
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_000}); err != nil && !errors.Is(err, machine.ErrRefused) {
		t.Fatal(err)
	}
	var st machine.Status
	for i := 0; i < 500; i++ {
		if err := m.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
			t.Fatal(err)
		}
		if st = m.Status(); st.State == machine.GameInProgress {
			break
		}
		if st.State == machine.GambleOffered {
			m.Handle(machine.Input{Kind: machine.InTakeWin})
		}
	}
	if st.State != machine.GameInProgress {
		t.Fatalf("no game in progress to refuse in: %s", st.State)
	}
	p.Open(o)
	p.Edit.DenominationsCents = []int64{10}
	p.Check()
	apply()
	if o.MsgOK || !strings.Contains(o.Msg, "IN PROGRESS") {
		t.Errorf("mid-game: status line %q", o.Msg)
	}
	if got := m.Config(); !slices.Equal(got.DenominationsCents, []int64{5, 10}) {
		t.Errorf("mid-game the configuration changed: %v", got.DenominationsCents)
	}
	if !slices.Equal(p.Edit.DenominationsCents, []int64{10}) {
		t.Errorf("a refused edit was lost: %v", p.Edit.DenominationsCents)
	}
	for st = m.Status(); st.State == machine.GameInProgress; st = m.Status() {
		m.Handle(machine.Input{Kind: machine.InStepShown, Step: st.Step})
	}
	if st.State == machine.GambleOffered {
		m.Handle(machine.Input{Kind: machine.InTakeWin})
	}
}

// The menu opens from idle or a lockup, never during a game's presentation.
func TestOperatorMenuOnlyBetweenGames(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	c := &cabinet{s: r.s, titles: r.titles, opt: CabinetOptions{PIN: r.pin}}
	c.cur = opShots.presenting
	if !opShots.presenting.Presenting() {
		t.Fatal("the demo game is not being presented")
	}
	c.openMenu()
	if c.op != nil {
		t.Fatal("the menu opened during a presentation")
	}
	c.cur = stillScene{}
	r.s.Flush()
	if st := r.s.Status().State; st != machine.Idle {
		t.Fatalf("machine %s", st)
	}
	c.openMenu()
	if c.op == nil || c.op.Mode != opmenu.ModeEnter {
		t.Fatal("the menu did not open from idle")
	}
}

// The operator pages' frame cost is reported, not asserted (software GL under
// Xvfb, shared cores).
func TestOperatorFrameCost(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	off := len(shots.stats) - len(opShots.names) // the operator shots are the last ones
	for i, n := range opShots.names {
		if off+i >= 0 && off+i < len(shots.stats) {
			st := shots.stats[off+i]
			t.Logf("operator %-9s %d frames: Update+Draw %v, %.0f allocations per frame", n, st.Frames, st.PerFrame, st.AllocsPerFrame)
		}
	}
}

// In RAM ERROR the meters page says critical memory is not open; the RAM clear
// page, with the name and the words typed, clears it: the machine boots afresh with
// a ram_clear event naming the operator.
func TestOperatorRAMClear(t *testing.T) {
	img := opImg(t, "ram-clear")
	o := opShots.ramOp
	if st := o.S.Status().State; st != machine.RAMError {
		t.Fatalf("machine %s, want RAM ERROR", st)
	}
	red := func(c color.RGBA) bool { return c.R > 150 && c.G < 90 && c.B < 90 }
	if n := region(img, image.Rect(opmenu.OpX+510, opmenu.RamButtonY+6, opmenu.OpX+970, opmenu.RamButtonY+20), red); n < 1000 {
		t.Errorf("the RAM CLEAR button is not lit red (%d red pixels)", n)
	}
	if n := region(opImg(t, "ram-meters"), image.Rect(opmenu.OpX+100, opmenu.OpY+300, opmenu.OpX+opmenu.OpW-100, opmenu.OpY+340), red); n < 100 {
		t.Errorf("the meters page does not say critical memory is not open (%d red pixels)", n)
	}
	p := o.Pages[o.Page].(*opmenu.RamClearPage)
	p.Open(o)
	for _, k := range []string{"A", ".", "SPACE", "O", "P", "X", "DEL"} { // the on-screen keys
		p.Key(k)
	}
	p.Field = 1
	for _, k := range "ram clea" { // typed: upper case in the confirmation
		p.Key(string(k))
	}
	if string(p.Who) != "A. OP" || string(p.Confirm) != "RAM CLEA" {
		t.Fatalf("typed %q and %q", string(p.Who), string(p.Confirm))
	}
	p.Who = []rune("A. Operator")
	p.Submit(o)
	if o.Req != nil || o.MsgOK {
		t.Fatalf("a RAM clear without the words typed was sent: %q", o.Msg)
	}
	p.Confirm = []rune(opmenu.RamClearWords)
	p.Submit(o)
	wait(t, "RAM clear", func() bool { o.Poll(); return o.Req == nil })
	if !o.MsgOK || o.Msg != kit.OpTr("operator.ram.cleared", "Who", "A. OPERATOR") {
		t.Fatalf("status line %q", o.Msg)
	}
	m := opShots.ram.m
	if st := m.Status(); st.State != machine.Idle || st.CreditsCents != 0 {
		t.Fatalf("after the RAM clear: %s, %d cents", st.State, st.CreditsCents)
	}
	found := false
	m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		for _, e := range evs {
			found = found || e.Kind == meters.EvRAMClear && strings.Contains(e.Detail, "A. Operator")
		}
	})
	if !found {
		t.Error("no ram_clear event naming the operator")
	}
}

// CHANGE PIN: the current PIN, then the new one twice; a wrong current PIN or
// two new entries that differ change nothing.
func TestOperatorChangePIN(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	pin := operator.Open(t.TempDir(), operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
	if err := pin.Set("2580"); err != nil {
		t.Fatal(err)
	}
	o := opmenu.NewOperator(r.s, r.titles, pin, nil, nil)
	o.PinAnswer(nil)
	o.OpenPage(o.PageIndex("CHANGE PIN"))
	p := o.Pages[o.Page].(*opmenu.PinPage)
	typeIn := func(keys string) {
		for _, k := range keys {
			p.Press(o, string(k))
		}
		p.Press(o, "OK")
		if p.Pending != nil {
			wait(t, "PIN change", func() bool { p.Update(o); return p.Pending == nil })
		}
	}
	for _, s := range []struct {
		keys  string
		stage int
		msg   string
	}{
		{"1111", 1, opmenu.PinStageMsg(1)}, // the current PIN is checked at the end
		{"4444", 1, kit.OpTr("operator.pin.bad_repeated")},
		{"3691", 2, opmenu.PinStageMsg(2)},
		{"3692", 1, kit.OpTr("operator.pin.differ_again")},
		{"3691", 2, opmenu.PinStageMsg(2)},
		{"3691", 0, kit.OpTr("operator.pin.wrong")},
		{"2580", 1, opmenu.PinStageMsg(1)},
		{"3691", 2, opmenu.PinStageMsg(2)},
		{"3691", 0, kit.OpTr("operator.pin.changed")},
	} {
		typeIn(s.keys)
		if p.Stage != s.stage || p.Msg != s.msg {
			t.Fatalf("after %s: stage %d %q, want %d %q", s.keys, p.Stage, p.Msg, s.stage, s.msg)
		}
	}
	if err := pin.Verify("3691"); err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
}

// The service keys: F10 opens and closes the main door, F11 opens and closes the
// menu, F9 turns the attendant key (nothing to clear: the machine says so).
func TestOperatorServiceKeys(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	c := &cabinet{s: r.s, titles: r.titles, opt: CabinetOptions{PIN: r.pin}, cur: stillScene{}}
	c.serviceKey(keyDoor)
	r.s.Flush()
	if st := r.s.Status(); st.State != machine.DoorOpen {
		t.Fatalf("after F10: %s", st.State)
	}
	c.serviceKey(keyMenu) // the menu opens in the DOOR OPEN lockup
	if c.op == nil {
		t.Fatal("F11 did not open the menu in DOOR OPEN")
	}
	c.serviceKey(keyMenu)
	if c.op != nil {
		t.Fatal("F11 did not close the menu")
	}
	c.serviceKey(keyDoor)
	r.s.Flush()
	if st := r.s.Status(); st.State != machine.Idle {
		t.Fatalf("after F10 again: %s", st.State)
	}
	c.serviceKey(keyAttendant)
	r.s.Flush()
	if msg := r.s.Snapshot().Message; msg != kit.StatusCase(kit.Tr("play.refused.nothing_to_clear")) {
		t.Errorf("F9 with nothing to clear: status line %q", msg)
	}
}

// An open menu closes itself after five minutes without input, and says so in the
// event log; input keeps it open.
func TestOperatorIdleClose(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	o := r.menu(0, nil)
	for i := 0; i < opmenu.OpIdleTicks-1; i++ {
		if o.IdleTick(i == opmenu.OpIdleTicks/2) {
			t.Fatalf("closed after %d ticks", i)
		}
	}
	for i := 0; i <= opmenu.OpIdleTicks/2+1; i++ {
		o.IdleTick(false)
	}
	if !o.Done() {
		t.Fatal("still open after five idle minutes")
	}
	r.s.Flush()
	r.m.View(func(v *meters.Snapshot) {
		evs, _ := v.Events()
		if e := evs[len(evs)-1]; e.Kind != machine.EvOperatorAccess || !strings.Contains(e.Detail, "without input") {
			t.Errorf("last event %+v", e)
		}
	})
}

// A pending handpay shows its amount and asks for a confirmation; YES, YES resets
// it (the attendant key): the win is counted as paid by hand and the machine is
// idle again; NO goes back.
func TestOperatorHandpayReset(t *testing.T) {
	img := opImg(t, "handpay")
	o := opShots.handpayOp
	m := opShots.handpay.m
	st := m.Status()
	if st.State != machine.HandpayLockup || st.WinCents <= 4_000 {
		t.Fatalf("machine %s, win %d", st.State, st.WinCents)
	}
	p := o.Pages[o.Page].(*opmenu.LockupPage)
	if p.Lines[0] != kit.OpMoney(st.WinCents) || !strings.Contains(p.Lines[2], kit.OpMoney(st.WinCents)) {
		t.Errorf("page lines %q for a handpay of %s", p.Lines, kit.OpMoney(st.WinCents))
	}
	// the amount, large and white, and the green YES
	if n := region(img, image.Rect(opmenu.OpX+300, opmenu.OpY+150, opmenu.OpX+opmenu.OpW-300, opmenu.OpY+240), isWhite); n < 2000 {
		t.Errorf("the amount is not drawn (%d white pixels)", n)
	}
	if n := region(img, image.Rect(opmenu.OpX+310, opmenu.OpY+426, opmenu.OpX+690, opmenu.OpY+440), isGreen); n < 1000 {
		t.Errorf("no green YES button (%d green pixels)", n)
	}
	handpay := func() (v int64) { m.View(func(s *meters.Snapshot) { v = s.Meters().Get(meters.Handpay) }); return v }
	before := handpay()
	o.Status()
	p.Act(o, false, true) // NO
	if p.Confirm || o.Req != nil {
		t.Fatal("NO sent something")
	}
	p.Act(o, true, false) // HANDPAY RESET
	if !p.Confirm || o.Req != nil {
		t.Fatal("the first YES did not ask for the confirmation")
	}
	p.Act(o, true, false) // YES, RESET
	wait(t, "handpay reset", func() bool { o.Poll(); return o.Req == nil })
	if !o.MsgOK || o.Msg != kit.OpTr("operator.handpay.done", "Amount", kit.OpMoney(st.WinCents)) {
		t.Errorf("status line %q", o.Msg)
	}
	if s := m.Status(); s.State != machine.Idle {
		t.Fatalf("after the reset: %s", s.State)
	}
	if got := handpay(); got != before+st.WinCents {
		t.Errorf("handpay meter %d, want %d", got, before+st.WinCents)
	}
}

// A recalled game whose outcome cannot be read, or whose title is not installed,
// is shown as a message, never drawn from guesses.
func TestOperatorRecallUnreadable(t *testing.T) {
	titles := map[string]*slot.Title{}
	if opShots.rig != nil {
		for _, ti := range opShots.rig.titles {
			titles[ti.Spec.ID] = ti
		}
	}
	for _, tc := range []struct {
		e    meters.RecallEntry
		want string
	}{
		{meters.RecallEntry{Number: 7, Title: rigTitle, Outcome: []byte(`{"window":`), Voided: true, VoidReason: "program error"}, kit.OpTr("operator.recall.unreadable", "Detail", "")},
		{meters.RecallEntry{Number: 8, Title: rigTitle}, kit.OpTr("operator.recall.unreadable", "Detail", "")},
		{meters.RecallEntry{Number: 9, Title: "no-such-title", Outcome: []byte(`{}`)}, kit.OpTr("operator.recall.not_installed", "Title", "NO-SUCH-TITLE")},
	} {
		r := opmenu.NewRecallReplay(tc.e, titles)
		if r.Play != nil || !strings.HasPrefix(r.Problem, tc.want) {
			t.Errorf("game %d: problem %q, want %q", tc.e.Number, r.Problem, tc.want)
		}
	}
	r := opmenu.NewRecallReplay(meters.RecallEntry{Number: 7, Title: rigTitle, Voided: true, VoidReason: "program error"}, titles)
	if r.Info[5] != kit.OpTr("operator.recall.voided", "Reason", kit.OpTr("operator.tilt.program")) {
		t.Errorf("void not stated: %q", r.Info)
	}
}

// End to end on the metered cabinet, through a script: the menu key (F11) opens
// the operator menu over the lobby, a new install asks for a new PIN on the
// keypad, Esc closes it; the door key goes through the machine.
func TestScriptOperatorMenu(t *testing.T) {
	dir := t.TempDir()
	m := openScriptMachine(t, filepath.Join(dir, "state"))
	defer m.Close()
	s, err := ParseScript(strings.NewReader(fmt.Sprintf("menu\nwait 200ms\nscreenshot %s\nback\nwait 200ms\nquit\n", filepath.Join(dir, "menu"))), "operator")
	if err != nil {
		t.Fatal(err)
	}
	pin := operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
	c, err := newCabinet(m, m.Titles(), CabinetOptions{Options: Options{Scene: "lobby"}, PIN: pin})
	if err != nil {
		t.Fatal(err)
	}
	defer c.s.Close()
	mgr := scene.NewManager(c)
	var log bytes.Buffer
	setScript(mgr, s, m.Titles(), &log)
	if n, err := runUntilQuit(mgr, 600); err != nil || !mgr.Driver().(*scriptRunner).quit {
		t.Fatalf("after %d frames: %v\n%s", n, err, &log)
	}
	if c.op != nil {
		t.Error("Esc did not close the menu")
	}
	f, err := os.Open(filepath.Join(dir, "menu.png"))
	if err != nil {
		t.Fatalf("%v\n%s", err, &log)
	}
	defer f.Close()
	dec, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	shot := image.NewRGBA(dec.Bounds())
	draw.Draw(shot, shot.Bounds(), dec, image.Point{}, draw.Src)
	x, y, w, _ := opmenu.KeypadRect(11)
	if g := region(shot, image.Rect(int(x)+6, int(y)+6, int(x+w)-6, int(y)+20), isGreen); g < 200 {
		t.Errorf("no keypad with a green OK key on the menu's screenshot (%d green pixels)", g)
	}
	if g := region(shot, image.Rect(40, 36, 500, 100), func(c color.RGBA) bool { return c.R > 220 && c.G > 180 && c.B < 150 }); g < 500 {
		t.Errorf("no OPERATOR MENU title on the screenshot (%d gold pixels)", g)
	}
}

// The operator menu is in the operator's language, the configuration's, never
// the player's: with the player switched to Russian, an EE machine's menu is
// Estonian and a KZ machine's Kazakh, read from the catalogue; a menu open when
// the configuration changes draws itself again in the new language.
func TestOperatorLanguageNotPlayers(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	r := opShots.rig
	catalogue := func(l locale.Lang, id string) string {
		s := locale.Forms(l, id)["other"]
		if s == "" {
			t.Fatalf("%s: no %s message", l, id)
		}
		return s
	}
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	defer img.Deallocate()
	var open *opmenu.Operator // the EE menu, left open across the change to KZ
	for _, c := range []struct {
		p    jurisdiction.Profile
		lang locale.Lang
	}{{jurisdiction.EE, locale.ET}, {jurisdiction.KZ, locale.KK}} {
		kit.SetJurisdiction(c.p, "")
		kit.SetPlayerLang(locale.RU)
		if kit.PlayerLang() != locale.RU || kit.Tr("common.language") != catalogue(locale.RU, "common.language") {
			t.Fatalf("%s: the player's language is %s, want ru", c.p.Code, kit.PlayerLang())
		}
		o := r.menu(0, nil)
		o.OpenPage(o.PageIndex("METERS"))
		o.Draw(img)
		p := o.Pages[o.Page].(*opmenu.MetersPage)
		for _, x := range []struct{ got, id string }{
			{p.Name(), "operator.page.meters"},
			{p.Left[0][0], "operator.meter.current_credits"},
			{kit.OpTr("operator.header.title"), "operator.header.title"},
		} {
			if want := catalogue(c.lang, x.id); x.got != want {
				t.Errorf("%s with a Russian player: %s is %q, want the %s %q", c.p.Code, x.id, x.got, c.lang, want)
			}
		}
		if ru := catalogue(locale.RU, "operator.page.meters"); p.Name() == ru {
			t.Errorf("%s: the menu follows the player's language (%q)", c.p.Code, ru)
		}
		if open != nil { // the EE menu, drawn again after the change to KZ
			open.Draw(img)
			op := open.Pages[open.Page].(*opmenu.MetersPage)
			if want := catalogue(locale.KK, "operator.meter.current_credits"); op.Left[0][0] != want {
				t.Errorf("a menu open across the change still says %q, want %q", op.Left[0][0], want)
			}
		}
		open = o
	}
}

// Every button and tab caption of the menu and the replay fits its box in every
// language at no less than 60% of its size (the captions shrink to fit; below
// that they are too small to read at arm's length).
func TestOperatorCaptionsFit(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	r := opShots.rig
	type box struct {
		s    string
		w, h float64
	}
	for _, l := range locale.All() {
		kit.SetJurisdiction(jurisdiction.EE, l)
		o := opmenu.NewOperator(r.s, r.titles, r.pin, &fakeAudio{}, nil)
		boxes := []box{{kit.OpTr("operator.button.exit"), opmenu.TabW, opmenu.TabH},
			{kit.OpTr("operator.button.revert"), 250, 90}, {kit.OpTr("operator.button.apply"), 250, 90},
			{kit.OpTr("operator.button.yes_reset"), 400, 110}, {kit.OpTr("operator.button.no"), 400, 110},
			{kit.OpTr("operator.button.handpay_reset"), 400, 110}, {kit.OpTr("operator.button.clear_tilt"), 400, 110},
			{kit.OpTr("operator.button.ram_clear"), 480, 96}, {kit.OpTr("operator.button.mute"), 400, 110}, {kit.OpTr("operator.button.unmute"), 400, 110},
			{kit.OpTr("operator.key.delete"), opmenu.PadKW, opmenu.PadKH}, {kit.OpTr("operator.key.delete"), opmenu.RamKeyW, opmenu.RamKeyH}, {kit.OpTr("operator.key.space"), opmenu.RamKeyW, opmenu.RamKeyH},
			{kit.OpTr("operator.on"), 120, 80}, {kit.OpTr("operator.off"), 120, 80}}
		for _, p := range o.Pages {
			boxes = append(boxes, box{p.Name(), opmenu.TabW, opmenu.TabH})
		}
		for _, b := range opmenu.ReplayButtons {
			boxes = append(boxes, box{opmenu.ReplayCaption(b.Act, false), float64(b.W), 90}, box{opmenu.ReplayCaption(b.Act, true), float64(b.W), 90})
		}
		for _, k := range serviceStrip {
			boxes = append(boxes, box{stripCaption(k.key), stripW, stripH})
		}
		for _, b := range boxes {
			size := min(b.h*0.42, 30)
			if got := paint.FitSize(b.s, size, true, b.w-14); got < 0.6*size {
				t.Errorf("%s: %q in a %.0f×%.0f box is drawn at %.1f of %.1f", l, b.s, b.w, b.h, got, size)
			}
		}
	}
}
