//go:build cgo && !noscreen

package opmenu

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/games/slot"
	"egm/machine"
	"egm/meters"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// RecallPage lists the last games critical memory keeps (newest first); choosing
// one replays it.
type RecallPage struct {
	gen     int
	seq     uint64
	Entries []meters.RecallEntry
	Rows    [][6]string // number, time, title, bet, win, credits before → after and flags
	top     int
	Sel     int
	refresh int
}

const (
	recallRows = 16
	recallStep = 42
	recallY0   = OpY + 110
)

func (p *RecallPage) Name() string { return kit.OpTr("operator.page.recall") }

func (p *RecallPage) still() [3]int { return [3]int{p.gen, p.top, p.Sel} }

func (p *RecallPage) Open(o *Operator) {
	p.gen++
	p.seq = o.storeSeq()
	p.Entries = nil
	o.view(func(v *meters.Snapshot) { p.Entries = v.Recall() })
	p.Rows = p.Rows[:0]
	for _, e := range p.Entries {
		name := e.Title
		if t := o.Titles[e.Title]; t != nil {
			name = t.Spec.Name
		}
		var flags []string
		if play.IsTable(e.Title) {
			name, flags = play.Name(e.Title), tableFlags(e)
		} else if o, err := DecodeOutcome(e.Outcome); err == nil {
			if o.FreeGames != nil {
				flags = append(flags, kit.OpTr("operator.recall.flag_free_games"))
			}
			if o.LockSpin != nil {
				flags = append(flags, "LOCK & SPIN") // the feature's name
			}
		}
		if n := gambleCards(e.Gamble); n > 0 {
			flags = append(flags, kit.OpTr("operator.recall.flag_gamble", "Cards", n))
		}
		if e.HandpayCents > 0 {
			flags = append(flags, kit.OpTr("operator.recall.flag_handpay"))
		}
		if e.Voided {
			flags = append(flags, kit.OpTr("operator.recall.flag_void"))
		}
		p.Rows = append(p.Rows, [6]string{"#" + strconv.FormatUint(e.Number, 10), e.Time.UTC().Format("01-02 15:04:05"),
			strings.ToUpper(name), kit.OpMoneyNum(e.BetCents), kit.OpMoneyNum(e.WinCents),
			kit.OpMoneyNum(e.CreditsBeforeCents) + " → " + kit.OpMoneyNum(e.CreditsAfterCents) + "  " + strings.Join(flags, " · ")})
	}
	p.Sel = min(p.Sel, max(len(p.Rows)-1, 0))
	p.scroll()
}

func (p *RecallPage) scroll() {
	if p.Sel < p.top {
		p.top = p.Sel
	}
	if p.Sel >= p.top+recallRows {
		p.top = p.Sel - recallRows + 1
	}
	p.top = min(max(p.top, 0), max(len(p.Rows)-recallRows, 0))
}

func (p *RecallPage) Update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.Open(o)
	}
	if len(p.Rows) == 0 {
		return
	}
	switch {
	case scene.Pressed(ebiten.KeyArrowDown):
		p.Sel = min(p.Sel+1, len(p.Rows)-1)
	case scene.Pressed(ebiten.KeyArrowUp):
		p.Sel = max(p.Sel-1, 0)
	case scene.Pressed(ebiten.KeyPageDown):
		p.Sel = min(p.Sel+recallRows, len(p.Rows)-1)
	case scene.Pressed(ebiten.KeyPageUp):
		p.Sel = max(p.Sel-recallRows, 0)
	case scene.Pressed(ebiten.KeyEnter):
		o.Replay = NewRecallReplay(p.Entries[p.Sel], o.Titles)
		return
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		p.top = min(max(p.top-int(math.Copysign(3, wy)), 0), max(len(p.Rows)-recallRows, 0))
		return
	}
	if x, y, ok := scene.Pointer(); ok {
		switch {
		case HitRect(x, y, OpX+OpW-110, OpY+20, 90, 70):
			p.top = max(p.top-recallRows, 0)
			return
		case HitRect(x, y, OpX+OpW-110, OpY+OpH-90, 90, 70):
			p.top = min(p.top+recallRows, max(len(p.Rows)-recallRows, 0))
			return
		}
		for i := 0; i < recallRows && p.top+i < len(p.Rows); i++ {
			if HitRect(x, y, OpX+20, recallY0+float32(i*recallStep)-6, OpW-150, recallStep) {
				p.Sel = p.top + i
				o.Replay = NewRecallReplay(p.Entries[p.Sel], o.Titles)
				return
			}
		}
	}
	p.scroll()
}

func (p *RecallPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	head := kit.OpTrN("operator.recall.head", int64(len(p.Rows)))
	kit.OpText(dst, head, kit.OpFit(head, 24, true, OpW-160), true, OpX+30, OpY+22, paint.Left, paint.RGB(255, 220, 120), 0)
	for i := range recallColX {
		h := recallColumn(i)
		kit.OpText(dst, h, kit.OpFit(h, 18, true, recallColW[i]), true, recallColX[i], OpY+66, recallAlign[i], paint.RGB(150, 160, 190), 0)
	}
	if len(p.Rows) == 0 {
		kit.OpText(dst, kit.OpTr("operator.recall.none"), 32, true, OpX+OpW/2, OpY+340, paint.Center, paint.RGB(200, 210, 230), 0)
	}
	for i := 0; i < recallRows && p.top+i < len(p.Rows); i++ {
		y := recallY0 + float32(i*recallStep)
		if p.top+i == p.Sel {
			opBox(dst, OpX+16, y-8, OpW-140, recallStep, boxTab)
		}
		for c, s := range p.Rows[p.top+i] {
			kit.OpText(dst, s, kit.OpFit(s, 21, c == 0 || c == 4, recallColW[c]), c == 0 || c == 4, recallColX[c], float64(y), recallAlign[c], paint.RGB(235, 235, 240), 0)
		}
	}
	OpButtonAt(dst, "↑", OpX+OpW-110, OpY+20, 90, 70, BoxKey)
	OpButtonAt(dst, "↓", OpX+OpW-110, OpY+OpH-90, 90, 70, BoxKey)
}

var (
	recallColX  = [6]float64{OpX + 30, OpX + 140, OpX + 320, OpX + 810, OpX + 950, OpX + 990}
	recallColW  = [6]float64{105, 175, 380, 150, 130, 370}
	recallAlign = [6]paint.Align{paint.Left, paint.Left, paint.Left, paint.Right, paint.Right, paint.Left}
)

// recallColumn is the recall list's column i's caption.
func recallColumn(i int) string {
	switch i {
	case 0:
		return kit.OpTr("operator.recall.col_game")
	case 1:
		return kit.OpTr("operator.recall.col_time")
	case 2:
		return kit.OpTr("operator.recall.col_title")
	case 3:
		return kit.OpTr("operator.recall.col_bet")
	case 4:
		return kit.OpTr("operator.recall.col_win")
	}
	return kit.OpTr("operator.recall.col_credits")
}

// gambleCards counts the cards of a recalled gamble round (0: none, or the win
// taken at once).
func gambleCards(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	var r gamble.Round
	if json.Unmarshal(b, &r) != nil {
		return 0
	}
	return len(r.Steps)
}

func DecodeOutcome(b []byte) (*slot.Outcome, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("no outcome stored")
	}
	o := new(slot.Outcome)
	if err := json.Unmarshal(b, o); err != nil {
		return nil, err
	}
	return o, nil
}

// RecallSession is the Session of a replayed game: the recalled outcome as the
// Play scene's snapshot; the replay sends nothing anywhere.
type RecallSession struct{ Snap kit.Snapshot }

func (r *RecallSession) Snapshot() kit.Snapshot { return r.Snap }
func (r *RecallSession) Send(kit.Event) error   { return nil }

// RecallReplay replays one recalled game on the play scene's own reel view and
// timeline, from its stored outcome bytes: the base spin, each free game, each
// Lock & Spin respin and the results, then each gamble card, step by step or
// played through, with the bet, the win, the credits before and after and the
// time.
type RecallReplay struct {
	E       meters.RecallEntry
	Table   *TableRecall    // a table game's round (table_recall.go): it replays itself
	Play    *slotscene.Play // nil when the outcome cannot be shown
	Problem string
	Steps   []replayStep
	Cur     int
	StopAt  int
	Playing bool
	// the gamble: the round after k cards, and the cards newest first
	Rounds []gamble.Round
	hists  [][]gamble.Card
	Info   [6]string // left panel: the game; right panel: the money
	size   [6]float64
	lineSz float64
	line   string // "STEP k OF n: …", for cur
	lineAt int
}

// replayStep is one step the operator steps through: a presentation step of the
// timeline, or gamble card Card (from 1).
type replayStep struct {
	Key        string // what the step is, in any language: "BASE SPIN", "GAMBLE CARD"
	Name       string
	start, end int // ticks (end exclusive)
	card       int
}

// gambleTicks is how long a replayed gamble card shows when played through.
const gambleTicks = 90

// recallInfo fills the lines of a recalled game's panels that every game has: the
// number and time (0), the credits before and after (4), and a void or a handpay (5).
func recallInfo(info *[6]string, e meters.RecallEntry) {
	info[0] = kit.OpTr("operator.recall.game_time", "Number", e.Number, "Time", e.Time.UTC().Format("2006-01-02 15:04:05 UTC"))
	info[4] = kit.OpTr("operator.recall.credits", "Before", kit.OpMoneyNum(e.CreditsBeforeCents), "After", kit.OpMoney(e.CreditsAfterCents))
	switch {
	case e.Voided:
		info[5] = kit.OpTr("operator.recall.voided", "Reason", strings.ToUpper(reasonWords(e.VoidReason)))
	case e.HandpayCents > 0:
		info[5] = kit.OpTr("operator.recall.handpay", "Amount", kit.OpMoney(e.HandpayCents))
	}
}

// again is the replay made afresh in the operator's language now, at the same
// step.
func (r *RecallReplay) again(o *Operator) *RecallReplay {
	n := NewRecallReplay(r.E, o.Titles)
	switch {
	case r.Table != nil && n.Table != nil:
		r.Table.close()
		n.Table.GoTo(r.Table.Cur)
		n.Table.playing = r.Table.playing
	case r.Play != nil && n.Play != nil:
		n.GoTo(r.Cur)
		n.Play.Tick, n.Playing = r.Play.Tick, r.Playing
	}
	return n
}

func NewRecallReplay(e meters.RecallEntry, titles map[string]*slot.Title) *RecallReplay {
	r := &RecallReplay{E: e, lineAt: -1}
	if play.IsTable(e.Title) {
		r.Table = newTableRecall(e)
		return r
	}
	name := e.Title
	t := titles[e.Title]
	if t != nil {
		name = t.Spec.Name
	}
	recallInfo(&r.Info, e)
	r.Info[1] = strings.ToUpper(name)
	r.Info[2] = kit.OpTrN("operator.recall.bet", int64(e.Lines), "Bet", kit.OpMoney(e.BetCents), "PerLine", e.BetPerLineCredits, "Denom", kit.OpMoneyNum(e.DenomCents))
	r.Info[3] = kit.OpTr("operator.recall.win", "Amount", kit.OpMoney(e.WinCents))
	if r.Info[5] == "" && e.JackpotCents > 0 {
		r.Info[5] = kit.OpTr("operator.recall.jackpot", "Amount", kit.OpMoney(e.JackpotCents))
	}
	o, err := DecodeOutcome(e.Outcome)
	switch {
	case t == nil:
		r.Problem = kit.OpTr("operator.recall.not_installed", "Title", strings.ToUpper(e.Title))
		return r
	case err != nil:
		r.Problem = kit.OpTr("operator.recall.unreadable", "Detail", strings.ToUpper(err.Error()))
		return r
	}
	s := &RecallSession{Snap: kit.Snapshot{Title: t, Credit: e.CreditsBeforeCents - e.BetCents, Denom: e.DenomCents,
		Bet: slot.Bet{LineCents: e.BetPerLineCredits * e.DenomCents, Lines: e.Lines}, Game: e.Number, Outcome: o,
		Grand: kit.GrandReset(), Major: kit.MajorReset()}}
	r.Play = slotscene.NewPlay(s, nil)
	r.Play.Attract = true // no buttons, no input: the replay drives it
	tl := r.Play.TL
	for _, st := range tl.Steps {
		r.Steps = append(r.Steps, replayStep{Key: stepKey(st.Kind), Name: stepName(tl, st), start: st.Start, end: st.Start + st.Len})
	}
	r.Play.Snap.Win = tl.Steps[len(tl.Steps)-1].WinTo
	if len(e.Gamble) > 0 {
		var round gamble.Round
		if err := json.Unmarshal(e.Gamble, &round); err == nil {
			r.gambleSteps(round)
		} else {
			r.Info[5] = kit.OpTr("operator.recall.gamble_unreadable")
		}
	}
	r.GoTo(0)
	return r
}

// gambleSteps makes one replay step per gamble card, with the round as it stood.
func (r *RecallReplay) gambleSteps(round gamble.Round) {
	var hist []gamble.Card
	for k, st := range round.Steps {
		rk := round
		rk.Steps = round.Steps[:k+1]
		rk.Amount = st.After
		rk.Ended = k == len(round.Steps)-1 && round.Ended
		hist = append([]gamble.Card{st.Card}, hist...)
		r.Rounds = append(r.Rounds, rk)
		r.hists = append(r.hists, hist)
		res := kit.OpTr("operator.gamble.lost")
		if st.Won {
			res = kit.OpTr("operator.gamble.won", "Amount", kit.OpMoney(st.After))
		}
		r.Steps = append(r.Steps, replayStep{Key: "GAMBLE CARD", Name: kit.OpTr("operator.gamble.card", "Card", k+1, "Stake", kit.OpMoney(st.Before),
			"Colour", gambleColourWord(st.Choice.Colour), "Drawn", CardWord(st.Card), "Result", res),
			start: r.Play.TL.Total, end: r.Play.TL.Total + gambleTicks, card: k + 1})
	}
}

// gambleColourWord is a gamble colour in the operator's words.
func gambleColourWord(c gamble.Colour) string {
	if c == gamble.Red {
		return kit.OpTr("operator.gamble.red")
	}
	return kit.OpTr("operator.gamble.black")
}

// stepKey names a presentation step's kind for the tests and tools.
func stepKey(k slotscene.StepKind) string {
	switch k {
	case slotscene.StepSpin:
		return "BASE SPIN"
	case slotscene.StepWins:
		return "BASE GAME WIN"
	case slotscene.StepFreeSpin:
		return "FREE GAME"
	case slotscene.StepRespin:
		return "LOCK & SPIN RESPIN"
	case slotscene.StepDone:
		return "RESULT"
	}
	return strings.ToUpper(k.String())
}

// stepName describes a presentation step for the operator.
func stepName(tl *slotscene.Timeline, st slotscene.Step) string {
	o := tl.Outcome
	switch st.Kind {
	case slotscene.StepSpin:
		return kit.OpTr("operator.step.base_spin", "Stops", fmt.Sprint(o.Window.Stops[:o.Window.Reels]))
	case slotscene.StepWins:
		return kit.OpTrN("operator.step.base_win", int64(len(o.Lines)), "Amount", kit.OpMoney(o.BaseWin))
	case slotscene.StepFreeSpin:
		return kit.OpTr("operator.step.free_game", "Index", st.Index+1, "Of", len(o.FreeGames.Games))
	case slotscene.StepRespin:
		return kit.OpTr("operator.step.respin", "Index", st.Index+1, "Of", len(o.LockSpin.Respins))
	case slotscene.StepDone:
		return kit.OpTr("operator.step.result", "Amount", kit.OpMoney(st.WinTo))
	}
	return strings.ToUpper(st.Kind.String())
}

// GoTo shows step i from its start and plays it to its end.
func (r *RecallReplay) GoTo(i int) {
	r.Cur = min(max(i, 0), len(r.Steps)-1)
	st := r.Steps[r.Cur]
	p := r.Play
	p.Tick, r.StopAt = st.start, st.end-1
	last := r.Cur == len(r.Steps)-1
	p.Snap.Credit = r.E.CreditsBeforeCents - r.E.BetCents
	if last {
		p.Snap.Credit = r.E.CreditsAfterCents
	}
	p.Snap.Gamble, p.Snap.GambleHistory, p.GambleSeen = nil, nil, 0
	if st.card > 0 {
		p.Tick = p.TL.Total
		p.Snap.Gamble, p.Snap.GambleHistory, p.GambleSeen = &r.Rounds[st.card-1], r.hists[st.card-1], st.card
	}
}

// The replay's controls.
type replayAct uint8

const (
	actNone replayAct = iota
	actFirst
	actBack // a step back
	actPlay // play or pause
	actNext // a step on
	actLast
	actList // back to the list
)

// Replay controls on the bottom bar.
var ReplayButtons = [...]struct {
	Act  replayAct
	x, W float32
}{{actFirst, 30, 150}, {actBack, 195, 200}, {actPlay, 410, 200}, {actNext, 625, 200}, {actLast, 840, 150}, {actList, 1600, 290}}

// ReplayCaption is a replay button's caption (playing: PLAY is PAUSE).
func ReplayCaption(a replayAct, playing bool) string {
	switch a {
	case actFirst:
		return kit.OpTr("operator.replay.first")
	case actBack:
		return kit.OpTr("operator.replay.back")
	case actPlay:
		if playing {
			return kit.OpTr("operator.replay.pause")
		}
		return kit.OpTr("operator.replay.play")
	case actNext:
		return kit.OpTr("operator.replay.next")
	case actLast:
		return kit.OpTr("operator.replay.last")
	}
	return kit.OpTr("operator.replay.list")
}

// replayAction is the replay control pressed this frame (actNone: none): a key
// or a touch on the bottom bar's buttons.
func replayAction() replayAct {
	act := actNone
	switch {
	case scene.Pressed(ebiten.KeyEscape, ebiten.KeyBackspace):
		act = actList
	case scene.Pressed(ebiten.KeyArrowRight):
		act = actNext
	case scene.Pressed(ebiten.KeyArrowLeft):
		act = actBack
	case scene.Pressed(ebiten.KeySpace, ebiten.KeyEnter):
		act = actPlay
	case scene.Pressed(ebiten.KeyHome):
		act = actFirst
	case scene.Pressed(ebiten.KeyEnd):
		act = actLast
	}
	if x, y, ok := scene.Pointer(); ok {
		for _, b := range ReplayButtons {
			if HitRect(x, y, b.x, paint.ScreenH-110, b.W, 90) {
				act = b.Act
			}
		}
	}
	return act
}

// replayMove takes a replay's button act on a replay at step cur of 0…last: FIRST,
// LAST and the steps stop playing and go to the step returned; PLAY plays or
// stops, from the first step again when at the end (atEnd, on the last step).
func replayMove(act replayAct, cur, last int, playing *bool, atEnd bool) (to int, ok bool) {
	switch act {
	case actFirst:
		*playing = false
		return 0, true
	case actLast:
		*playing = false
		return last, true
	case actBack:
		*playing = false
		return cur - 1, true
	case actNext:
		*playing = false
		return cur + 1, true
	case actPlay:
		*playing = !*playing
		return 0, *playing && cur == last && atEnd
	}
	return 0, false
}

func (r *RecallReplay) update(o *Operator) {
	if r.Table != nil {
		r.Table.update(o)
		if o.Replay == nil {
			r.Table.close()
		}
		return
	}
	act := replayAction()
	if act == actList {
		o.Replay = nil
		return
	}
	if r.Play == nil {
		return
	}
	if to, ok := replayMove(act, r.Cur, len(r.Steps)-1, &r.Playing, r.Play.Tick >= r.StopAt); ok {
		r.GoTo(to)
	}
	r.Advance()
}

// Advance moves the replay one tick: through the current step, then on to the
// next one while playing.
func (r *RecallReplay) Advance() {
	p := r.Play
	p.T++
	if r.Steps[r.Cur].card > 0 {
		p.GambleAt = p.T - 20 // the card face up, its result shown
		if r.StopAt > p.TL.Total {
			r.StopAt--
		} else if r.Playing && r.Cur+1 < len(r.Steps) {
			r.GoTo(r.Cur + 1)
		}
		return
	}
	switch {
	case p.Tick < r.StopAt:
		p.Tick++
	case r.Playing && r.Cur+1 < len(r.Steps):
		r.GoTo(r.Cur + 1)
	case r.Playing:
		r.Playing = false
	}
}

func (r *RecallReplay) draw(dst *ebiten.Image, o *Operator) {
	if r.Table != nil {
		r.Table.draw(dst, o)
		return
	}
	if r.Play != nil {
		r.Play.Art = slotscene.ArtOf(r.Play.Art.Title) // art released while away is drawn again
		r.Play.Draw(dst)
	} else {
		dst.Fill(paint.RGB(10, 12, 24))
		kit.OpText(dst, r.Problem, kit.OpFit(r.Problem, 30, true, paint.ScreenW-100), true, paint.ScreenW/2, 500, paint.Center, paint.RGB(255, 130, 110), 0)
	}
	// the game on the left and the money on the right, where the jackpot meters
	// were: the title banner's place keeps the free games and respin counters
	opBox(dst, 0, 0, 550, 142, boxPanel)
	opBox(dst, paint.ScreenW-550, 0, 550, 142, boxPanel)
	kit.OpText(dst, kit.OpTr("operator.page.recall"), 30, true, 24, 8, paint.Left, paint.RGB(255, 220, 120), 0)
	for i, s := range r.Info {
		if s == "" {
			continue
		}
		x, y, a := 24.0, 50+float64(i%3)*30, paint.Align(paint.Left)
		if i == 1 {
			x, y = 24, 84
		}
		c, bold := paint.RGB(235, 235, 240), i == 1 || i == 3
		if i >= 2 {
			x, y, a = paint.ScreenW-24, 12+float64(i-2)*32, paint.Right
		}
		if i == 5 {
			c = paint.RGB(255, 170, 120)
		}
		if r.size[i] == 0 { // measured once
			r.size[i] = kit.OpFit(s, 24, bold, 500)
		}
		kit.OpText(dst, s, r.size[i], bold, x, y, a, c, 0)
	}
	opBox(dst, 0, paint.ScreenH-124, paint.ScreenW, 124, boxPanel)
	if r.Play != nil {
		if r.lineAt != r.Cur {
			r.lineAt = r.Cur
			r.line = kit.OpTr("operator.replay.step_of", "Step", r.Cur+1, "Of", len(r.Steps))
			r.lineSz = kit.OpFit(r.Steps[r.Cur].Name, 24, true, 580)
		}
		kit.OpText(dst, r.line, 22, true, 1010, paint.ScreenH-110, paint.Left, paint.RGB(255, 220, 120), 0)
		kit.OpText(dst, r.Steps[r.Cur].Name, r.lineSz, true, 1010, paint.ScreenH-74, paint.Left, paint.RGB(140, 220, 255), 0)
	}
	drawReplayButtons(dst, r.Playing, r.Play != nil)
}

// drawReplayButtons draws a replay's buttons along the bottom: PLAY or PAUSE
// (playing), the steps (none lit when there is nothing to replay), BACK TO LIST.
func drawReplayButtons(dst *ebiten.Image, playing, replayable bool) {
	for _, b := range ReplayButtons {
		name, st := ReplayCaption(b.Act, playing), BoxKey
		switch {
		case b.Act == actPlay && playing:
			st = boxOn
		case b.Act == actPlay:
			st = boxGo
		case b.Act == actList:
			st = BoxDanger
		}
		if !replayable && b.Act != actList {
			st = boxOff
		}
		OpButtonAt(dst, name, b.x, paint.ScreenH-110, b.W, 90, st)
	}
}

// tableFlags are a table round's notable decisions for the recall list: a split,
// a double, insurance, a fold, the Play bet's size.
func tableFlags(e meters.RecallEntry) []string {
	r, err := machine.TableRound(e.Outcome, e.Data)
	if err != nil {
		return []string{kit.OpTr("operator.recall.flag_unreadable")}
	}
	var flags []string
	seen := map[play.Decision]bool{}
	for _, d := range r.Decisions {
		switch d {
		case play.Split, play.Double, play.Insure, play.Fold, play.Bet4x, play.Bet3x, play.Bet2x, play.Bet1x:
			if !seen[d] {
				flags = append(flags, DecisionShort(d))
			}
			seen[d] = true
		}
	}
	if play.KindOf(e.Title) == play.KindRoulette {
		flags = append(flags, kit.OpTr("operator.recall.flag_pocket", "Pocket", r.Pocket))
	}
	return flags
}
