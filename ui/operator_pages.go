//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/machine"
	"egm/machine/aft"
	"egm/meters"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// refreshEvery is how often (ticks) a page re-reads critical memory: the store's
// sequence number is compared first, so an unchanged store costs nothing more.
const refreshEvery = 30

// view reads critical memory (false in RAM ERROR: no store open).
func (o *Operator) view(fn func(v *meters.Snapshot)) bool {
	return o.s.Machine().View(fn) == nil
}

// storeSeq is critical memory's commit sequence (0 without a store).
func (o *Operator) storeSeq() uint64 { return o.s.Machine().Seq() }

// ---- Meters ----

// metersPage shows every machine meter and named counter, and the meters per title
// and denomination, read-only from critical memory.
type metersPage struct {
	gen     int // counts open: the page's picture changes only then
	seq     uint64
	ok      bool
	left    [][2]string
	right   [][2]string
	refresh int
}

func (p *metersPage) name() string { return kit.OpTr("operator.page.meters") }

func (p *metersPage) open(o *Operator) {
	p.gen++
	p.left, p.right = p.left[:0], p.right[:0]
	p.seq = o.storeSeq()
	p.ok = o.view(func(v *meters.Snapshot) {
		ms := v.Meters()
		counts := v.Counters()
		for i := meters.Meter(0); i < meters.NumMeters; i++ {
			p.left = append(p.left, [2]string{o.meterCaption(i.String()), meterValue(i.String(), ms.Get(i))})
			if i == meters.DoorOpens { // the main door's, then the other two doors' counters
				for _, k := range doorCounters {
					p.left = append(p.left, [2]string{o.meterCaption(k), meterValue(k, counts[k])})
				}
			}
		}
		for _, k := range sortedKeys(counts) {
			if !slices.Contains(doorCounters, k) {
				p.right = append(p.right, [2]string{o.meterCaption(k), meterValue(k, counts[k])})
			}
		}
		gs := v.Games()
		if len(gs) > 0 {
			p.right = append(p.right, [2]string{kit.OpTr("operator.meters.per_title"), kit.OpTr("operator.meters.per_title_values")})
		}
		for i, g := range gs {
			if i == 14 {
				p.right = append(p.right, [2]string{kit.OpTrN("operator.meters.more_games", int64(len(gs)-i)), ""})
				break
			}
			p.right = append(p.right, [2]string{strings.ToUpper(o.gameName(g.Title)) + " · " + kit.OpMoneyNum(g.DenomCents),
				kit.OpCount(g.GamesPlayed) + " · " + kit.OpMoneyNum(g.CoinInCents) + " · " + kit.OpMoneyNum(g.WonCents)})
		}
	})
}

// doorCounters are the logic and belly doors' openings, shown under the main
// door's meter (0 before a door has opened).
var doorCounters = []string{machine.CounterLogicDoorOpens, machine.CounterBellyDoorOpens}

// gameName is a metered game's name as players know it: a title's, a table
// game's, or its id when the machine offers no such game any more.
func (o *Operator) gameName(id string) string {
	if t := o.titles[id]; t != nil {
		return t.Spec.Name
	}
	if n := play.Name(id); n != "" {
		return n
	}
	return id
}

func (p *metersPage) still() [3]int { return [3]int{p.gen} }

func (p *metersPage) update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.open(o)
	}
}

func (p *metersPage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	if !p.ok {
		none := kit.OpTr("operator.meters.no_memory")
		kit.OpText(dst, none, kit.OpFit(none, 32, true, opW-60), true, opX+opW/2, opY+300, paint.Center, paint.RGB(255, 130, 110), 0)
		return
	}
	head := kit.OpTr("operator.meters.head")
	kit.OpText(dst, head, kit.OpFit(head, 26, true, opW-60), true, opX+30, opY+20, paint.Left, paint.RGB(255, 220, 120), 0)
	drawRows(dst, p.left, opX+30, opY+70, 700, 40)
	drawRows(dst, p.right, opX+760, opY+70, 690, 34)
}

// drawRows draws caption/value rows: the caption left, the value right-aligned.
func drawRows(dst *ebiten.Image, rows [][2]string, x, y, w, step float64) {
	for i, r := range rows {
		yy := y + float64(i)*step
		if yy > opY+opH-40 {
			return
		}
		vw := paint.TextWidth(r[1], 24, true)
		kit.OpText(dst, r[0], kit.OpFit(r[0], 22, false, max(w-vw-16, 80)), false, x, yy, paint.Left, paint.RGB(190, 200, 220), 0)
		kit.OpText(dst, r[1], 24, true, x+w, yy-1, paint.Right, paint.RGB(255, 255, 255), 0)
	}
}

// meterCaption is a meter's or named counter's caption in the operator's words
// (coin_in_cents → COIN IN); a per-title counter (…:title) names its game. A
// counter this menu has no words for shows its key: COIN IN from coin_in_cents.
func (o *Operator) meterCaption(key string) string {
	base, title, _ := strings.Cut(key, ":")
	c := meterWords(base)
	if c == "" {
		c = strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(base, "_cents"), "_", " "))
	}
	if title != "" {
		c += " · " + strings.ToUpper(o.gameName(title))
	}
	return c
}

// meterWords is a meter's or counter's name in the operator's words ("": none).
func meterWords(key string) string {
	switch key {
	case "current_credits_cents":
		return kit.OpTr("operator.meter.current_credits")
	case "wallet_in_cents":
		return kit.OpTr("operator.meter.wallet_in")
	case "wallet_out_cents":
		return kit.OpTr("operator.meter.wallet_out")
	case "coin_in_cents":
		return kit.OpTr("operator.meter.coin_in")
	case "coin_out_cents":
		return kit.OpTr("operator.meter.coin_out")
	case "won_to_credits_cents":
		return kit.OpTr("operator.meter.won_to_credits")
	case "jackpot_cents":
		return kit.OpTr("operator.meter.jackpot")
	case "handpay_cents":
		return kit.OpTr("operator.meter.handpay")
	case "cancelled_credits_cents":
		return kit.OpTr("operator.meter.cancelled_credits")
	case "voided_refund_cents":
		return kit.OpTr("operator.meter.voided_refund")
	case "games_played":
		return kit.OpTr("operator.meter.games_played")
	case "games_won":
		return kit.OpTr("operator.meter.games_won")
	case "games_lost":
		return kit.OpTr("operator.meter.games_lost")
	case "games_voided":
		return kit.OpTr("operator.meter.games_voided")
	case "door_opens":
		return kit.OpTr("operator.meter.door_opens")
	case machine.CounterLogicDoorOpens:
		return kit.OpTr("operator.meter.logic_door_opens")
	case machine.CounterBellyDoorOpens:
		return kit.OpTr("operator.meter.belly_door_opens")
	case "power_ups":
		return kit.OpTr("operator.meter.power_ups")
	case "gamble_in_cents":
		return kit.OpTr("operator.meter.gamble_in")
	case "gamble_out_cents":
		return kit.OpTr("operator.meter.gamble_out")
	case "title_handpay_cents":
		return kit.OpTr("operator.meter.title_handpay")
	case "title_bonus_cents":
		return kit.OpTr("operator.meter.title_bonus")
	case "title_bonus_handpay_cents":
		return kit.OpTr("operator.meter.title_bonus_handpay")
	case "bonus_deductible_cents":
		return kit.OpTr("operator.meter.bonus_deductible")
	case "bonus_nondeductible_cents":
		return kit.OpTr("operator.meter.bonus_nondeductible")
	case "bonus_wager_match_cents":
		return kit.OpTr("operator.meter.bonus_wager_match")
	case "aft_in_house_cashable_in_cents":
		return kit.OpTr("operator.meter.aft_cashable_in")
	case "aft_in_house_transfers_in":
		return kit.OpTr("operator.meter.aft_transfers_in")
	case "aft_in_house_cashable_out_cents":
		return kit.OpTr("operator.meter.aft_cashable_out")
	case "aft_in_house_transfers_out":
		return kit.OpTr("operator.meter.aft_transfers_out")
	}
	return ""
}

// meterValue formats a meter: an amount for a *_cents key (…_cents:title too), a
// count otherwise.
func meterValue(key string, v int64) string {
	if base, _, _ := strings.Cut(key, ":"); strings.HasSuffix(base, "_cents") {
		return kit.OpMoney(v)
	}
	return kit.OpCount(v)
}

func sortedKeys(m map[string]int64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// ---- Event log ----

// eventsPage shows the event log newest first, scrolling, under the result of the
// hash chain's verification.
type eventsPage struct {
	gen      int
	seq      uint64
	rows     []eventRow
	verified bool
	chain    string
	top      int
	refresh  int
}

type eventRow struct{ seq, time, kind, detail string }

const (
	eventRows  = 19
	eventStep  = 34
	eventChars = 88 // the detail column's width in characters
)

func (p *eventsPage) name() string { return kit.OpTr("operator.page.events") }

func (p *eventsPage) still() [3]int { return [3]int{p.gen, p.top} }

func (p *eventsPage) open(o *Operator) {
	p.gen++
	p.seq = o.storeSeq()
	p.rows = p.rows[:0]
	var evs []meters.Event
	var anchor meters.Anchor
	if !o.view(func(v *meters.Snapshot) { evs, anchor = v.Events() }) {
		p.verified, p.chain = false, kit.OpTr("operator.events.no_memory")
		return
	}
	if err := meters.VerifyChain(anchor, evs); err != nil {
		p.verified, p.chain = false, kit.OpTr("operator.events.chain_broken", "Detail", err.Error())
	} else {
		p.verified = true
		p.chain = kit.OpTrN("operator.events.chain_verified", int64(len(evs)))
		if n := len(evs); n > 0 {
			p.chain += " " + kit.OpTr("operator.events.chain_range", "First", evs[0].Seq, "Last", evs[n-1].Seq, "Anchor", anchor.Seq)
		}
	}
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		d := e.Detail
		if utf8.RuneCountInString(d) > eventChars {
			d = string([]rune(d)[:eventChars-1]) + "…"
		}
		p.rows = append(p.rows, eventRow{strconv.FormatUint(e.Seq, 10), e.Time.UTC().Format("2006-01-02 15:04:05"), eventWord(e.Kind), d})
	}
	p.top = min(p.top, max(len(p.rows)-eventRows, 0))
}

func (p *eventsPage) update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.open(o)
	}
	d := 0
	switch {
	case pressed(ebiten.KeyArrowDown):
		d = 1
	case pressed(ebiten.KeyArrowUp):
		d = -1
	case pressed(ebiten.KeyPageDown):
		d = eventRows
	case pressed(ebiten.KeyPageUp):
		d = -eventRows
	case pressed(ebiten.KeyHome):
		d = -len(p.rows)
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		d = -int(math.Copysign(3, wy))
	}
	if x, y, ok := pointer(); ok {
		switch {
		case hitRect(x, y, opX+opW-110, opY+80, 90, 90):
			d = -eventRows
		case hitRect(x, y, opX+opW-110, opY+opH-110, 90, 90):
			d = eventRows
		}
	}
	p.top = min(max(p.top+d, 0), max(len(p.rows)-eventRows, 0))
}

func (p *eventsPage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	c := paint.RGB(255, 120, 100)
	if p.verified {
		c = paint.RGB(120, 240, 130)
		drawCheck(dst, opX+40, opY+38, c)
	}
	kit.OpText(dst, p.chain, kit.OpFit(p.chain, 26, true, opW-400), true, opX+70, opY+22, paint.Left, c, 0) // clear of NEWEST FIRST
	newest := kit.OpTr("operator.events.newest_first")
	kit.OpText(dst, newest, kit.OpFit(newest, 20, false, 240), false, opX+opW-130, opY+28, paint.Right, paint.RGB(170, 180, 200), 0)
	for i := 0; i < eventRows && p.top+i < len(p.rows); i++ {
		r := &p.rows[p.top+i]
		y := float64(opY + 80 + i*eventStep)
		kit.OpText(dst, r.seq, 20, true, opX+90, y, paint.Right, paint.RGB(170, 180, 200), 0)
		kit.OpText(dst, r.time, 20, false, opX+110, y, paint.Left, paint.RGB(190, 200, 220), 0)
		kit.OpText(dst, r.kind, kit.OpFit(r.kind, 18, true, 205), true, opX+330, y+1, paint.Left, paint.RGB(255, 220, 120), 0)
		kit.OpText(dst, r.detail, 18, false, opX+545, y+1, paint.Left, paint.RGB(240, 240, 240), 0)
	}
	opButtonAt(dst, "↑", opX+opW-110, opY+80, 90, 90, boxKey)
	opButtonAt(dst, "↓", opX+opW-110, opY+opH-110, 90, 90, boxKey)
	if n := len(p.rows); n > eventRows {
		h := float32(opH-300) * float32(eventRows) / float32(n)
		y := opY + 190 + float32(opH-300-h)*float32(p.top)/float32(n-eventRows)
		opBox(dst, opX+opW-75, y, 20, max(h, 24), boxTabOn)
	}
}

// eventWord is an event's kind in the operator's words.
func eventWord(k meters.EventKind) string {
	switch k {
	case meters.EvPowerUp:
		return kit.OpTr("operator.event.power_up")
	case meters.EvPowerDown:
		return kit.OpTr("operator.event.power_down")
	case meters.EvDoorOpen:
		return kit.OpTr("operator.event.door_open")
	case meters.EvDoorClose:
		return kit.OpTr("operator.event.door_close")
	case meters.EvTilt:
		return kit.OpTr("operator.event.tilt")
	case meters.EvTiltClear:
		return kit.OpTr("operator.event.tilt_clear")
	case meters.EvHandpay:
		return kit.OpTr("operator.event.handpay")
	case meters.EvHandpayReset:
		return kit.OpTr("operator.event.handpay_reset")
	case meters.EvGameVoided:
		return kit.OpTr("operator.event.game_voided")
	case meters.EvHostCommand:
		return kit.OpTr("operator.event.host_command")
	case meters.EvAMLFlag:
		return kit.OpTr("operator.event.aml_flag")
	case meters.EvConfigChange:
		return kit.OpTr("operator.event.config_change")
	case meters.EvRAMError:
		return kit.OpTr("operator.event.ram_error")
	case meters.EvRAMClear:
		return kit.OpTr("operator.event.ram_clear")
	case meters.EvMemoryInit:
		return kit.OpTr("operator.event.memory_init")
	case meters.EvMemoryRepair:
		return kit.OpTr("operator.event.memory_repair")
	case meters.EvMemoryRecovery:
		return kit.OpTr("operator.event.memory_recovery")
	case machine.EvJackpotHit:
		return kit.OpTr("operator.event.jackpot_hit")
	case machine.EvJackpotAmount:
		return kit.OpTr("operator.event.jackpot_amount")
	case machine.EvProgressiveWin:
		return kit.OpTr("operator.event.progressive_win")
	case machine.EvProgressiveHandpay:
		return kit.OpTr("operator.event.progressive_handpay")
	case machine.EvBonus:
		return kit.OpTr("operator.event.bonus")
	case aft.EvDeclined:
		return kit.OpTr("operator.event.aft_declined")
	case machine.EvCashoutRequest:
		return kit.OpTr("operator.event.cashout_request")
	case aft.EvTransfer:
		return kit.OpTr("operator.event.aft_transfer")
	case aft.EvHeld:
		return kit.OpTr("operator.event.aft_held")
	case aft.EvRefused:
		return kit.OpTr("operator.event.aft_refused")
	case aft.EvCancelled:
		return kit.OpTr("operator.event.aft_cancelled")
	case aft.EvCashoutRequest:
		return kit.OpTr("operator.event.aft_cashout_request")
	case aft.EvRegister:
		return kit.OpTr("operator.event.aft_register")
	case aft.EvRegisterAsk:
		return kit.OpTr("operator.event.aft_register_request")
	case aft.EvUnregister:
		return kit.OpTr("operator.event.aft_unregister")
	case aft.EvLocked:
		return kit.OpTr("operator.event.aft_game_locked")
	case machine.EvLogicDoorOpen:
		return kit.OpTr("operator.event.logic_door_open")
	case machine.EvLogicDoorClose:
		return kit.OpTr("operator.event.logic_door_close")
	case machine.EvBellyDoorOpen:
		return kit.OpTr("operator.event.belly_door_open")
	case machine.EvBellyDoorClose:
		return kit.OpTr("operator.event.belly_door_close")
	case machine.EvOperatorAccess:
		return kit.OpTr("operator.event.operator_access")
	}
	return strings.ToUpper(strings.ReplaceAll(string(k), "_", " "))
}

// drawCheck draws a check mark centred at (x, y).
func drawCheck(dst *ebiten.Image, x, y float32, c color.RGBA) {
	paint.Line(dst, x-12, y, x-3, y+10, 5, c)
	paint.Line(dst, x-3, y+10, x+14, y-12, 5, c)
}

// ---- Lockups: handpay and tilt ----

// lockupPage pays a pending handpay (with a confirmation) or clears a tilt whose
// cause is gone: both are the attendant key's input.
type lockupPage struct {
	confirm bool
	key     [2]int64  // the game and amount the lines were made for
	lines   [3]string // the amount, the game line, the confirmation
	lang    locale.Lang
}

// text remakes the page's lines when the pending handpay changed.
func (p *lockupPage) text(st machine.Status) {
	if k := [2]int64{int64(st.Game), st.WinCents}; k != p.key || p.lines[0] == "" || p.lang != kit.ScreenLang.Operator.Lang() {
		p.lang = kit.ScreenLang.Operator.Lang()
		p.key = k
		p.lines = [3]string{kit.OpMoney(st.WinCents),
			kit.OpTr("operator.handpay.line", "Game", st.Game),
			kit.OpTr("operator.handpay.confirm", "Amount", kit.OpMoney(st.WinCents))}
	}
}

func (p *lockupPage) name() string { return kit.OpTr("operator.page.lockups") }

func (p *lockupPage) open(o *Operator) { p.confirm = false }

func (p *lockupPage) update(o *Operator) {
	x, y, ok := pointer()
	yes := ok && hitRect(x, y, opX+300, opY+420, 400, 110) || pressed(ebiten.KeyEnter)
	no := ok && hitRect(x, y, opX+780, opY+420, 400, 110) // Esc closes the whole menu first
	p.act(o, yes, no)
}

// act is the page's answer to YES (reset, confirm, clear) or NO.
func (p *lockupPage) act(o *Operator, yes, no bool) {
	switch o.st.State {
	case machine.HandpayLockup:
		switch {
		case !p.confirm && yes:
			p.confirm = true
		case p.confirm && yes:
			p.confirm = false
			o.request(machine.Input{Kind: machine.InAttendantKey}, kit.OpTr("operator.handpay.done", "Amount", kit.OpMoney(o.st.WinCents)))
		case p.confirm && no:
			p.confirm = false
		}
	case machine.Tilt:
		if yes {
			o.request(machine.Input{Kind: machine.InAttendantKey}, kit.OpTr("operator.tilt.cleared"))
		}
	}
}

func (p *lockupPage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	cx := float64(opX + opW/2)
	switch o.st.State {
	case machine.HandpayLockup:
		p.text(o.st)
		kit.OpText(dst, kit.OpTr("operator.handpay.pending"), 44, true, cx, opY+60, paint.Center, paint.RGB(255, 220, 120), 2)
		kit.OpText(dst, p.lines[0], 96, true, cx, opY+140, paint.Center, paint.RGB(255, 255, 255), 3)
		kit.OpText(dst, p.lines[1], kit.OpFit(p.lines[1], 24, false, opW-60), false, cx, opY+290, paint.Center, paint.RGB(220, 220, 230), 0)
		if p.confirm {
			kit.OpText(dst, p.lines[2], kit.OpFit(p.lines[2], 32, true, opW-60), true, cx, opY+350, paint.Center, paint.RGB(255, 160, 120), 0)
			opButtonAt(dst, kit.OpTr("operator.button.yes_reset"), opX+300, opY+420, 400, 110, boxOn)
			opButtonAt(dst, kit.OpTr("operator.button.no"), opX+780, opY+420, 400, 110, boxDanger)
		} else {
			opButtonAt(dst, kit.OpTr("operator.button.handpay_reset"), opX+300, opY+420, 400, 110, boxGo)
		}
	case machine.Tilt:
		kit.OpText(dst, kit.OpTr("operator.tilt.title"), 56, true, cx, opY+60, paint.Center, paint.RGB(255, 130, 110), 2)
		reason := reasonWords(o.st.Reason)
		kit.OpText(dst, reason, kit.OpFit(reason, 32, true, opW-80), true, cx, opY+160, paint.Center, paint.RGB(255, 255, 255), 0)
		opButtonAt(dst, kit.OpTr("operator.button.clear_tilt"), opX+300, opY+420, 400, 110, boxGo)
	default:
		none, help := kit.OpTr("operator.lockups.none"), kit.OpTr("operator.lockups.help")
		kit.OpText(dst, none, kit.OpFit(none, 40, true, opW-60), true, cx, opY+300, paint.Center, paint.RGB(200, 210, 230), 0)
		kit.OpText(dst, help, kit.OpFit(help, 24, false, opW-60), false, cx, opY+370, paint.Center, paint.RGB(170, 180, 200), 0)
	}
}

// ---- RAM clear ----

// ramClearPage is the operator's RAM clear: only in RAM ERROR, with the operator's
// name typed and the words RAM CLEAR typed as the confirmation.
type ramClearPage struct {
	who, confirm []rune
	field        int // 0 the name, 1 the confirmation
	chars        []rune
	shown        [2][2]string // each field's text, without and with the cursor
	captions     [2]string    // the fields' captions
}

// texts remakes the fields' texts after an edit.
func (p *ramClearPage) texts() {
	for i, v := range [2][]rune{p.who, p.confirm} {
		p.shown[i] = [2]string{string(v), string(v) + "|"}
	}
	p.captions = [2]string{kit.OpTr("operator.ram.name_field"), kit.OpTr("operator.ram.confirm_field", "Words", ramClearWords)}
}

// ramClearWords is the confirmation the operator types: the same letters in
// every language (the on-screen keyboard's).
const ramClearWords = "RAM CLEAR"

func (p *ramClearPage) name() string { return kit.OpTr("operator.page.ram_clear") }

func (p *ramClearPage) open(o *Operator) {
	p.who, p.confirm, p.field = p.who[:0], p.confirm[:0], 0
	p.texts()
}

// typing: in RAM ERROR the page takes text (Tab moves between its fields).
func (p *ramClearPage) typing(o *Operator) bool { return o.st.State == machine.RAMError }

func (p *ramClearPage) ready() bool {
	return strings.TrimSpace(string(p.who)) != "" && string(p.confirm) == ramClearWords
}

// The RAM clear page's layout: the two fields, the on-screen keyboard (for a
// cabinet with a touch screen only) and the button.
const (
	ramFieldY0, ramFieldStep = opY + 200, 115
	ramKeysY, ramKeyW        = opY + 420, 100
	ramKeyH, ramKeyGap       = 70, 10
	ramButtonY               = opY + 672
)

// ramKeys are the on-screen keyboard's rows ("SPACE" is the space, "DEL" rubs out).
var ramKeys = [3][]string{
	{"Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"},
	{"A", "S", "D", "F", "G", "H", "J", "K", "L", "."},
	{"Z", "X", "C", "V", "B", "N", "M", "-", "SPACE", "DEL"},
}

func ramKeyRect(row, col int) (x, y, w, h float32) {
	x0 := float32(opX) + (opW-10*ramKeyW-9*ramKeyGap)/2
	return x0 + float32(col)*(ramKeyW+ramKeyGap), ramKeysY + float32(row)*(ramKeyH+ramKeyGap), ramKeyW, ramKeyH
}

func ramFieldY(i int) float32 { return ramFieldY0 + float32(i)*ramFieldStep }

func (p *ramClearPage) update(o *Operator) {
	if o.st.State != machine.RAMError {
		return
	}
	p.chars = ebiten.AppendInputChars(p.chars[:0])
	for _, r := range p.chars {
		p.key(string(r))
	}
	if pressed(ebiten.KeyBackspace) {
		p.key("DEL")
	}
	if pressed(ebiten.KeyTab) {
		p.field = 1 - p.field
	}
	x, y, ok := pointer()
	if ok {
		for row, keys := range ramKeys {
			for col, k := range keys {
				if kx, ky, kw, kh := ramKeyRect(row, col); hitRect(x, y, kx, ky, kw, kh) {
					p.key(k)
				}
			}
		}
	}
	switch {
	case ok && hitRect(x, y, opX+400, ramFieldY(0), 800, 80):
		p.field = 0
	case ok && hitRect(x, y, opX+400, ramFieldY(1), 800, 80):
		p.field = 1
	case p.ready() && (ok && hitRect(x, y, opX+500, ramButtonY, 480, 96) || pressed(ebiten.KeyEnter)):
		p.submit(o)
	}
}

// key types one key into the field in focus: a character, "SPACE" or "DEL".
func (p *ramClearPage) key(k string) {
	f := &p.who
	if p.field == 1 {
		f = &p.confirm
	}
	switch {
	case k == "DEL":
		if len(*f) > 0 {
			*f = (*f)[:len(*f)-1]
		}
	case k == "SPACE":
		k = " "
		fallthrough
	default:
		for _, r := range k {
			if len(*f) < 40 && r >= ' ' {
				if p.field == 1 && r >= 'a' && r <= 'z' {
					r -= 'a' - 'A'
				}
				*f = append(*f, r)
			}
		}
	}
	p.texts()
}

// submit sends the RAM clear with the operator's name, once both fields are typed.
func (p *ramClearPage) submit(o *Operator) {
	if !p.ready() {
		o.say(kit.OpTr("operator.ram.type_both", "Words", ramClearWords), false)
		return
	}
	who := strings.TrimSpace(string(p.who))
	o.request(machine.Input{Kind: machine.InRAMClear, Who: who}, kit.OpTr("operator.ram.cleared", "Who", strings.ToUpper(who)))
	p.open(o)
}

func (p *ramClearPage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	cx := float64(opX + opW/2)
	if o.st.State != machine.RAMError {
		good, only := kit.OpTr("operator.ram.good"), kit.OpTr("operator.ram.only_for_error")
		kit.OpText(dst, good, kit.OpFit(good, 40, true, opW-60), true, cx, opY+280, paint.Center, paint.RGB(140, 240, 140), 0)
		kit.OpText(dst, only, kit.OpFit(only, 26, false, opW-60), false, cx, opY+350, paint.Center, paint.RGB(200, 210, 230), 0)
		return
	}
	kit.OpText(dst, kit.OpTr("operator.state.ram_error"), 48, true, cx, opY+20, paint.Center, paint.RGB(255, 130, 110), 2)
	reason := reasonWords(o.st.Reason)
	kit.OpText(dst, reason, kit.OpFit(reason, 22, false, opW-80), false, cx, opY+84, paint.Center, paint.RGB(230, 230, 230), 0)
	kept := kit.OpTr("operator.ram.kept_aside")
	kit.OpText(dst, kept, kit.OpFit(kept, 22, false, opW-60), false, cx, opY+120, paint.Center, paint.RGB(230, 200, 160), 0)
	for i, caption := range p.captions {
		y := ramFieldY(i)
		kit.OpText(dst, caption, 22, true, opX+400, float64(y-32), paint.Left, paint.RGB(190, 200, 220), 0)
		st := boxField
		if p.field == i {
			st = boxFieldOn
		}
		opBox(dst, opX+400, y, 800, 80, st)
		s := p.shown[i][0]
		if p.field == i && (o.t/30)%2 == 0 {
			s = p.shown[i][1]
		}
		kit.OpTextMid(dst, s, 36, true, opX+420, float64(y+40), paint.Left, paint.RGB(20, 20, 30), 0)
	}
	for row, keys := range ramKeys {
		for col, k := range keys {
			x, y, w, h := ramKeyRect(row, col)
			st, name := boxKey, k
			switch k {
			case "DEL":
				st, name = boxDanger, kit.OpTr("operator.key.delete")
			case "SPACE":
				name = kit.OpTr("operator.key.space")
			}
			opButtonAt(dst, name, x, y, w, h, st)
		}
	}
	st := boxOff
	if p.ready() {
		st = boxDanger
	}
	opButtonAt(dst, kit.OpTr("operator.button.ram_clear"), opX+500, ramButtonY, 480, 96, st)
}

// ---- Volume ----

// volumePage sets the sound engine's volume and mute.
type volumePage struct {
	pct string
	at  int // the percentage pct shows (-1: none yet)
}

func (p *volumePage) name() string { return kit.OpTr("operator.page.volume") }

func (p *volumePage) open(o *Operator) { p.pct, p.at = "", -1 }

func (p *volumePage) update(o *Operator) {
	a := o.audio
	v := a.Volume()
	x, y, ok := pointer()
	switch {
	case pressed(ebiten.KeyArrowLeft, ebiten.KeyMinus) || ok && hitRect(x, y, opX+200, opY+300, 140, 110):
		a.SetVolume(math.Max(0, math.Round(v*10-1)/10))
	case pressed(ebiten.KeyArrowRight, ebiten.KeyEqual) || ok && hitRect(x, y, opX+opW-340, opY+300, 140, 110):
		a.SetVolume(math.Min(1, math.Round(v*10+1)/10))
	case pressed(ebiten.KeyM) || ok && hitRect(x, y, opX+opW/2-200, opY+520, 400, 110):
		a.SetMuted(!a.Muted())
	}
	if v := int(math.Round(a.Volume() * 100)); v != p.at {
		p.pct, p.at = strconv.Itoa(v)+" %", v
	}
}

func (p *volumePage) draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, opX, opY, opW, opH, boxPanel)
	a := o.audio
	cx := float64(opX + opW/2)
	kit.OpText(dst, kit.OpTr("operator.page.volume"), 44, true, cx, opY+60, paint.Center, paint.RGB(255, 220, 120), 2)
	opButtonAt(dst, "−", opX+200, opY+300, 140, 110, boxKey)
	opButtonAt(dst, "+", opX+opW-340, opY+300, 140, 110, boxKey)
	bw := float32(opW - 760)
	opBox(dst, opX+380, opY+330, bw, 50, boxOff)
	if w := bw * float32(a.Volume()); w >= 24 {
		st := boxOn
		if a.Muted() {
			st = boxOff
		}
		opBox(dst, opX+380, opY+330, w, 50, st)
	}
	kit.OpText(dst, p.pct, 40, true, cx, opY+200, paint.Center, paint.RGB(255, 255, 255), 0)
	name, st := kit.OpTr("operator.button.mute"), boxDanger
	if a.Muted() {
		name, st = kit.OpTr("operator.button.unmute"), boxGo
	}
	opButtonAt(dst, name, opX+opW/2-200, opY+520, 400, 110, st)
}
