//go:build cgo && !noscreen

package ui

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
)

// recallPage lists the last games critical memory keeps (newest first); choosing
// one replays it.
type recallPage struct {
	gen     int
	seq     uint64
	entries []meters.RecallEntry
	rows    [][6]string // number, time, title, bet, win, credits before → after and flags
	top     int
	sel     int
	refresh int
}

const (
	recallRows = 16
	recallStep = 42
	recallY0   = opY + 110
)

func (p *recallPage) name() string { return kit.OpTr("operator.page.recall") }

func (p *recallPage) still() [3]int { return [3]int{p.gen, p.top, p.sel} }

func (p *recallPage) open(o *Operator) {
	p.gen++
	p.seq = o.storeSeq()
	p.entries = nil
	o.view(func(v *meters.Snapshot) { p.entries = v.Recall() })
	p.rows = p.rows[:0]
	for _, e := range p.entries {
		name := e.Title
		if t := o.titles[e.Title]; t != nil {
			name = t.Spec.Name
		}
		var flags []string
		if play.IsTable(e.Title) {
			name, flags = play.Name(e.Title), tableFlags(e)
		} else if o, err := decodeOutcome(e.Outcome); err == nil {
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
		p.rows = append(p.rows, [6]string{"#" + strconv.FormatUint(e.Number, 10), e.Time.UTC().Format("01-02 15:04:05"),
			strings.ToUpper(name), kit.OpMoneyNum(e.BetCents), kit.OpMoneyNum(e.WinCents),
			kit.OpMoneyNum(e.CreditsBeforeCents) + " → " + kit.OpMoneyNum(e.CreditsAfterCents) + "  " + strings.Join(flags, " · ")})
	}
	p.sel = min(p.sel, max(len(p.rows)-1, 0))
	p.scroll()
}

func (p *recallPage) scroll() {
	if p.sel < p.top {
		p.top = p.sel
	}
	if p.sel >= p.top+recallRows {
		p.top = p.sel - recallRows + 1
	}
	p.top = min(max(p.top, 0), max(len(p.rows)-recallRows, 0))
}

func (p *recallPage) update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.open(o)
	}
	if len(p.rows) == 0 {
		return
	}
	switch {
	case pressed(ebiten.KeyArrowDown):
		p.sel = min(p.sel+1, len(p.rows)-1)
	case pressed(ebiten.KeyArrowUp):
		p.sel = max(p.sel-1, 0)
	case pressed(ebiten.KeyPageDown):
		p.sel = min(p.sel+recallRows, len(p.rows)-1)
	case pressed(ebiten.KeyPageUp):
		p.sel = max(p.sel-recallRows, 0)
	case pressed(ebiten.KeyEnter):
		o.replay = newRecallReplay(p.entries[p.sel], o.titles)
		return
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		p.top = min(max(p.top-int(math.Copysign(3, wy)), 0), max(len(p.rows)-recallRows, 0))
		return
	}
	if x, y, ok := pointer(); ok {
		switch {
		case hitRect(x, y, opX+opW-110, opY+20, 90, 70):
			p.top = max(p.top-recallRows, 0)
			return
		case hitRect(x, y, opX+opW-110, opY+opH-90, 90, 70):
			p.top = min(p.top+recallRows, max(len(p.rows)-recallRows, 0))
			return
		}
		for i := 0; i < recallRows && p.top+i < len(p.rows); i++ {
			if hitRect(x, y, opX+20, recallY0+float32(i*recallStep)-6, opW-150, recallStep) {
				p.sel = p.top + i
				o.replay = newRecallReplay(p.entries[p.sel], o.titles)
				return
			}
		}
	}
	p.scroll()
}

func (p *recallPage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	head := kit.OpTrN("operator.recall.head", int64(len(p.rows)))
	kit.OpText(dst, head, kit.OpFit(head, 24, true, opW-160), true, opX+30, opY+22, paint.Left, paint.RGB(255, 220, 120), 0)
	for i := range recallColX {
		h := recallColumn(i)
		kit.OpText(dst, h, kit.OpFit(h, 18, true, recallColW[i]), true, recallColX[i], opY+66, recallAlign[i], paint.RGB(150, 160, 190), 0)
	}
	if len(p.rows) == 0 {
		kit.OpText(dst, kit.OpTr("operator.recall.none"), 32, true, opX+opW/2, opY+340, paint.Center, paint.RGB(200, 210, 230), 0)
	}
	for i := 0; i < recallRows && p.top+i < len(p.rows); i++ {
		y := recallY0 + float32(i*recallStep)
		if p.top+i == p.sel {
			opBox(dst, opX+16, y-8, opW-140, recallStep, boxTab)
		}
		for c, s := range p.rows[p.top+i] {
			kit.OpText(dst, s, kit.OpFit(s, 21, c == 0 || c == 4, recallColW[c]), c == 0 || c == 4, recallColX[c], float64(y), recallAlign[c], paint.RGB(235, 235, 240), 0)
		}
	}
	opButtonAt(dst, "↑", opX+opW-110, opY+20, 90, 70, boxKey)
	opButtonAt(dst, "↓", opX+opW-110, opY+opH-90, 90, 70, boxKey)
}

var (
	recallColX  = [6]float64{opX + 30, opX + 140, opX + 320, opX + 810, opX + 950, opX + 990}
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

func decodeOutcome(b []byte) (*slot.Outcome, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("no outcome stored")
	}
	o := new(slot.Outcome)
	if err := json.Unmarshal(b, o); err != nil {
		return nil, err
	}
	return o, nil
}

// recallSession is the Session of a replayed game: the recalled outcome as the
// play scene's snapshot; the replay sends nothing anywhere.
type recallSession struct{ snap kit.Snapshot }

func (r *recallSession) Snapshot() kit.Snapshot { return r.snap }
func (r *recallSession) Send(kit.Event) error   { return nil }

// recallReplay replays one recalled game on the play scene's own reel view and
// timeline, from its stored outcome bytes: the base spin, each free game, each
// Lock & Spin respin and the results, then each gamble card, step by step or
// played through, with the bet, the win, the credits before and after and the
// time.
type recallReplay struct {
	e       meters.RecallEntry
	table   *tableRecall // a table game's round (table_recall.go): it replays itself
	play    *Play        // nil when the outcome cannot be shown
	problem string
	steps   []replayStep
	cur     int
	stopAt  int
	playing bool
	// the gamble: the round after k cards, and the cards newest first
	rounds []gamble.Round
	hists  [][]gamble.Card
	info   [6]string // left panel: the game; right panel: the money
	size   [6]float64
	lineSz float64
	line   string // "STEP k OF n: …", for cur
	lineAt int
}

// replayStep is one step the operator steps through: a presentation step of the
// timeline, or gamble card Card (from 1).
type replayStep struct {
	key        string // what the step is, in any language: "BASE SPIN", "GAMBLE CARD"
	name       string
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
func (r *recallReplay) again(o *Operator) *recallReplay {
	n := newRecallReplay(r.e, o.titles)
	switch {
	case r.table != nil && n.table != nil:
		r.table.close()
		n.table.goTo(r.table.cur)
		n.table.playing = r.table.playing
	case r.play != nil && n.play != nil:
		n.goTo(r.cur)
		n.play.tick, n.playing = r.play.tick, r.playing
	}
	return n
}

func newRecallReplay(e meters.RecallEntry, titles map[string]*slot.Title) *recallReplay {
	r := &recallReplay{e: e, lineAt: -1}
	if play.IsTable(e.Title) {
		r.table = newTableRecall(e)
		return r
	}
	name := e.Title
	t := titles[e.Title]
	if t != nil {
		name = t.Spec.Name
	}
	recallInfo(&r.info, e)
	r.info[1] = strings.ToUpper(name)
	r.info[2] = kit.OpTrN("operator.recall.bet", int64(e.Lines), "Bet", kit.OpMoney(e.BetCents), "PerLine", e.BetPerLineCredits, "Denom", kit.OpMoneyNum(e.DenomCents))
	r.info[3] = kit.OpTr("operator.recall.win", "Amount", kit.OpMoney(e.WinCents))
	if r.info[5] == "" && e.JackpotCents > 0 {
		r.info[5] = kit.OpTr("operator.recall.jackpot", "Amount", kit.OpMoney(e.JackpotCents))
	}
	o, err := decodeOutcome(e.Outcome)
	switch {
	case t == nil:
		r.problem = kit.OpTr("operator.recall.not_installed", "Title", strings.ToUpper(e.Title))
		return r
	case err != nil:
		r.problem = kit.OpTr("operator.recall.unreadable", "Detail", strings.ToUpper(err.Error()))
		return r
	}
	s := &recallSession{snap: kit.Snapshot{Title: t, Credit: e.CreditsBeforeCents - e.BetCents, Denom: e.DenomCents,
		Bet: slot.Bet{LineCents: e.BetPerLineCredits * e.DenomCents, Lines: e.Lines}, Game: e.Number, Outcome: o,
		Grand: kit.GrandReset(), Major: kit.MajorReset()}}
	r.play = NewPlay(s, nil)
	r.play.attract = true // no buttons, no input: the replay drives it
	tl := r.play.tl
	for _, st := range tl.Steps {
		r.steps = append(r.steps, replayStep{key: stepKey(st.Kind), name: stepName(tl, st), start: st.Start, end: st.Start + st.Len})
	}
	r.play.snap.Win = tl.Steps[len(tl.Steps)-1].WinTo
	if len(e.Gamble) > 0 {
		var round gamble.Round
		if err := json.Unmarshal(e.Gamble, &round); err == nil {
			r.gambleSteps(round)
		} else {
			r.info[5] = kit.OpTr("operator.recall.gamble_unreadable")
		}
	}
	r.goTo(0)
	return r
}

// gambleSteps makes one replay step per gamble card, with the round as it stood.
func (r *recallReplay) gambleSteps(round gamble.Round) {
	var hist []gamble.Card
	for k, st := range round.Steps {
		rk := round
		rk.Steps = round.Steps[:k+1]
		rk.Amount = st.After
		rk.Ended = k == len(round.Steps)-1 && round.Ended
		hist = append([]gamble.Card{st.Card}, hist...)
		r.rounds = append(r.rounds, rk)
		r.hists = append(r.hists, hist)
		res := kit.OpTr("operator.gamble.lost")
		if st.Won {
			res = kit.OpTr("operator.gamble.won", "Amount", kit.OpMoney(st.After))
		}
		r.steps = append(r.steps, replayStep{key: "GAMBLE CARD", name: kit.OpTr("operator.gamble.card", "Card", k+1, "Stake", kit.OpMoney(st.Before),
			"Colour", gambleColourWord(st.Choice.Colour), "Drawn", cardWord(st.Card), "Result", res),
			start: r.play.tl.Total, end: r.play.tl.Total + gambleTicks, card: k + 1})
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
func stepKey(k StepKind) string {
	switch k {
	case StepSpin:
		return "BASE SPIN"
	case StepWins:
		return "BASE GAME WIN"
	case StepFreeSpin:
		return "FREE GAME"
	case StepRespin:
		return "LOCK & SPIN RESPIN"
	case StepDone:
		return "RESULT"
	}
	return strings.ToUpper(k.String())
}

// stepName describes a presentation step for the operator.
func stepName(tl *Timeline, st Step) string {
	o := tl.Outcome
	switch st.Kind {
	case StepSpin:
		return kit.OpTr("operator.step.base_spin", "Stops", fmt.Sprint(o.Window.Stops[:o.Window.Reels]))
	case StepWins:
		return kit.OpTrN("operator.step.base_win", int64(len(o.Lines)), "Amount", kit.OpMoney(o.BaseWin))
	case StepFreeSpin:
		return kit.OpTr("operator.step.free_game", "Index", st.Index+1, "Of", len(o.FreeGames.Games))
	case StepRespin:
		return kit.OpTr("operator.step.respin", "Index", st.Index+1, "Of", len(o.LockSpin.Respins))
	case StepDone:
		return kit.OpTr("operator.step.result", "Amount", kit.OpMoney(st.WinTo))
	}
	return strings.ToUpper(st.Kind.String())
}

// goTo shows step i from its start and plays it to its end.
func (r *recallReplay) goTo(i int) {
	r.cur = min(max(i, 0), len(r.steps)-1)
	st := r.steps[r.cur]
	p := r.play
	p.tick, r.stopAt = st.start, st.end-1
	last := r.cur == len(r.steps)-1
	p.snap.Credit = r.e.CreditsBeforeCents - r.e.BetCents
	if last {
		p.snap.Credit = r.e.CreditsAfterCents
	}
	p.snap.Gamble, p.snap.GambleHistory, p.gambleSeen = nil, nil, 0
	if st.card > 0 {
		p.tick = p.tl.Total
		p.snap.Gamble, p.snap.GambleHistory, p.gambleSeen = &r.rounds[st.card-1], r.hists[st.card-1], st.card
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
var replayButtons = [...]struct {
	act  replayAct
	x, w float32
}{{actFirst, 30, 150}, {actBack, 195, 200}, {actPlay, 410, 200}, {actNext, 625, 200}, {actLast, 840, 150}, {actList, 1600, 290}}

// replayCaption is a replay button's caption (playing: PLAY is PAUSE).
func replayCaption(a replayAct, playing bool) string {
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
	case pressed(ebiten.KeyEscape, ebiten.KeyBackspace):
		act = actList
	case pressed(ebiten.KeyArrowRight):
		act = actNext
	case pressed(ebiten.KeyArrowLeft):
		act = actBack
	case pressed(ebiten.KeySpace, ebiten.KeyEnter):
		act = actPlay
	case pressed(ebiten.KeyHome):
		act = actFirst
	case pressed(ebiten.KeyEnd):
		act = actLast
	}
	if x, y, ok := pointer(); ok {
		for _, b := range replayButtons {
			if hitRect(x, y, b.x, paint.ScreenH-110, b.w, 90) {
				act = b.act
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

func (r *recallReplay) update(o *Operator) {
	if r.table != nil {
		r.table.update(o)
		if o.replay == nil {
			r.table.close()
		}
		return
	}
	act := replayAction()
	if act == actList {
		o.replay = nil
		return
	}
	if r.play == nil {
		return
	}
	if to, ok := replayMove(act, r.cur, len(r.steps)-1, &r.playing, r.play.tick >= r.stopAt); ok {
		r.goTo(to)
	}
	r.advance()
}

// advance moves the replay one tick: through the current step, then on to the
// next one while playing.
func (r *recallReplay) advance() {
	p := r.play
	p.t++
	if r.steps[r.cur].card > 0 {
		p.gambleAt = p.t - 20 // the card face up, its result shown
		if r.stopAt > p.tl.Total {
			r.stopAt--
		} else if r.playing && r.cur+1 < len(r.steps) {
			r.goTo(r.cur + 1)
		}
		return
	}
	switch {
	case p.tick < r.stopAt:
		p.tick++
	case r.playing && r.cur+1 < len(r.steps):
		r.goTo(r.cur + 1)
	case r.playing:
		r.playing = false
	}
}

func (r *recallReplay) draw(dst *ebiten.Image, o *Operator) {
	if r.table != nil {
		r.table.draw(dst, o)
		return
	}
	if r.play != nil {
		r.play.art = artOf(r.play.art.title) // art released while away is drawn again
		r.play.Draw(dst)
	} else {
		dst.Fill(paint.RGB(10, 12, 24))
		kit.OpText(dst, r.problem, kit.OpFit(r.problem, 30, true, paint.ScreenW-100), true, paint.ScreenW/2, 500, paint.Center, paint.RGB(255, 130, 110), 0)
	}
	// the game on the left and the money on the right, where the jackpot meters
	// were: the title banner's place keeps the free games and respin counters
	opBox(dst, 0, 0, 550, 142, boxPanel)
	opBox(dst, paint.ScreenW-550, 0, 550, 142, boxPanel)
	kit.OpText(dst, kit.OpTr("operator.page.recall"), 30, true, 24, 8, paint.Left, paint.RGB(255, 220, 120), 0)
	for i, s := range r.info {
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
	if r.play != nil {
		if r.lineAt != r.cur {
			r.lineAt = r.cur
			r.line = kit.OpTr("operator.replay.step_of", "Step", r.cur+1, "Of", len(r.steps))
			r.lineSz = kit.OpFit(r.steps[r.cur].name, 24, true, 580)
		}
		kit.OpText(dst, r.line, 22, true, 1010, paint.ScreenH-110, paint.Left, paint.RGB(255, 220, 120), 0)
		kit.OpText(dst, r.steps[r.cur].name, r.lineSz, true, 1010, paint.ScreenH-74, paint.Left, paint.RGB(140, 220, 255), 0)
	}
	drawReplayButtons(dst, r.playing, r.play != nil)
}

// drawReplayButtons draws a replay's buttons along the bottom: PLAY or PAUSE
// (playing), the steps (none lit when there is nothing to replay), BACK TO LIST.
func drawReplayButtons(dst *ebiten.Image, playing, replayable bool) {
	for _, b := range replayButtons {
		name, st := replayCaption(b.act, playing), boxKey
		switch {
		case b.act == actPlay && playing:
			st = boxOn
		case b.act == actPlay:
			st = boxGo
		case b.act == actList:
			st = boxDanger
		}
		if !replayable && b.act != actList {
			st = boxOff
		}
		opButtonAt(dst, name, b.x, paint.ScreenH-110, b.w, 90, st)
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
				flags = append(flags, decisionShort(d))
			}
			seen[d] = true
		}
	}
	if play.KindOf(e.Title) == play.KindRoulette {
		flags = append(flags, kit.OpTr("operator.recall.flag_pocket", "Pocket", r.Pocket))
	}
	return flags
}
