//go:build cgo && !noscreen

package tablescene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/locale"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// TableCore is what the five table scenes share: the dealer (the machine, or the
// demo's own rng), the round shown (a play.Round in both modes), the ticks its
// deal and its last decision were first shown at (the scenes animate from them),
// the chip chosen within the game's limits, the decision buttons (exactly the
// round's Legal options, each with the stake it adds), the report of the end
// shown, the way back to the lobby and the lockup cover.
type TableCore struct {
	Game    string
	D       tableDealer
	Chips   []int64 // the chip values the limits allow
	Chip    int
	R       *play.Round // the round shown (nil: none yet)
	ver     int
	dealtAt int  // the tick the round's deal was first shown
	doneAt  int  // the tick the player's last decision was first shown
	shown   bool // the end of r is reported shown
	// Waiting: an input is with the dealer (its refusals counted before it)
	Waiting  bool
	waitFrom int
	refusals int
	T, Idle  int
	Lobby    func() scene.Scene // back to the lobby between rounds (nil: none)
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
	B slotscene.Button
	D play.Decision
}

// tableLongAgo places a resumed round's deal far enough in the past that every
// card of it is on the table at once.
const tableLongAgo = 100_000

func newTableCore(game string, d tableDealer) TableCore {
	c := TableCore{Game: game, D: d, dealtAt: -tableLongAgo, doneAt: -tableLongAgo}
	c.Chips = tableChipsFor(d.Limits())
	c.refusals = d.Refusals()
	_, c.ver = d.Round() // a round dealt before the scene opened is not this scene's (resume takes one up)
	return c
}

// Resume takes up a round rebuilt from critical memory: its cards dealt, its
// decisions taken, the open ones offered, and the end shown again when it has no
// decision left.
func (c *TableCore) Resume(r *play.Round) {
	c.R, c.dealtAt, c.doneAt, c.shown = r, -tableLongAgo, 0, false
	_, c.ver = c.D.Round()
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
func (c *TableCore) chipValue() int64 { return c.Chips[c.Chip%len(c.Chips)] }

// nextChip steps to the next chip value.
func (c *TableCore) nextChip() { c.Chip = (c.Chip + 1) % len(c.Chips) }

// sideStake is a side bet's stake for the chip chosen: the chip, at most the side
// bets' maximum.
func (c *TableCore) sideStake() int64 {
	v := min(c.chipValue(), c.D.Limits().SideMax)
	return v - v%play.Chip
}

// tick advances the scene's clock and reads the dealer: a new round restarts the
// deal's animation, a decision that ends the round starts the end's.
func (c *TableCore) tick() {
	c.T++
	c.Idle++
	r, ver := c.D.Round()
	if c.Waiting && (ver != c.ver || c.D.Refusals() != c.refusals || c.T-c.waitFrom > 10*slotscene.TPS && !c.D.Busy()) {
		c.Waiting = false
	}
	c.refusals = c.D.Refusals()
	if ver == c.ver || r == nil {
		return
	}
	fresh := c.R == nil || len(r.Decisions) == 0 || r.Deck != c.R.Deck || r.Game != c.R.Game
	c.R, c.ver = r, ver
	if fresh {
		c.dealtAt, c.shown = c.T, false
	}
	if r.Done() || !fresh {
		c.doneAt = c.T
	}
}

// Playing: a round whose player still decides.
func (c *TableCore) Playing() bool { return c.R != nil && !c.R.Done() }

// Between: no round in progress (none yet, or the last one's end reported shown),
// nothing waiting for the dealer: bets may change and DEAL deals.
func (c *TableCore) Between() bool {
	return !c.Waiting && (c.R == nil || c.shown) && !c.D.Busy()
}

// deal asks the dealer for a round.
func (c *TableCore) deal(b play.Bets) {
	if !c.Between() {
		return
	}
	c.send(func() { c.D.Deal(c.Game, b) })
}

// Decide takes decision d when it is open.
func (c *TableCore) Decide(d play.Decision) {
	if !c.Playing() || c.Waiting {
		return
	}
	for _, o := range c.R.Legal() {
		if o.Decision == d {
			c.send(func() { c.D.Decide(d) })
			return
		}
	}
}

func (c *TableCore) send(fn func()) {
	c.Waiting, c.waitFrom, c.refusals = true, c.T, c.D.Refusals()
	fn()
	c.Tick0()
}

// Tick0 reads the dealer without advancing the clock (the demo answers at once).
func (c *TableCore) Tick0() {
	c.T--
	c.Idle--
	c.tick()
}

// EndShown reports the end of a round with no decision left shown: the machine
// settles it (credits, or the handpay lockup).
func (c *TableCore) EndShown() {
	if c.R != nil && c.R.Done() && !c.shown {
		c.shown = true
		c.D.Shown()
	}
}

// Settled: the round's end is shown and reported.
func (c *TableCore) Settled() bool { return c.R != nil && c.shown }

// Settlement is the settled round's totals (zero before).
func (c *TableCore) Settlement() play.Settlement {
	if !c.Settled() {
		return play.Settlement{}
	}
	s, _ := c.R.Settle()
	return s
}

// the area of the decision buttons, right of the meters
const (
	TableDecX0, TableDecX1 = 660, 1880
	TableDecGap            = 16
)

// DecisionLabel is a decision's button: its name (decisionWord) and the stake
// it adds.
func DecisionLabel(o play.Option) string {
	w := DecisionWord(o.Decision)
	if o.Cents > 0 {
		w += " " + kit.PlayerMoney(o.Cents)
	}
	return w
}

// DecisionButtons lays out the round's open decisions, in Legal's order.
func (c *TableCore) DecisionButtons() []decisionButton {
	key := decisionsKey{c.R, 0, c.Waiting, kit.PlayerLang()}
	if c.R != nil {
		key.n = len(c.R.Decisions)
	}
	if key == c.decFor && c.decisions != nil { // a frame allocates nothing
		return c.decisions
	}
	c.decFor = key
	c.decisions = c.decisions[:0]
	if !c.Playing() || c.Waiting {
		return c.decisions
	}
	legal := c.R.Legal()
	n := float32(len(legal))
	w := min(320, (TableDecX1-TableDecX0-(n-1)*TableDecGap)/n)
	x := float32(TableDecX1) - n*w - (n-1)*TableDecGap
	for i, o := range legal {
		col := paint.RGB(60, 120, 220)
		switch o.Decision {
		case play.Fold, play.Stand, play.Check, play.NoInsurance:
			col = paint.RGB(90, 90, 110)
		case play.Hit, play.PlayHand:
			col = paint.RGB(30, 150, 60)
		}
		b := slotscene.Button{Input: 0, Name: DecisionLabel(o), X: x + float32(i)*(w+TableDecGap), Y: 968, W: w, H: 86, C: col, Help: false}
		c.decisions = append(c.decisions, decisionButton{b, o.Decision})
	}
	return c.decisions
}

// LobbyButton returns to the lobby between rounds (metered play).
var LobbyButton = slotscene.Button{Input: 0, Name: "LOBBY", X: 1550, Y: 16, W: 160, H: 70, C: paint.RGB(90, 90, 110), Help: false}

// common reads the buttons every table scene shares, before its own: HELP, the
// way back to the lobby, and the decision buttons (and Space or Enter for the
// first open decision). It reports whether the frame's input was taken.
func (c *TableCore) common(m *scene.Manager, s scene.Scene) bool {
	if title, _ := c.D.Lockup(); title != "" { // a lockup takes no player input
		c.tick()
		return true
	}
	if OpenTableHelp(m, c.Game, s) {
		return true
	}
	x, y, ok := scene.Pointer()
	if ok {
		c.Idle = 0
	}
	if c.Lobby != nil && c.Between() && (ok && LobbyButton.Hit(x, y) || scene.Pressed(ebiten.KeyEscape)) {
		if m != nil {
			m.Go(c.Lobby())
		}
		return true
	}
	if ok && kit.TableLangButton(c.Game).Update(x, y, ok) {
		return true
	}
	if ok {
		for _, b := range c.DecisionButtons() {
			if b.B.Hit(x, y) {
				c.Decide(b.D)
				return true
			}
		}
	}
	return false
}

// pulse is the glow of a scene's live buttons at its tick.
func (c *TableCore) pulse() float64 { return 0.5 + 0.5*math.Sin(float64(c.T)/8) }

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
func (c *TableCore) drawBetButtons(dst *ebiten.Image, bs []slotscene.Button, word string, live bool, off func(name string) bool) {
	if k := (chipNameKey{word, c.chipValue(), kit.PlayerLang()}); c.chipName == "" || k != c.chipNameFor {
		c.chipName, c.chipNameFor = ChipWord(word, k.value), k
	}
	pulse := c.pulse()
	for _, b := range bs {
		switch {
		case b.Name == "CHIP":
			b.Name = c.chipName
		case off != nil && off(b.Name):
			k := offKey{b.Name, kit.PlayerLang()}
			n, ok := offNames[k]
			if !ok {
				n = kit.Tr("tables.button.off", "Name", ButtonWord(b.Name))
				offNames[k] = n
			}
			b.Name = n
		default:
			b.Name = ButtonWord(b.Name)
		}
		slotscene.DrawButton(dst, b, live, pulse)
	}
}

// drawCommon draws what every table scene shares over its own: the decision
// buttons, LOBBY, HELP, the refusal's words and the lockup cover.
func (c *TableCore) drawCommon(dst *ebiten.Image) {
	pulse := c.pulse()
	for _, b := range c.DecisionButtons() {
		slotscene.DrawButton(dst, b.B, true, pulse)
	}
	if c.Lobby != nil {
		b := LobbyButton
		b.Name = ButtonWord(b.Name)
		slotscene.DrawButton(dst, b, c.Between(), 0)
	}
	slotscene.DrawButton(dst, helpButton(), true, 0)
	kit.TableLangButton(c.Game).Draw(dst)
	if msg := c.D.Refused(); msg != "" && !c.Playing() {
		slotscene.DrawStatusLine(dst, slotscene.WideStatus, msg)
	}
	if title, detail := c.D.Lockup(); title != "" {
		slotscene.DrawLockup(dst, title, detail, c.T)
	}
}

// meters draws the credit (the machine's, or the demo balance), the stake and the
// win.
func (c *TableCore) meters(dst *ebiten.Image, caption string, stake int64, narrow bool) {
	tableMeters(dst, c.D.Credit(), caption, stake, c.Settlement().Returned, narrow, c.D.Demo())
}
