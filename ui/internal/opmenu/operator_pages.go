//go:build cgo && !noscreen

package opmenu

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
	"egm/machine/reserve"
	"egm/meters"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// refreshEvery is how often (ticks) a page re-reads critical memory: the store's
// sequence number is compared first, so an unchanged store costs nothing more.
const refreshEvery = 30

// view reads critical memory (false in RAM ERROR: no store open).
func (o *Operator) view(fn func(v *meters.Snapshot)) bool {
	return o.S.Machine().View(fn) == nil
}

// storeSeq is critical memory's commit sequence (0 without a store).
func (o *Operator) storeSeq() uint64 { return o.S.Machine().Seq() }

// ---- Meters ----

// MetersPage shows every machine meter and named counter, and the meters per title
// and denomination, read-only from critical memory.
type MetersPage struct {
	gen     int // counts open: the page's picture changes only then
	seq     uint64
	Ok      bool
	Left    [][2]string
	Right   [][2]string
	refresh int
}

func (p *MetersPage) Name() string { return kit.OpTr("operator.page.meters") }

func (p *MetersPage) Open(o *Operator) {
	p.gen++
	p.Left, p.Right = p.Left[:0], p.Right[:0]
	p.seq = o.storeSeq()
	p.Ok = o.view(func(v *meters.Snapshot) {
		ms := v.Meters()
		counts := v.Counters()
		for i := meters.Meter(0); i < meters.NumMeters; i++ {
			p.Left = append(p.Left, [2]string{o.meterCaption(i.String()), MeterValue(i.String(), ms.Get(i))})
			if i == meters.DoorOpens { // the main door's, then the other two doors' counters
				for _, k := range doorCounters {
					p.Left = append(p.Left, [2]string{o.meterCaption(k), MeterValue(k, counts[k])})
				}
			}
		}
		for _, k := range sortedKeys(counts) {
			if !slices.Contains(doorCounters, k) {
				p.Right = append(p.Right, [2]string{o.meterCaption(k), MeterValue(k, counts[k])})
			}
		}
		gs := v.Games()
		if len(gs) > 0 {
			p.Right = append(p.Right, [2]string{kit.OpTr("operator.meters.per_title"), kit.OpTr("operator.meters.per_title_values")})
		}
		for i, g := range gs {
			if i == 14 {
				p.Right = append(p.Right, [2]string{kit.OpTrN("operator.meters.more_games", int64(len(gs)-i)), ""})
				break
			}
			p.Right = append(p.Right, [2]string{strings.ToUpper(o.gameName(g.Title)) + " · " + kit.OpMoneyNum(g.DenomCents),
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
	if t := o.Titles[id]; t != nil {
		return t.Spec.Name
	}
	if n := play.Name(id); n != "" {
		return n
	}
	return id
}

func (p *MetersPage) still() [3]int { return [3]int{p.gen} }

func (p *MetersPage) Update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.Open(o)
	}
}

func (p *MetersPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	if !p.Ok {
		none := kit.OpTr("operator.meters.no_memory")
		kit.OpText(dst, none, kit.OpFit(none, 32, true, OpW-60), true, OpX+OpW/2, OpY+300, paint.Center, paint.RGB(255, 130, 110), 0)
		return
	}
	head := kit.OpTr("operator.meters.head")
	kit.OpText(dst, head, kit.OpFit(head, 26, true, OpW-60), true, OpX+30, OpY+20, paint.Left, paint.RGB(255, 220, 120), 0)
	drawRows(dst, p.Left, OpX+30, OpY+70, 700, 40)
	drawRows(dst, p.Right, OpX+760, OpY+70, 690, 34)
}

// drawRows draws caption/value rows: the caption left, the value right-aligned.
func drawRows(dst *ebiten.Image, rows [][2]string, x, y, w, step float64) {
	for i, r := range rows {
		yy := y + float64(i)*step
		if yy > OpY+OpH-40 {
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

// MeterValue formats a meter: an amount for a *_cents key (…_cents:title too), a
// count otherwise.
func MeterValue(key string, v int64) string {
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

func (p *eventsPage) Name() string { return kit.OpTr("operator.page.events") }

func (p *eventsPage) still() [3]int { return [3]int{p.gen, p.top} }

func (p *eventsPage) Open(o *Operator) {
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

func (p *eventsPage) Update(o *Operator) {
	if p.refresh++; p.refresh%refreshEvery == 0 && o.storeSeq() != p.seq {
		p.Open(o)
	}
	d := 0
	switch {
	case scene.Pressed(ebiten.KeyArrowDown):
		d = 1
	case scene.Pressed(ebiten.KeyArrowUp):
		d = -1
	case scene.Pressed(ebiten.KeyPageDown):
		d = eventRows
	case scene.Pressed(ebiten.KeyPageUp):
		d = -eventRows
	case scene.Pressed(ebiten.KeyHome):
		d = -len(p.rows)
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		d = -int(math.Copysign(3, wy))
	}
	if x, y, ok := scene.Pointer(); ok {
		switch {
		case HitRect(x, y, OpX+OpW-110, OpY+80, 90, 90):
			d = -eventRows
		case HitRect(x, y, OpX+OpW-110, OpY+OpH-110, 90, 90):
			d = eventRows
		}
	}
	p.top = min(max(p.top+d, 0), max(len(p.rows)-eventRows, 0))
}

func (p *eventsPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	c := paint.RGB(255, 120, 100)
	if p.verified {
		c = paint.RGB(120, 240, 130)
		drawCheck(dst, OpX+40, OpY+38, c)
	}
	kit.OpText(dst, p.chain, kit.OpFit(p.chain, 26, true, OpW-400), true, OpX+70, OpY+22, paint.Left, c, 0) // clear of NEWEST FIRST
	newest := kit.OpTr("operator.events.newest_first")
	kit.OpText(dst, newest, kit.OpFit(newest, 20, false, 240), false, OpX+OpW-130, OpY+28, paint.Right, paint.RGB(170, 180, 200), 0)
	for i := 0; i < eventRows && p.top+i < len(p.rows); i++ {
		r := &p.rows[p.top+i]
		y := float64(OpY + 80 + i*eventStep)
		kit.OpText(dst, r.seq, 20, true, OpX+90, y, paint.Right, paint.RGB(170, 180, 200), 0)
		kit.OpText(dst, r.time, 20, false, OpX+110, y, paint.Left, paint.RGB(190, 200, 220), 0)
		kit.OpText(dst, r.kind, kit.OpFit(r.kind, 18, true, 205), true, OpX+330, y+1, paint.Left, paint.RGB(255, 220, 120), 0)
		kit.OpText(dst, r.detail, 18, false, OpX+545, y+1, paint.Left, paint.RGB(240, 240, 240), 0)
	}
	OpButtonAt(dst, "↑", OpX+OpW-110, OpY+80, 90, 90, BoxKey)
	OpButtonAt(dst, "↓", OpX+OpW-110, OpY+OpH-110, 90, 90, BoxKey)
	if n := len(p.rows); n > eventRows {
		h := float32(OpH-300) * float32(eventRows) / float32(n)
		y := OpY + 190 + float32(OpH-300-h)*float32(p.top)/float32(n-eventRows)
		opBox(dst, OpX+OpW-75, y, 20, max(h, 24), BoxTabOn)
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
	case reserve.EvReserve:
		return kit.OpTr("operator.event.reserve")
	case reserve.EvReserveEnd:
		return kit.OpTr("operator.event.reserve_end")
	}
	return strings.ToUpper(strings.ReplaceAll(string(k), "_", " "))
}

// drawCheck draws a check mark centred at (x, y).
func drawCheck(dst *ebiten.Image, x, y float32, c color.RGBA) {
	paint.Line(dst, x-12, y, x-3, y+10, 5, c)
	paint.Line(dst, x-3, y+10, x+14, y-12, 5, c)
}

// ---- Lockups: handpay and tilt ----

// LockupPage pays a pending handpay (with a confirmation) or clears a tilt whose
// cause is gone: both are the attendant key's input.
type LockupPage struct {
	Reserve ReservePanel // a reservation of the machine for its player (operator_reserve.go)
	Confirm bool
	key     [2]int64  // the game and amount the lines were made for
	Lines   [3]string // the amount, the game line, the confirmation
	lang    locale.Lang
}

// text remakes the page's lines when the pending handpay changed.
func (p *LockupPage) text(st machine.Status) {
	if k := [2]int64{int64(st.Game), st.WinCents}; k != p.key || p.Lines[0] == "" || p.lang != kit.ScreenLang.Operator.Lang() {
		p.lang = kit.ScreenLang.Operator.Lang()
		p.key = k
		p.Lines = [3]string{kit.OpMoney(st.WinCents),
			kit.OpTr("operator.handpay.line", "Game", st.Game),
			kit.OpTr("operator.handpay.confirm", "Amount", kit.OpMoney(st.WinCents))}
	}
}

func (p *LockupPage) Name() string { return kit.OpTr("operator.page.lockups") }

func (p *LockupPage) Open(o *Operator) { p.Confirm = false }

func (p *LockupPage) Update(o *Operator) {
	if p.Reserve.shows(o.st) {
		p.Reserve.update(o)
		return
	}
	x, y, ok := scene.Pointer()
	yes := ok && HitRect(x, y, OpX+300, OpY+420, 400, 110) || scene.Pressed(ebiten.KeyEnter)
	no := ok && HitRect(x, y, OpX+780, OpY+420, 400, 110) // Esc closes the whole menu first
	p.Act(o, yes, no)
}

// Act is the page's answer to YES (reset, confirm, clear) or NO.
func (p *LockupPage) Act(o *Operator, yes, no bool) {
	switch o.st.State {
	case machine.HandpayLockup:
		switch {
		case !p.Confirm && yes:
			p.Confirm = true
		case p.Confirm && yes:
			p.Confirm = false
			o.request(machine.Input{Kind: machine.InAttendantKey}, kit.OpTr("operator.handpay.done", "Amount", kit.OpMoney(o.st.WinCents)))
		case p.Confirm && no:
			p.Confirm = false
		}
	case machine.Tilt:
		if yes {
			o.request(machine.Input{Kind: machine.InAttendantKey}, kit.OpTr("operator.tilt.cleared"))
		}
	}
}

func (p *LockupPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	cx := float64(OpX + OpW/2)
	switch o.st.State {
	case machine.HandpayLockup:
		p.text(o.st)
		kit.OpText(dst, kit.OpTr("operator.handpay.pending"), 44, true, cx, OpY+60, paint.Center, paint.RGB(255, 220, 120), 2)
		kit.OpText(dst, p.Lines[0], 96, true, cx, OpY+140, paint.Center, paint.RGB(255, 255, 255), 3)
		kit.OpText(dst, p.Lines[1], kit.OpFit(p.Lines[1], 24, false, OpW-60), false, cx, OpY+290, paint.Center, paint.RGB(220, 220, 230), 0)
		if p.Confirm {
			kit.OpText(dst, p.Lines[2], kit.OpFit(p.Lines[2], 32, true, OpW-60), true, cx, OpY+350, paint.Center, paint.RGB(255, 160, 120), 0)
			OpButtonAt(dst, kit.OpTr("operator.button.yes_reset"), OpX+300, OpY+420, 400, 110, boxOn)
			OpButtonAt(dst, kit.OpTr("operator.button.no"), OpX+780, OpY+420, 400, 110, BoxDanger)
		} else {
			OpButtonAt(dst, kit.OpTr("operator.button.handpay_reset"), OpX+300, OpY+420, 400, 110, boxGo)
		}
	case machine.Tilt:
		kit.OpText(dst, kit.OpTr("operator.tilt.title"), 56, true, cx, OpY+60, paint.Center, paint.RGB(255, 130, 110), 2)
		reason := reasonWords(o.st.Reason)
		kit.OpText(dst, reason, kit.OpFit(reason, 32, true, OpW-80), true, cx, OpY+160, paint.Center, paint.RGB(255, 255, 255), 0)
		OpButtonAt(dst, kit.OpTr("operator.button.clear_tilt"), OpX+300, OpY+420, 400, 110, boxGo)
	default:
		if p.Reserve.shows(o.st) {
			p.Reserve.draw(dst, o)
			return
		}
		none, help := kit.OpTr("operator.lockups.none"), kit.OpTr("operator.lockups.help")
		kit.OpText(dst, none, kit.OpFit(none, 40, true, OpW-60), true, cx, OpY+300, paint.Center, paint.RGB(200, 210, 230), 0)
		kit.OpText(dst, help, kit.OpFit(help, 24, false, OpW-60), false, cx, OpY+370, paint.Center, paint.RGB(170, 180, 200), 0)
	}
}

// ---- RAM clear ----

// RamClearPage is the operator's RAM clear: only in RAM ERROR, with the operator's
// Name typed and the words RAM CLEAR typed as the confirmation.
type RamClearPage struct {
	Who, Confirm []rune
	Field        int // 0 the name, 1 the confirmation
	chars        []rune
	shown        [2][2]string // each field's text, without and with the cursor
	captions     [2]string    // the fields' captions
}

// Texts remakes the fields' texts after an edit.
func (p *RamClearPage) Texts() {
	for i, v := range [2][]rune{p.Who, p.Confirm} {
		p.shown[i] = [2]string{string(v), string(v) + "|"}
	}
	p.captions = [2]string{kit.OpTr("operator.ram.name_field"), kit.OpTr("operator.ram.confirm_field", "Words", RamClearWords)}
}

// RamClearWords is the confirmation the operator types: the same letters in
// every language (the on-screen keyboard's).
const RamClearWords = "RAM CLEAR"

func (p *RamClearPage) Name() string { return kit.OpTr("operator.page.ram_clear") }

func (p *RamClearPage) Open(o *Operator) {
	p.Who, p.Confirm, p.Field = p.Who[:0], p.Confirm[:0], 0
	p.Texts()
}

// typing: in RAM ERROR the page takes text (Tab moves between its fields).
func (p *RamClearPage) typing(o *Operator) bool { return o.st.State == machine.RAMError }

func (p *RamClearPage) ready() bool {
	return strings.TrimSpace(string(p.Who)) != "" && string(p.Confirm) == RamClearWords
}

// The RAM clear page's layout: the two fields, the on-screen keyboard (for a
// cabinet with a touch screen only) and the button.
const (
	ramFieldY0, ramFieldStep = OpY + 200, 115
	ramKeysY, RamKeyW        = OpY + 420, 100
	RamKeyH, ramKeyGap       = 70, 10
	RamButtonY               = OpY + 672
)

// ramKeys are the on-screen keyboard's rows ("SPACE" is the space, "DEL" rubs out).
var ramKeys = [3][]string{
	{"Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"},
	{"A", "S", "D", "F", "G", "H", "J", "K", "L", "."},
	{"Z", "X", "C", "V", "B", "N", "M", "-", "SPACE", "DEL"},
}

func ramKeyRect(row, col int) (x, y, w, h float32) {
	x0 := float32(OpX) + (OpW-10*RamKeyW-9*ramKeyGap)/2
	return x0 + float32(col)*(RamKeyW+ramKeyGap), ramKeysY + float32(row)*(RamKeyH+ramKeyGap), RamKeyW, RamKeyH
}

func ramFieldY(i int) float32 { return ramFieldY0 + float32(i)*ramFieldStep }

func (p *RamClearPage) Update(o *Operator) {
	if o.st.State != machine.RAMError {
		return
	}
	p.chars = ebiten.AppendInputChars(p.chars[:0])
	for _, r := range p.chars {
		p.Key(string(r))
	}
	if scene.Pressed(ebiten.KeyBackspace) {
		p.Key("DEL")
	}
	if scene.Pressed(ebiten.KeyTab) {
		p.Field = 1 - p.Field
	}
	x, y, ok := scene.Pointer()
	if ok {
		for row, keys := range ramKeys {
			for col, k := range keys {
				if kx, ky, kw, kh := ramKeyRect(row, col); HitRect(x, y, kx, ky, kw, kh) {
					p.Key(k)
				}
			}
		}
	}
	switch {
	case ok && HitRect(x, y, OpX+400, ramFieldY(0), 800, 80):
		p.Field = 0
	case ok && HitRect(x, y, OpX+400, ramFieldY(1), 800, 80):
		p.Field = 1
	case p.ready() && (ok && HitRect(x, y, OpX+500, RamButtonY, 480, 96) || scene.Pressed(ebiten.KeyEnter)):
		p.Submit(o)
	}
}

// Key types one key into the field in focus: a character, "SPACE" or "DEL".
func (p *RamClearPage) Key(k string) {
	f := &p.Who
	if p.Field == 1 {
		f = &p.Confirm
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
				if p.Field == 1 && r >= 'a' && r <= 'z' {
					r -= 'a' - 'A'
				}
				*f = append(*f, r)
			}
		}
	}
	p.Texts()
}

// Submit sends the RAM clear with the operator's name, once both fields are typed.
func (p *RamClearPage) Submit(o *Operator) {
	if !p.ready() {
		o.say(kit.OpTr("operator.ram.type_both", "Words", RamClearWords), false)
		return
	}
	who := strings.TrimSpace(string(p.Who))
	o.request(machine.Input{Kind: machine.InRAMClear, Who: who}, kit.OpTr("operator.ram.cleared", "Who", strings.ToUpper(who)))
	p.Open(o)
}

func (p *RamClearPage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	cx := float64(OpX + OpW/2)
	if o.st.State != machine.RAMError {
		good, only := kit.OpTr("operator.ram.good"), kit.OpTr("operator.ram.only_for_error")
		kit.OpText(dst, good, kit.OpFit(good, 40, true, OpW-60), true, cx, OpY+280, paint.Center, paint.RGB(140, 240, 140), 0)
		kit.OpText(dst, only, kit.OpFit(only, 26, false, OpW-60), false, cx, OpY+350, paint.Center, paint.RGB(200, 210, 230), 0)
		return
	}
	kit.OpText(dst, kit.OpTr("operator.state.ram_error"), 48, true, cx, OpY+20, paint.Center, paint.RGB(255, 130, 110), 2)
	reason := reasonWords(o.st.Reason)
	kit.OpText(dst, reason, kit.OpFit(reason, 22, false, OpW-80), false, cx, OpY+84, paint.Center, paint.RGB(230, 230, 230), 0)
	kept := kit.OpTr("operator.ram.kept_aside")
	kit.OpText(dst, kept, kit.OpFit(kept, 22, false, OpW-60), false, cx, OpY+120, paint.Center, paint.RGB(230, 200, 160), 0)
	for i, caption := range p.captions {
		y := ramFieldY(i)
		kit.OpText(dst, caption, 22, true, OpX+400, float64(y-32), paint.Left, paint.RGB(190, 200, 220), 0)
		st := boxField
		if p.Field == i {
			st = boxFieldOn
		}
		opBox(dst, OpX+400, y, 800, 80, st)
		s := p.shown[i][0]
		if p.Field == i && (o.t/30)%2 == 0 {
			s = p.shown[i][1]
		}
		kit.OpTextMid(dst, s, 36, true, OpX+420, float64(y+40), paint.Left, paint.RGB(20, 20, 30), 0)
	}
	for row, keys := range ramKeys {
		for col, k := range keys {
			x, y, w, h := ramKeyRect(row, col)
			st, name := BoxKey, k
			switch k {
			case "DEL":
				st, name = BoxDanger, kit.OpTr("operator.key.delete")
			case "SPACE":
				name = kit.OpTr("operator.key.space")
			}
			OpButtonAt(dst, name, x, y, w, h, st)
		}
	}
	st := boxOff
	if p.ready() {
		st = BoxDanger
	}
	OpButtonAt(dst, kit.OpTr("operator.button.ram_clear"), OpX+500, RamButtonY, 480, 96, st)
}

// ---- Volume ----

// volumePage sets the sound engine's volume and mute.
type volumePage struct {
	pct string
	at  int // the percentage pct shows (-1: none yet)
}

func (p *volumePage) Name() string { return kit.OpTr("operator.page.volume") }

func (p *volumePage) Open(o *Operator) { p.pct, p.at = "", -1 }

func (p *volumePage) Update(o *Operator) {
	a := o.audio
	v := a.Volume()
	x, y, ok := scene.Pointer()
	switch {
	case scene.Pressed(ebiten.KeyArrowLeft, ebiten.KeyMinus) || ok && HitRect(x, y, OpX+200, OpY+300, 140, 110):
		a.SetVolume(math.Max(0, math.Round(v*10-1)/10))
	case scene.Pressed(ebiten.KeyArrowRight, ebiten.KeyEqual) || ok && HitRect(x, y, OpX+OpW-340, OpY+300, 140, 110):
		a.SetVolume(math.Min(1, math.Round(v*10+1)/10))
	case scene.Pressed(ebiten.KeyM) || ok && HitRect(x, y, OpX+OpW/2-200, OpY+520, 400, 110):
		a.SetMuted(!a.Muted())
	}
	if v := int(math.Round(a.Volume() * 100)); v != p.at {
		p.pct, p.at = strconv.Itoa(v)+" %", v
	}
}

func (p *volumePage) Draw(dst *ebiten.Image, o *Operator) {
	opBox(dst, OpX, OpY, OpW, OpH, boxPanel)
	a := o.audio
	cx := float64(OpX + OpW/2)
	kit.OpText(dst, kit.OpTr("operator.page.volume"), 44, true, cx, OpY+60, paint.Center, paint.RGB(255, 220, 120), 2)
	OpButtonAt(dst, "−", OpX+200, OpY+300, 140, 110, BoxKey)
	OpButtonAt(dst, "+", OpX+OpW-340, OpY+300, 140, 110, BoxKey)
	bw := float32(OpW - 760)
	opBox(dst, OpX+380, OpY+330, bw, 50, boxOff)
	if w := bw * float32(a.Volume()); w >= 24 {
		st := boxOn
		if a.Muted() {
			st = boxOff
		}
		opBox(dst, OpX+380, OpY+330, w, 50, st)
	}
	kit.OpText(dst, p.pct, 40, true, cx, OpY+200, paint.Center, paint.RGB(255, 255, 255), 0)
	name, st := kit.OpTr("operator.button.mute"), BoxDanger
	if a.Muted() {
		name, st = kit.OpTr("operator.button.unmute"), boxGo
	}
	OpButtonAt(dst, name, OpX+OpW/2-200, OpY+520, 400, 110, st)
}

// PageIndex is the index of the page whose key (pageKey) is name.
func (o *Operator) PageIndex(name string) int {
	for i, p := range o.Pages {
		if pageKey(p) == name {
			return i
		}
	}
	return 0
}

// pageKey names a page for the tests and screenshots in any language: its
// English tab.
func pageKey(p opPage) string {
	switch p.(type) {
	case *MetersPage:
		return "METERS"
	case *eventsPage:
		return "EVENT LOG"
	case *RecallPage:
		return "GAME RECALL"
	case *ConfigPage:
		return "CONFIGURATION"
	case *TablesPage:
		return "TABLE GAMES"
	case *LockupPage:
		return "HANDPAY / TILT"
	case *RamClearPage:
		return "RAM CLEAR"
	case *PinPage:
		return "CHANGE PIN"
	case *volumePage:
		return "VOLUME"
	}
	return ""
}
