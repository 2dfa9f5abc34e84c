//go:build cgo && !noscreen

package tablescene

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// PuntoBancoTable is the punto banco table in demo play (the table with the 5%
// commission): the Player, Banker, Tie and pair boxes with their chips, the coup
// dealt card by card in the house's order (player, banker, player, banker, then
// the third cards the tableau calls for), the totals and the winner. The coup is
// one puntobanco.Deal from the scene's seeded rng (a freshly shuffled eight-deck
// shoe), made when DEAL is pressed, before a card is shown; nobody decides
// anything after it; settlement is puntobanco.Settle. Demo play is not metered play.
type PuntoBancoTable struct {
	TableCore
	pt   puntobanco.PayTable
	Bets puntobanco.Bets // the chips on the layout
	// again: the chips are the last coup's (DEAL bets them again, the first new
	// chip starts a new layout)
	again bool
	msg   func() string // the message over the layout, printed when drawn (nil: none)
}

const PbCardTicks = 30 // between two cards

var PbFelt = paint.RGB(110, 20, 36)

// the betting boxes, in the order of the layout
var PbBoxes = []struct {
	Bet        puntobanco.Bet
	Name       string
	x, y, W, h float32
}{
	{puntobanco.BetPlayerPair, "PLAYER PAIR", 120, 610, 300, 170},
	{puntobanco.BetPlayer, "PLAYER", 440, 610, 380, 170},
	{puntobanco.BetTie, "TIE", 840, 610, 240, 170},
	{puntobanco.BetBanker, "BANKER", 1100, 610, 380, 170},
	{puntobanco.BetBankerPair, "BANKER PAIR", 1500, 610, 300, 170},
}

var PuntoBancoButtons = []slotscene.Button{
	{Input: 0, Name: "CLEAR", X: 1010, Y: 968, W: 170, H: 86, C: paint.RGB(90, 90, 110), Help: false},
	{Input: 0, Name: "CHIP", X: 1200, Y: 968, W: 200, H: 86, C: paint.RGB(200, 140, 20), Help: false},
	{Input: kit.InputSpin, Name: "DEAL", X: 1640, Y: 940, W: 240, H: 120, C: paint.RGB(30, 170, 60), Help: false},
}

// NewPuntoBancoTable opens the table in demo play: a demo balance and a seeded rng.
func NewPuntoBancoTable(seed uint64) *PuntoBancoTable { return newPuntoBancoTable(NewDemoDealer(seed)) }

func newPuntoBancoTable(d tableDealer) *PuntoBancoTable {
	return &PuntoBancoTable{TableCore: newTableCore(play.PuntoBanco, d), pt: puntobanco.Commission}
}

// pbSpot is a betting position's spot name (play.Spots: "player", "tie",
// "egalite-0", "player-pair" …).
func pbSpot(b puntobanco.Bet) string {
	s := strings.ToLower(strings.ReplaceAll(b.String(), " ", "-"))
	return strings.ReplaceAll(s, "é", "e")
}

// pbBets are the bets of a round by position.
func pbBets(r *play.Round) puntobanco.Bets {
	var b puntobanco.Bets
	for p := puntobanco.BetPlayer; p < puntobanco.NumBets; p++ {
		b[p] = r.Bets.Spots[pbSpot(p)]
	}
	return b
}

// dealing: the coup's cards are still coming (and its result not shown).
func (g *PuntoBancoTable) dealing() bool {
	if g.R == nil || g.shown {
		return false
	}
	c, _ := g.R.PuntoBancoCoup()
	return g.T-g.dealtAt < (c.Cards()+1)*PbCardTicks
}

func (g *PuntoBancoTable) staked() int64 {
	var s int64
	for _, v := range g.Bets {
		s += v
	}
	return s
}

// Update implements Scene.
func (g *PuntoBancoTable) Update(m *scene.Manager) error {
	if g.common(m, g) {
		return nil
	}
	g.tick()
	if g.dealing() {
		return nil
	}
	g.EndShown() // the coup's last card is shown: the machine settles it
	if !g.Between() {
		return nil
	}
	if x, y, ok := scene.Pointer(); ok {
		g.Idle = 0
		g.click(float32(x), float32(y))
	}
	if scene.DevPressed(ebiten.KeySpace, ebiten.KeyEnter) {
		g.Idle = 0
		g.DealCoup()
	}
	if g.D.Demo() && g.Idle > 150 && (g.R == nil || g.T-g.dealtAt > 9*PbCardTicks+150) {
		g.Bets = puntobanco.Bets{}
		g.Bets[puntobanco.BetBanker] = 2000
		g.Bets[puntobanco.BetPlayerPair] = 500
		g.DealCoup()
	}
	return nil
}

func (g *PuntoBancoTable) click(x, y float32) {
	for _, b := range PuntoBancoButtons {
		if !b.Hit(int(x), int(y)) {
			continue
		}
		switch b.Name {
		case "CLEAR":
			g.Bets, g.msg = puntobanco.Bets{}, nil
		case "CHIP":
			g.nextChip()
		case "DEAL":
			g.DealCoup()
		}
		return
	}
	for _, b := range PbBoxes {
		if x >= b.x && x < b.x+b.W && y >= b.y && y < b.y+b.h {
			g.place(b.Bet)
		}
	}
}

// place adds a chip to a box, within the limits.
func (g *PuntoBancoTable) place(p puntobanco.Bet) {
	if g.again { // the first chip after a coup starts a new layout (DEAL alone bets the same again)
		g.Bets, g.again = puntobanco.Bets{}, false
	}
	v := g.Bets[p] + g.chipValue()
	b := play.Bets{Spots: map[string]int64{pbSpot(p): v}, Table: play.TableCommission}
	if p != puntobanco.BetPlayer && p != puntobanco.BetBanker {
		v = min(v, g.D.Limits().SideMax)
		b.Spots[pbSpot(p)] = v
	}
	if err := g.D.Limits().Check(play.PuntoBanco, b); err != nil {
		g.msg = func() string { return BetLimitText(err) }
		return
	}
	g.Bets[p], g.msg = v, nil
}

// DealCoup asks the dealer for the coup on the chips placed.
func (g *PuntoBancoTable) DealCoup() {
	if g.staked() == 0 {
		g.msg = PlaceChipsText
		return
	}
	b := play.Bets{Spots: map[string]int64{}, Table: play.TableCommission}
	for p, v := range g.Bets {
		if v > 0 {
			b.Spots[pbSpot(puntobanco.Bet(p))] = v
		}
	}
	g.msg, g.again = nil, true
	g.deal(b)
}

// pbCard maps a punto banco card (ace low) to the card art.
func pbCard(c puntobanco.Card) gamble.Card {
	suit := [4]gamble.Suit{gamble.Clubs, gamble.Diamonds, gamble.Hearts, gamble.Spades}[c.Suit()]
	return gamble.Card{Suit: suit, Rank: c.Rank() + 1}
}

var PbFeltImg FeltCache

// puntoBancoFelt is the table's cloth with its boxes and payouts, drawn once per
// language.
func puntoBancoFelt(pt puntobanco.PayTable) *ebiten.Image {
	return PbFeltImg.get(func() *ebiten.Image { return drawPuntoBancoFelt(pt) })
}

// PbPays is what box b pays on the cloth ("" when the table does not offer it).
func PbPays(pt puntobanco.PayTable, b puntobanco.Bet) string {
	ratio := func(r puntobanco.Ratio) string { return PaysText(r.Num, r.Den) }
	if !pt.Offered(b) {
		return ""
	}
	switch b {
	case puntobanco.BetPlayer:
		return ratio(pt.Player)
	case puntobanco.BetBanker:
		if pt.Banker == pt.BankerSix {
			return ratio(pt.Banker)
		}
		return kit.Tr("tables.pb.bankersix", "Pays", ratio(pt.Banker), "Six", ratio(pt.BankerSix))
	case puntobanco.BetTie:
		return ratio(pt.Tie)
	case puntobanco.BetPlayerPair, puntobanco.BetBankerPair:
		return ratio(pt.Pair)
	}
	return ""
}

func drawPuntoBancoFelt(pt puntobanco.PayTable) *ebiten.Image {
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	paint.Antialiased(func() {
		paint.Fill(img, paint.Rect(0, 0, paint.ScreenW, paint.ScreenH), paint.Radial(paint.ScreenW/2, 400, paint.ScreenW*0.75, paint.Lighten(PbFelt, 0.15), paint.Darken(PbFelt, 0.6)))
		for _, b := range PbBoxes {
			paint.Stroke(img, paint.RoundRect(b.x, b.y, b.W, b.h, 20), 4, paint.Solid(paint.RGB(240, 220, 160)))
		}
		paint.Line(img, paint.ScreenW/2, 150, paint.ScreenW/2, 560, 3, paint.RGB(240, 220, 160))
	})
	s := kit.Tr("tables.game.puntobanco")
	paint.Label(img, strings.ToUpper(s), paint.FitSize(strings.ToUpper(s), 48, true, 900), true, paint.ScreenW/2, 24, paint.Center, RGold, 3)
	for _, side := range []struct {
		name string
		x    float64
		c    color.RGBA
	}{{"PLAYER", paint.ScreenW/4 + 80, paint.RGB(120, 180, 255)}, {"BANKER", 3*paint.ScreenW/4 - 80, paint.RGB(255, 120, 120)}} {
		s := CircleWord(side.name)
		paint.Label(img, s, paint.FitSize(s, 40, true, 700), true, side.x, 110, paint.Center, side.c, 2)
	}
	for _, b := range PbBoxes {
		s := CircleWord(b.Name)
		paint.Label(img, s, paint.FitSize(s, 28, true, float64(b.W-20)), true, float64(b.x+b.W/2), float64(b.y+12), paint.Center, paint.RGB(240, 220, 160), 0)
		p := PbPays(pt, b.Bet)
		paint.Label(img, p, paint.FitSize(p, 20, false, float64(b.W-20)), false, float64(b.x+b.W/2), float64(b.y+b.h-32), paint.Center, paint.RGB(240, 220, 160), 0)
	}
	s = kit.Tr("tables.pb.rules")
	paint.Label(img, s, paint.FitSize(s, 22, true, paint.ScreenW-80), true, paint.ScreenW/2, 800, paint.Center, paint.RGB(240, 220, 160), 0)
	return img
}

// Draw implements Scene.
func (g *PuntoBancoTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(puntoBancoFelt(g.pt), nil)
	bets := g.Bets
	if g.R != nil && !g.Between() {
		bets = pbBets(g.R) // the coup's own
	}
	for _, b := range PbBoxes {
		if v := bets[b.Bet]; v > 0 {
			DrawTableChip(dst, b.x+b.W/2, b.y+b.h/2+4, v)
		}
	}
	if g.R != nil {
		g.drawCoup(dst)
	}
	g.meters(dst, "BET", g.staked(), false)
	g.drawBetButtons(dst, PuntoBancoButtons, "CHIP", g.Between(), nil)
	if g.msg != nil {
		s := g.msg()
		paint.Label(dst, s, paint.FitSize(s, 40, true, 900), true, paint.ScreenW/2, 860, paint.Center, RGold, 3)
	}
	g.drawCommon(dst)
}

// pbWinnerWords name the coup's winner.
func pbWinnerWords(s puntobanco.Side) string {
	switch s {
	case puntobanco.PlayerWins:
		return kit.Tr("tables.pb.playerwins")
	case puntobanco.BankerWins:
		return kit.Tr("tables.pb.bankerwins")
	}
	return kit.Tr("tables.pb.tiewins")
}

// PbResultWords are the coup's result under the cards: the winner and, when the
// chips won, what they returned.
func PbResultWords(s puntobanco.Side, won int64) string {
	word := pbWinnerWords(s)
	if won > 0 {
		word += "  ·  " + YouWinText(won)
	}
	return word
}

// drawCoup deals the coup's cards in the house's order and, after the last, the
// totals and the winner.
func (g *PuntoBancoTable) drawCoup(dst *ebiten.Image) {
	c, _ := g.R.PuntoBancoCoup()
	n := (g.T - g.dealtAt) / PbCardTicks // cards shown
	if g.shown {
		n = c.Cards()
	}
	order := []struct {
		player bool
		i      int
	}{{true, 0}, {false, 0}, {true, 1}, {false, 1}}
	if c.PlayerCards == 3 {
		order = append(order, struct {
			player bool
			i      int
		}{true, 2})
	}
	if c.BankerCards == 3 {
		order = append(order, struct {
			player bool
			i      int
		}{false, 2})
	}
	for k, o := range order {
		if k >= n {
			break
		}
		x := float64(paint.ScreenW/4 + 80 + (o.i-1)*150)
		card := c.Player[o.i]
		if !o.player {
			x = float64(3*paint.ScreenW/4 - 80 + (o.i-1)*150)
			card = c.Banker[o.i]
		}
		drawTableCard(dst, pbCard(card), x, 340, 1)
	}
	if g.dealing() || g.msg != nil {
		return
	}
	paint.Label(dst, strconv.Itoa(c.PlayerTotal()), 64, true, paint.ScreenW/4+80, 460, paint.Center, paint.RGB(255, 255, 255), 4)
	paint.Label(dst, strconv.Itoa(c.BankerTotal()), 64, true, 3*paint.ScreenW/4-80, 460, paint.Center, paint.RGB(255, 255, 255), 4)
	word := PbResultWords(c.Winner(), g.Settlement().Returned)
	paint.Label(dst, word, paint.FitSize(word, 44, true, 1500), true, paint.ScreenW/2, 860, paint.Center, RGold, 3)
}
