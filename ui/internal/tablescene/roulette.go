//go:build cgo && !noscreen

package tablescene

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"egm/tables/play"
	"egm/tables/roulette"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// RouletteTable is the single-zero roulette table in demo play: the wheel, the
// layout with its inside and outside bets, the race track with the neighbours
// and the three series, chips, the ball's spin and the winning number. Its rules,
// wheel order, payouts and settlement are package roulette's; the winning number
// is one roulette.Spin from the scene's seeded rng, drawn when SPIN is pressed and
// before the ball is shown. Demo play is not metered play: the balance is a demo
// balance and nothing reaches the meters.
//
// Touch or click a number for a straight up, the line between two numbers for a
// split, the point where four meet for a corner, the bottom edge of a column for
// its street and the point between two columns there for a six line; a dozen, a
// column's 2 TO 1, an even chance; a number on the race track for its neighbours,
// or TIERS, ORPHELINS, VOISINS. Left alone it plays by itself (attract mode).
type RouletteTable struct {
	TableCore
	bets []roulette.Bet // the bets placed for the next spin
	last []roulette.Bet // the bets of the last spin (REBET)
	msg  func() string  // the message over the wheel, printed when drawn (nil: none)
}

// tableChips are the chip values offered, cents.
var tableChips = []int64{100, 500, 2500, 10000}

// Geometry of the table (1920×1080).
const (
	RwX, rwY, rwR   = 430, 450, 330 // the wheel
	RgX, RgY        = 900, 110      // the layout's top-left (the zero is left of it)
	RcW, RcH        = 74, 110       // a number's cell
	RZeroW          = 80            // the zero's cell
	ROutH           = 80            // the rows of dozens and even chances
	RtX, RtY        = 820, 690      // the race track's top-left
	rtW, RtH        = 1048, 230     // its size
	RSpinTicks      = 300           // the ball's run
	rChipR          = 22            // a chip's radius
	rAutoAfterTicks = 240           // idle time before the table plays by itself
)

var (
	rRed   = paint.RGB(196, 24, 36)
	rBlack = paint.RGB(24, 24, 30)
	rGreen = paint.RGB(20, 140, 60)
	RFelt  = paint.RGB(10, 92, 48)
	RGold  = paint.RGB(240, 200, 90)
	rLine  = paint.RGB(235, 235, 220)
)

// RouletteButtons are the table's buttons.
var RouletteButtons = []slotscene.Button{
	{Input: 0, Name: "CLEAR", X: 820, Y: 968, W: 170, H: 86, C: paint.RGB(90, 90, 110), Help: false},
	{Input: 0, Name: "REBET", X: 1010, Y: 968, W: 170, H: 86, C: paint.RGB(60, 120, 220), Help: false},
	{Input: 0, Name: "CHIP", X: 1200, Y: 968, W: 200, H: 86, C: paint.RGB(200, 140, 20), Help: false},
	{Input: kit.InputSpin, Name: "SPIN", X: 1640, Y: 940, W: 240, H: 120, C: paint.RGB(30, 170, 60), Help: false},
}

// NewRouletteTable opens the table in demo play: a demo balance and a seeded rng.
func NewRouletteTable(seed uint64) *RouletteTable { return newRouletteTable(NewDemoDealer(seed)) }

func newRouletteTable(d tableDealer) *RouletteTable {
	return &RouletteTable{TableCore: newTableCore(play.Roulette, d)}
}

func (r *RouletteTable) staked() int64 {
	var s int64
	for _, b := range r.bets {
		s += b.Stake
	}
	return s
}

// spinning: the ball runs (the round dealt, its end not yet shown).
func (r *RouletteTable) spinning() bool {
	return r.R != nil && !r.shown && r.T-r.dealtAt < RSpinTicks
}

// result is the winning number shown (−1: none).
func (r *RouletteTable) result() int {
	if !r.Settled() {
		return -1
	}
	return r.R.Pocket
}

// follow reads the dealer around fn: a round dealt takes the bets placed off the
// layout (REBET places them again).
func (r *RouletteTable) follow(fn func()) {
	before := r.R
	fn()
	if r.R != before && r.R != nil && len(r.R.Decisions) == 0 {
		r.last, r.bets = r.R.Bets.Roulette, nil
	}
}

// Update implements Scene.
func (r *RouletteTable) Update(m *scene.Manager) error {
	if r.common(m, r) {
		return nil
	}
	r.follow(r.tick)
	if r.R != nil && !r.shown && !r.spinning() {
		r.EndShown() // the ball has landed: the machine settles the spin
	}
	if r.spinning() || !r.Between() {
		return nil
	}
	if x, y, ok := scene.Pointer(); ok {
		r.Idle = 0
		r.click(x, y)
	}
	switch {
	case scene.DevPressed(ebiten.KeySpace, ebiten.KeyEnter):
		r.Idle = 0
		r.spin()
	case scene.DevPressed(ebiten.KeyC):
		r.bets, r.msg = nil, nil
	}
	if r.D.Demo() && r.Idle > rAutoAfterTicks && (r.R == nil || r.T-r.dealtAt-RSpinTicks > rAutoAfterTicks) {
		r.Autoplay()
	}
	return nil
}

// Autoplay places a sample of bets and spins: the attract mode's table.
func (r *RouletteTable) Autoplay() {
	x := kit.DemoScale() // the stakes in the profile's currency
	r.bets = []roulette.Bet{
		{Kind: roulette.Straight, Numbers: []int{17}, Stake: 500 * x},
		{Kind: roulette.Red, Stake: 2500 * x},
		{Kind: roulette.Voisins, Stake: 900 * x},
		{Kind: roulette.Dozen, Target: 2, Stake: 1000 * x},
		{Kind: roulette.Split, Numbers: []int{8, 11}, Stake: 500 * x},
	}
	r.spin()
}

// spin asks the dealer for the number: the machine draws it (or the demo's rng)
// before the ball is shown.
func (r *RouletteTable) spin() {
	if len(r.bets) == 0 {
		r.msg = PlaceChipsText
		return
	}
	r.msg = nil
	bets := append([]roulette.Bet(nil), r.bets...)
	r.follow(func() { r.deal(play.Bets{Roulette: bets}) })
}

// place puts a bet of the chip chosen on the layout, within the limits.
func (r *RouletteTable) place(b roulette.Bet) {
	if _, err := b.Parts(); err != nil {
		return // not a bet of the layout (a touch between cells that make none)
	}
	b.Stake = r.chipValue() * b.Chips()
	if err := r.D.Limits().Check(play.Roulette, play.Bets{Roulette: []roulette.Bet{b}}); err != nil {
		r.msg = func() string { return BetLimitText(err) }
		return
	}
	r.bets = append(r.bets, b)
	r.msg = nil
}

func (r *RouletteTable) click(x, y int) {
	for _, b := range RouletteButtons {
		if !b.Hit(x, y) {
			continue
		}
		switch b.Name {
		case "CLEAR":
			r.bets = nil
		case "REBET":
			r.bets = append([]roulette.Bet(nil), r.last...)
		case "CHIP":
			r.nextChip()
		case "SPIN":
			r.spin()
		}
		return
	}
	if b, ok := r.BetAt(float32(x), float32(y)); ok {
		r.place(b)
	}
}

// CellXY is the top-left of number n's cell on the layout (n ≥ 1).
func CellXY(n int) (float32, float32) {
	c, row := (n-1)/3, 2-(n-1)%3
	return RgX + float32(c)*RcW, RgY + float32(row)*RcH
}

// BetAt is the bet a touch at (x, y) places: on the layout, its edges and corners,
// the outside bets and the race track.
func (r *RouletteTable) BetAt(x, y float32) (roulette.Bet, bool) {
	gx, gy := x-RgX, y-RgY
	switch {
	case x >= RgX-RZeroW && x < RgX && gy >= 0 && gy < 3*RcH:
		return roulette.Bet{Kind: roulette.Straight, Numbers: []int{0}}, true
	case gx >= 0 && gx < 12*RcW && gy >= 0 && gy < 3*RcH+12:
		c, row := int(gx/RcW), min(int(gy/RcH), 2)
		fx, fy := gx-float32(c)*RcW, gy-float32(row)*RcH
		n := 3*c + 3 - row
		nearR := fx > RcW-14 && c < 11
		bottom := gy >= 3*RcH-14 // the layout's bottom edge: streets and six lines
		nearB := fy > RcH-14 && !bottom
		switch {
		case bottom && nearR:
			return roulette.Bet{Kind: roulette.SixLine, Numbers: seq(3*c+1, 6)}, true
		case bottom:
			return roulette.Bet{Kind: roulette.Street, Numbers: seq(3*c+1, 3)}, true
		case nearR && nearB: // where four numbers meet
			return roulette.Bet{Kind: roulette.Corner, Numbers: sorted(n-1, n, n+2, n+3)}, true
		case nearR:
			return roulette.Bet{Kind: roulette.Split, Numbers: []int{n, n + 3}}, true
		case nearB:
			return roulette.Bet{Kind: roulette.Split, Numbers: []int{n - 1, n}}, true
		}
		return roulette.Bet{Kind: roulette.Straight, Numbers: []int{n}}, true
	case x >= RgX+12*RcW && x < RgX+13*RcW && gy >= 0 && gy < 3*RcH:
		return roulette.Bet{Kind: roulette.Column, Target: 3 - int(gy/RcH)}, true
	case gx >= 0 && gx < 12*RcW && gy >= 3*RcH && gy < 3*RcH+ROutH:
		return roulette.Bet{Kind: roulette.Dozen, Target: int(gx/(4*RcW)) + 1}, true
	case gx >= 0 && gx < 12*RcW && gy >= 3*RcH+ROutH && gy < 3*RcH+2*ROutH:
		return roulette.Bet{Kind: EvenChances[int(gx/(2*RcW))]}, true
	}
	if n, ok := trackNumberAt(x, y); ok {
		return roulette.Bet{Kind: roulette.Neighbours, Target: n}, true
	}
	if k, ok := trackSeriesAt(x, y); ok {
		return roulette.Bet{Kind: k}, true
	}
	return roulette.Bet{}, false
}

var EvenChances = [6]roulette.Kind{roulette.Low, roulette.Even, roulette.Red, roulette.Black, roulette.Odd, roulette.High}

// EvenName is an even chance's name on the layout (red and black are the
// colours' diamonds).
func EvenName(k roulette.Kind) string {
	switch k {
	case roulette.Low:
		return kit.Tr("tables.roulette.low")
	case roulette.Even:
		return kit.Tr("tables.roulette.even")
	case roulette.Odd:
		return kit.Tr("tables.roulette.odd")
	case roulette.High:
		return kit.Tr("tables.roulette.high")
	}
	return ""
}

// DozenName is dozen d's (1–3) name on the layout.
func DozenName(d int) string {
	switch d {
	case 1:
		return kit.Tr("tables.roulette.dozen1")
	case 2:
		return kit.Tr("tables.roulette.dozen2")
	}
	return kit.Tr("tables.roulette.dozen3")
}

// PlaceChipsText asks for the chips before a spin or a deal.
func PlaceChipsText() string { return kit.Tr("tables.placechips") }

// RouletteResultWords are the winning number and its colour ("17 RED").
func RouletteResultWords(n int) string {
	switch {
	case n == 0:
		return kit.Tr("tables.roulette.zero", "Number", "0")
	case roulette.IsRed(n):
		return kit.Tr("tables.roulette.red", "Number", strconv.Itoa(n))
	}
	return kit.Tr("tables.roulette.black", "Number", strconv.Itoa(n))
}

func seq(from, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = from + i
	}
	return s
}

func sorted(a, b, c, d int) []int {
	s := []int{a, b, c, d}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// TrackPos is the place of the i-th number of the wheel on the race track: a
// stadium (two straights, two half circles), zero at the right end, the tiers at
// the left.
func TrackPos(i int) (float32, float32) {
	rr := float32(RtH) / 2
	straight := float32(rtW) - 2*rr
	per := 2*straight + 2*math.Pi*rr
	s := float32(i)/roulette.Pockets*per + straight + math.Pi*rr/2 // zero at the right end, clockwise
	s = float32(math.Mod(float64(s), float64(per)))
	cx0, cx1, cy := float32(RtX)+rr, float32(RtX)+rr+straight, float32(RtY)+rr
	in := rr - 30
	switch {
	case s < straight:
		return cx0 + s, cy - in
	case s < straight+math.Pi*rr:
		a := float64((s - straight) / rr)
		return cx1 + in*float32(math.Sin(a)), cy - in*float32(math.Cos(a))
	case s < 2*straight+math.Pi*rr:
		return cx1 - (s - straight - math.Pi*rr), cy + in
	}
	a := float64((s - 2*straight - math.Pi*rr) / rr)
	return cx0 - in*float32(math.Sin(a)), cy + in*float32(math.Cos(a))
}

func trackNumberAt(x, y float32) (int, bool) {
	for i, n := range roulette.Wheel {
		px, py := TrackPos(i)
		if (x-px)*(x-px)+(y-py)*(y-py) < 26*26 {
			return n, true
		}
	}
	return 0, false
}

// the race track's inner sections, left to right, named by the bets' French
// names, which the house rules keep in every language
var trackSeries = []struct {
	k    roulette.Kind
	name string
	x, w float32
}{
	{roulette.Tiers, "TIERS", RtX + 150, 250},
	{roulette.Orphelins, "ORPHELINS", RtX + 400, 250},
	{roulette.Voisins, "VOISINS", RtX + 650, 250},
}

func trackSeriesAt(x, y float32) (roulette.Kind, bool) {
	for _, s := range trackSeries {
		if x >= s.x && x < s.x+s.w && y > RtY+70 && y < RtY+RtH-70 {
			return s.k, true
		}
	}
	return 0, false
}

func pocketColour(n int) color.RGBA {
	switch {
	case n == 0:
		return rGreen
	case roulette.IsRed(n):
		return rRed
	}
	return rBlack
}

// Draw implements Scene.
func (r *RouletteTable) Draw(dst *ebiten.Image) {
	dst.DrawImage(rouletteFelt(), nil)
	r.drawWheel(dst)
	r.drawLayout(dst)
	bets := r.bets
	if r.spinning() || len(bets) == 0 && r.R != nil && r.T-r.dealtAt < RSpinTicks+rAutoAfterTicks {
		bets = r.R.Bets.Roulette // the spin's bets, on the layout until new ones are placed
	}
	for _, b := range bets {
		r.drawChip(dst, b)
	}
	r.drawBar(dst)
	r.drawCommon(dst)
}

var FeltImg FeltCache

// rouletteFelt is the table's cloth and the fixed layout, drawn once per
// language.
func rouletteFelt() *ebiten.Image { return FeltImg.get(drawRouletteFelt) }

func drawRouletteFelt() *ebiten.Image {
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	paint.Antialiased(func() {
		paint.Fill(img, paint.Rect(0, 0, paint.ScreenW, paint.ScreenH), paint.Radial(paint.ScreenW/2, paint.ScreenH/2, paint.ScreenW*0.7, paint.Lighten(RFelt, 0.15), paint.Darken(RFelt, 0.55)))
		// the wheel's bowl
		paint.Fill(img, paint.Circle(RwX, rwY, rwR+26), paint.Radial(RwX, rwY, rwR+26, paint.RGB(120, 70, 30), paint.RGB(60, 30, 10)))
		for i, n := range roulette.Wheel {
			a0 := pocketAngle(i) - math.Pi/roulette.Pockets
			a1 := a0 + 2*math.Pi/roulette.Pockets
			paint.Fill(img, sector(RwX, rwY, rwR*0.62, rwR, a0, a1), paint.Solid(pocketColour(n)))
		}
		paint.Fill(img, paint.Circle(RwX, rwY, rwR*0.62), paint.Radial(RwX, rwY, rwR*0.62, paint.RGB(230, 190, 100), paint.RGB(120, 80, 20)))
		// the layout
		zero := paint.RoundRect(RgX-RZeroW, RgY, RZeroW, 3*RcH, 30)
		paint.Fill(img, zero, paint.Solid(rGreen))
		paint.Stroke(img, zero, 3, paint.Solid(rLine))
		for n := 1; n <= 36; n++ {
			x, y := CellXY(n)
			paint.Fill(img, paint.Rect(x, y, RcW, RcH), paint.Solid(RFelt))
			paint.Fill(img, paint.Ellipse(x+RcW/2, y+RcH/2, 28, 34), paint.Solid(pocketColour(n)))
			paint.Stroke(img, paint.Rect(x, y, RcW, RcH), 2, paint.Solid(rLine))
		}
		for row := range 3 {
			paint.Stroke(img, paint.Rect(RgX+12*RcW, RgY+float32(row)*RcH, RcW, RcH), 2, paint.Solid(rLine))
		}
		for d := range 3 {
			paint.Stroke(img, paint.Rect(RgX+float32(d)*4*RcW, RgY+3*RcH, 4*RcW, ROutH), 2, paint.Solid(rLine))
		}
		for e := range 6 {
			x := RgX + float32(e)*2*RcW
			paint.Stroke(img, paint.Rect(x, RgY+3*RcH+ROutH, 2*RcW, ROutH), 2, paint.Solid(rLine))
			if EvenChances[e] == roulette.Red || EvenChances[e] == roulette.Black {
				c := rRed
				if EvenChances[e] == roulette.Black {
					c = rBlack
				}
				paint.Fill(img, paint.Polygon(x+RcW, RgY+3*RcH+ROutH+10, x+2*RcW-20, RgY+3*RcH+1.5*ROutH, x+RcW, RgY+3*RcH+2*ROutH-10, x+20, RgY+3*RcH+1.5*ROutH), paint.Solid(c))
			}
		}
		// the race track
		track := paint.RoundRect(RtX, RtY, rtW, RtH, RtH/2)
		paint.Fill(img, track, paint.Solid(paint.Darken(RFelt, 0.2)))
		paint.Stroke(img, track, 3, paint.Solid(rLine))
		paint.Stroke(img, paint.RoundRect(RtX+60, RtY+60, rtW-120, RtH-120, (RtH-120)/2), 2, paint.Solid(rLine))
		for _, s := range trackSeries[1:] {
			paint.Line(img, s.x, RtY+60, s.x, RtY+RtH-60, 2, rLine)
		}
		for i, n := range roulette.Wheel {
			x, y := TrackPos(i)
			paint.Fill(img, paint.Circle(x, y, 22), paint.Solid(pocketColour(n)))
		}
	})
	for i, n := range roulette.Wheel {
		a := pocketAngle(i)
		x, y := RwX+rwR*0.82*math.Cos(a), rwY+rwR*0.82*math.Sin(a)
		paint.LabelMid(img, strconv.Itoa(n), 26, true, x, y, paint.Center, paint.RGB(255, 255, 255), 0)
		tx, ty := TrackPos(i)
		paint.LabelMid(img, strconv.Itoa(n), 22, true, float64(tx), float64(ty), paint.Center, paint.RGB(255, 255, 255), 0)
	}
	paint.LabelMid(img, "0", 54, true, RgX-RZeroW/2, RgY+1.5*RcH, paint.Center, paint.RGB(255, 255, 255), 2)
	for n := 1; n <= 36; n++ {
		x, y := CellXY(n)
		paint.LabelMid(img, strconv.Itoa(n), 36, true, float64(x+RcW/2), float64(y+RcH/2), paint.Center, paint.RGB(255, 255, 255), 2)
	}
	col := PaysText(2, 1)
	for row := range 3 {
		paint.LabelMid(img, col, paint.FitSize(col, 22, true, RcW-6), true, RgX+12.5*RcW, RgY+(float64(row)+0.5)*RcH, paint.Center, rLine, 0)
	}
	for d := range 3 {
		s := DozenName(d + 1)
		paint.LabelMid(img, s, paint.FitSize(s, 32, true, 4*RcW-16), true, RgX+(float64(d)*4+2)*RcW, RgY+3*RcH+ROutH/2, paint.Center, rLine, 0)
	}
	for e, k := range EvenChances {
		s := EvenName(k)
		paint.LabelMid(img, s, paint.FitSize(s, 28, true, 2*RcW-12), true, RgX+(float64(e)*2+1)*RcW, RgY+3*RcH+1.5*ROutH, paint.Center, rLine, 0)
	}
	for _, s := range trackSeries {
		paint.LabelMid(img, s.name, 30, true, float64(s.x+s.w/2), RtY+RtH/2, paint.Center, RGold, 0)
	}
	title := kit.Tr("tables.roulette.title")
	paint.Label(img, title, paint.FitSize(title, 40, true, 2*RwX-40), true, RwX, 40, paint.Center, RGold, 3)
	return img
}

// pocketAngle is the angle of the wheel's i-th pocket at rest (zero at the top).
func pocketAngle(i int) float64 { return -math.Pi/2 + 2*math.Pi*float64(i)/roulette.Pockets }

// sector is the ring segment between radii r0 and r1 and angles a0..a1.
func sector(cx, cy, r0, r1 float32, a0, a1 float64) *vector.Path {
	const steps = 8
	var pts []float32
	for k := 0; k <= steps; k++ {
		a := a0 + (a1-a0)*float64(k)/steps
		pts = append(pts, cx+r1*float32(math.Cos(a)), cy+r1*float32(math.Sin(a)))
	}
	for k := steps; k >= 0; k-- {
		a := a0 + (a1-a0)*float64(k)/steps
		pts = append(pts, cx+r0*float32(math.Cos(a)), cy+r0*float32(math.Sin(a)))
	}
	return paint.Polygon(pts...)
}

// drawWheel draws the ball: running round the wheel while spinning, in its pocket
// after, with the winning number's marker.
func (r *RouletteTable) drawWheel(dst *ebiten.Image) {
	idx := func(n int) int {
		for i, x := range roulette.Wheel {
			if x == n {
				return i
			}
		}
		return 0
	}
	var a float64
	rad := float32(rwR * 0.72)
	switch {
	case r.spinning():
		f := float64(r.T-r.dealtAt) / RSpinTicks
		ease := 1 - math.Pow(1-f, 3)
		a = pocketAngle(idx(r.R.Pocket)) - 10*math.Pi*(1-ease)
		rad = float32(rwR*0.95) - float32(rwR*0.23)*float32(min(1, max(0, (f-0.6)/0.4)))
	case r.result() >= 0:
		a = pocketAngle(idx(r.result()))
		paint.Antialiased(func() {
			a0 := a - math.Pi/roulette.Pockets
			paint.Stroke(dst, sector(RwX, rwY, rwR*0.62, rwR, a0, a0+2*math.Pi/roulette.Pockets), 5, paint.Solid(RGold))
		})
	default:
		return
	}
	x, y := RwX+rad*float32(math.Cos(a)), rwY+rad*float32(math.Sin(a))
	paint.Antialiased(func() {
		paint.Fill(dst, paint.Circle(x, y, 13), paint.Radial(x-4, y-4, 14, paint.RGB(255, 255, 255), paint.RGB(170, 170, 180)))
	})
}

// drawLayout lights the winning number and its outside bets.
func (r *RouletteTable) drawLayout(dst *ebiten.Image) {
	result := r.result()
	if result < 0 {
		return
	}
	paint.Antialiased(func() {
		if result == 0 {
			paint.Stroke(dst, paint.RoundRect(RgX-RZeroW, RgY, RZeroW, 3*RcH, 30), 7, paint.Solid(RGold))
			return
		}
		x, y := CellXY(result)
		paint.Stroke(dst, paint.Rect(x+3, y+3, RcW-6, RcH-6), 7, paint.Solid(RGold))
	})
}

// drawChip draws a bet's chips where they lie: on a number, a line, a corner, an
// outside box or the race track.
func (r *RouletteTable) drawChip(dst *ebiten.Image, b roulette.Bet) {
	x, y := chipPlace(b)
	per := b.Stake / b.Chips()
	c := chipColour(per)
	paint.Antialiased(func() {
		paint.Fill(dst, paint.Circle(x+2, y+3, rChipR), paint.Solid(color.RGBA{0, 0, 0, 120}))
		paint.Fill(dst, paint.Circle(x, y, rChipR), paint.Solid(c))
		paint.Stroke(dst, paint.Circle(x, y, rChipR-5), 3, paint.Solid(paint.RGB(255, 255, 255)))
	})
	paint.LabelMid(dst, kit.PlayerMoneyNum(b.Stake), 15, true, float64(x), float64(y), paint.Center, paint.RGB(255, 255, 255), 1.5)
}

func chipPlace(b roulette.Bet) (float32, float32) {
	mid := func(ns []int) (float32, float32) {
		var sx, sy float32
		for _, n := range ns {
			if n == 0 {
				sx, sy = sx+RgX-RZeroW/2, sy+RgY+1.5*RcH
				continue
			}
			x, y := CellXY(n)
			sx, sy = sx+x+RcW/2, sy+y+RcH/2
		}
		return sx / float32(len(ns)), sy / float32(len(ns))
	}
	switch b.Kind {
	case roulette.Straight, roulette.Split, roulette.Corner:
		return mid(b.Numbers)
	case roulette.Street, roulette.SixLine:
		x, _ := mid(b.Numbers)
		return x, RgY + 3*RcH
	case roulette.Column:
		return RgX + 12.5*RcW, RgY + float32(3-b.Target)*RcH + RcH/2
	case roulette.Dozen:
		return RgX + (float32(b.Target-1)*4+2)*RcW, RgY + 3*RcH + ROutH/2
	case roulette.Neighbours:
		for i, n := range roulette.Wheel {
			if n == b.Target {
				return TrackPos(i)
			}
		}
	case roulette.Tiers, roulette.Orphelins, roulette.Voisins:
		for _, s := range trackSeries {
			if s.k == b.Kind {
				return s.x + s.w/2, RtY + RtH/2 + 46
			}
		}
	}
	for e, k := range EvenChances {
		if k == b.Kind {
			return RgX + (float32(e)*2+1)*RcW, RgY + 3*RcH + 1.5*ROutH
		}
	}
	return 0, 0
}

// drawBar draws the balance, the bet, the win, the message and the buttons.
func (r *RouletteTable) drawBar(dst *ebiten.Image) {
	stake := r.staked()
	if stake == 0 && r.R != nil {
		stake = r.R.Staked()
	}
	r.meters(dst, "BET", stake, false)
	spinning := r.spinning()
	r.drawBetButtons(dst, RouletteButtons, "CHIP", r.Between() && !spinning, nil)
	result, won := r.result(), r.Settlement().Returned
	switch {
	case spinning:
		s := kit.Tr("tables.roulette.nomorebets")
		paint.Label(dst, s, paint.FitSize(s, 44, true, 2*RwX-60), true, RwX, 860, paint.Center, RGold, 3)
	case r.msg != nil:
		s := r.msg()
		paint.Label(dst, s, paint.FitSize(s, 40, true, 2*RwX-60), true, RwX, 860, paint.Center, RGold, 3)
	case result >= 0:
		s := RouletteResultWords(result)
		paint.Label(dst, s, paint.FitSize(s, 60, true, 2*RwX-60), true, RwX, 845, paint.Center, paint.RGB(255, 255, 255), 4)
		if won > 0 {
			s := YouWinText(won)
			paint.Label(dst, s, paint.FitSize(s, 36, true, 2*RwX-60), true, RwX, 915, paint.Center, RGold, 3)
		}
	case r.R == nil || r.Between():
		s := PlaceChipsText()
		paint.Label(dst, s, paint.FitSize(s, 40, true, 2*RwX-60), true, RwX, 860, paint.Center, RGold, 3)
	}
}
