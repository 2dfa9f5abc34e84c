//go:build cgo && !noscreen

package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// tableCore is what the five table scenes share: the dealer (the machine, or the
// demo's own rng), the round shown (a play.Round in both modes), the ticks its
// deal and its last decision were first shown at (the scenes animate from them),
// the chip chosen within the game's limits, the decision buttons (exactly the
// round's Legal options, each with the stake it adds), the report of the end
// shown, the way back to the lobby and the lockup cover.
type tableCore struct {
	game    string
	d       tableDealer
	chips   []int64 // the chip values the limits allow
	chip    int
	r       *play.Round // the round shown (nil: none yet)
	ver     int
	dealtAt int  // the tick the round's deal was first shown
	doneAt  int  // the tick the player's last decision was first shown
	shown   bool // the end of r is reported shown
	// waiting: an input is with the dealer (its refusals counted before it)
	waiting  bool
	waitFrom int
	refusals int
	t, idle  int
	lobby    func() Scene // back to the lobby between rounds (nil: none)
	// the decision buttons, laid out once per round shown and waiting state
	decisions []decisionButton
	decFor    decisionsKey
	// the CHIP button's name, made again only when the chip or the language
	// changes
	chipName    string
	chipNameFor chipNameKey
}

// chipNameKey is what the CHIP button's name was made for.
type chipNameKey struct {
	word  string
	value int64
	lang  locale.Lang
}

// decisionsKey is what the decision buttons were laid out for.
type decisionsKey struct {
	r       *play.Round
	n       int // its decisions taken
	waiting bool
	lang    locale.Lang // the buttons' words are in the player's language
}

// decisionButton is a decision offered as a button.
type decisionButton struct {
	b button
	d play.Decision
}

// tableLongAgo places a resumed round's deal far enough in the past that every
// card of it is on the table at once.
const tableLongAgo = 100_000

func newTableCore(game string, d tableDealer) tableCore {
	c := tableCore{game: game, d: d, dealtAt: -tableLongAgo, doneAt: -tableLongAgo}
	c.chips = tableChipsFor(d.Limits())
	c.refusals = d.Refusals()
	_, c.ver = d.Round() // a round dealt before the scene opened is not this scene's (resume takes one up)
	return c
}

// resume takes up a round rebuilt from critical memory: its cards dealt, its
// decisions taken, the open ones offered, and the end shown again when it has no
// decision left.
func (c *tableCore) resume(r *play.Round) {
	c.r, c.dealtAt, c.doneAt, c.shown = r, -tableLongAgo, 0, false
	_, c.ver = c.d.Round()
}

// tableChipsFor are the chips offered under limits: the table's chips from the
// minimum to the maximum bet (the minimum itself when none fits).
func tableChipsFor(l play.Limits) []int64 {
	var out []int64
	for _, c := range tableChips {
		c *= kit.DemoScale() // the euro's chips in the profile's currency
		if c >= l.Min && c <= l.Max {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		out = []int64{l.Min}
	}
	return out
}

// chipValue is the chip chosen.
func (c *tableCore) chipValue() int64 { return c.chips[c.chip%len(c.chips)] }

// nextChip steps to the next chip value.
func (c *tableCore) nextChip() { c.chip = (c.chip + 1) % len(c.chips) }

// sideStake is a side bet's stake for the chip chosen: the chip, at most the side
// bets' maximum.
func (c *tableCore) sideStake() int64 {
	v := min(c.chipValue(), c.d.Limits().SideMax)
	return v - v%play.Chip
}

// tick advances the scene's clock and reads the dealer: a new round restarts the
// deal's animation, a decision that ends the round starts the end's.
func (c *tableCore) tick() {
	c.t++
	c.idle++
	r, ver := c.d.Round()
	if c.waiting && (ver != c.ver || c.d.Refusals() != c.refusals || c.t-c.waitFrom > 10*TPS && !c.d.Busy()) {
		c.waiting = false
	}
	c.refusals = c.d.Refusals()
	if ver == c.ver || r == nil {
		return
	}
	fresh := c.r == nil || len(r.Decisions) == 0 || r.Deck != c.r.Deck || r.Game != c.r.Game
	c.r, c.ver = r, ver
	if fresh {
		c.dealtAt, c.shown = c.t, false
	}
	if r.Done() || !fresh {
		c.doneAt = c.t
	}
}

// playing: a round whose player still decides.
func (c *tableCore) playing() bool { return c.r != nil && !c.r.Done() }

// between: no round in progress (none yet, or the last one's end reported shown),
// nothing waiting for the dealer: bets may change and DEAL deals.
func (c *tableCore) between() bool {
	return !c.waiting && (c.r == nil || c.shown) && !c.d.Busy()
}

// deal asks the dealer for a round.
func (c *tableCore) deal(b play.Bets) {
	if !c.between() {
		return
	}
	c.send(func() { c.d.Deal(c.game, b) })
}

// decide takes decision d when it is open.
func (c *tableCore) decide(d play.Decision) {
	if !c.playing() || c.waiting {
		return
	}
	for _, o := range c.r.Legal() {
		if o.Decision == d {
			c.send(func() { c.d.Decide(d) })
			return
		}
	}
}

func (c *tableCore) send(fn func()) {
	c.waiting, c.waitFrom, c.refusals = true, c.t, c.d.Refusals()
	fn()
	c.tick0()
}

// tick0 reads the dealer without advancing the clock (the demo answers at once).
func (c *tableCore) tick0() {
	c.t--
	c.idle--
	c.tick()
}

// endShown reports the end of a round with no decision left shown: the machine
// settles it (credits, or the handpay lockup).
func (c *tableCore) endShown() {
	if c.r != nil && c.r.Done() && !c.shown {
		c.shown = true
		c.d.Shown()
	}
}

// settled: the round's end is shown and reported.
func (c *tableCore) settled() bool { return c.r != nil && c.shown }

// settlement is the settled round's totals (zero before).
func (c *tableCore) settlement() play.Settlement {
	if !c.settled() {
		return play.Settlement{}
	}
	s, _ := c.r.Settle()
	return s
}

// the area of the decision buttons, right of the meters
const (
	tableDecX0, tableDecX1 = 660, 1880
	tableDecGap            = 16
)

// decisionLabel is a decision's button: its name (decisionWord) and the stake
// it adds.
func decisionLabel(o play.Option) string {
	w := decisionWord(o.Decision)
	if o.Cents > 0 {
		w += " " + kit.PlayerMoney(o.Cents)
	}
	return w
}

// decisionButtons lays out the round's open decisions, in Legal's order.
func (c *tableCore) decisionButtons() []decisionButton {
	key := decisionsKey{c.r, 0, c.waiting, kit.PlayerLang()}
	if c.r != nil {
		key.n = len(c.r.Decisions)
	}
	if key == c.decFor && c.decisions != nil { // a frame allocates nothing
		return c.decisions
	}
	c.decFor = key
	c.decisions = c.decisions[:0]
	if !c.playing() || c.waiting {
		return c.decisions
	}
	legal := c.r.Legal()
	n := float32(len(legal))
	w := min(320, (tableDecX1-tableDecX0-(n-1)*tableDecGap)/n)
	x := float32(tableDecX1) - n*w - (n-1)*tableDecGap
	for i, o := range legal {
		col := paint.RGB(60, 120, 220)
		switch o.Decision {
		case play.Fold, play.Stand, play.Check, play.NoInsurance:
			col = paint.RGB(90, 90, 110)
		case play.Hit, play.PlayHand:
			col = paint.RGB(30, 150, 60)
		}
		b := button{0, decisionLabel(o), x + float32(i)*(w+tableDecGap), 968, w, 86, col, false}
		c.decisions = append(c.decisions, decisionButton{b, o.Decision})
	}
	return c.decisions
}

// lobbyButton returns to the lobby between rounds (metered play).
var lobbyButton = button{0, "LOBBY", 1550, 16, 160, 70, paint.RGB(90, 90, 110), false}

// common reads the buttons every table scene shares, before its own: HELP, the
// way back to the lobby, and the decision buttons (and Space or Enter for the
// first open decision). It reports whether the frame's input was taken.
func (c *tableCore) common(m *Manager, s Scene) bool {
	if title, _ := c.d.Lockup(); title != "" { // a lockup takes no player input
		c.tick()
		return true
	}
	if openTableHelp(m, c.game, s) {
		return true
	}
	x, y, ok := pointer()
	if ok {
		c.idle = 0
	}
	if c.lobby != nil && c.between() && (ok && lobbyButton.hit(x, y) || pressed(ebiten.KeyEscape)) {
		if m != nil {
			m.Go(c.lobby())
		}
		return true
	}
	if ok && kit.TableLangButton(c.game).Update(x, y, ok) {
		return true
	}
	if ok {
		for _, b := range c.decisionButtons() {
			if b.b.hit(x, y) {
				c.decide(b.d)
				return true
			}
		}
	}
	return false
}

// pulse is the glow of a scene's live buttons at its tick.
func (c *tableCore) pulse() float64 { return 0.5 + 0.5*math.Sin(float64(c.t)/8) }

// offKey is a side bet button's name turned off, in a language.
type offKey struct {
	name string
	lang locale.Lang
}

// offNames are the names of the side bet buttons turned off ("TRIPS OFF").
var offNames = map[offKey]string{}

// drawBetButtons draws a scene's own buttons, live when live, in the player's
// words (buttonWord): CHIP named word and the chip chosen ("BET 5", chipWord),
// and a side bet's button that off reports off with "OFF" after its name (off
// nil: none).
func (c *tableCore) drawBetButtons(dst *ebiten.Image, bs []button, word string, live bool, off func(name string) bool) {
	if k := (chipNameKey{word, c.chipValue(), kit.PlayerLang()}); c.chipName == "" || k != c.chipNameFor {
		c.chipName, c.chipNameFor = chipWord(word, k.value), k
	}
	pulse := c.pulse()
	for _, b := range bs {
		switch {
		case b.name == "CHIP":
			b.name = c.chipName
		case off != nil && off(b.name):
			k := offKey{b.name, kit.PlayerLang()}
			n, ok := offNames[k]
			if !ok {
				n = kit.Tr("tables.button.off", "Name", buttonWord(b.name))
				offNames[k] = n
			}
			b.name = n
		default:
			b.name = buttonWord(b.name)
		}
		drawButton(dst, b, live, pulse)
	}
}

// drawCommon draws what every table scene shares over its own: the decision
// buttons, LOBBY, HELP, the refusal's words and the lockup cover.
func (c *tableCore) drawCommon(dst *ebiten.Image) {
	pulse := c.pulse()
	for _, b := range c.decisionButtons() {
		drawButton(dst, b.b, true, pulse)
	}
	if c.lobby != nil {
		b := lobbyButton
		b.name = buttonWord(b.name)
		drawButton(dst, b, c.between(), 0)
	}
	drawButton(dst, helpButton(), true, 0)
	kit.TableLangButton(c.game).Draw(dst)
	if msg := c.d.Refused(); msg != "" && !c.playing() {
		drawStatusLine(dst, wideStatus, msg)
	}
	if title, detail := c.d.Lockup(); title != "" {
		drawLockup(dst, title, detail, c.t)
	}
}

// meters draws the credit (the machine's, or the demo balance), the stake and the
// win.
func (c *tableCore) meters(dst *ebiten.Image, caption string, stake int64, narrow bool) {
	tableMeters(dst, c.d.Credit(), caption, stake, c.settlement().Returned, narrow, c.d.Demo())
}
