//go:build cgo && !noscreen

package slotscene

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"egm/ui/internal/paint"
)

// Emblems drawn in a character or object symbol's medallion, chosen by the
// symbol's name; a name not listed gets one by its hash.
const (
	emCrown = iota
	emDiamond
	emSun
	emMoon
	emHeart
	emShield
	emFish
	emStar
	emPaw
	emBird
	emBottle
	emLantern
	emDice
	emChips
	emCards
	emWheel
	emLeaf
	emDrum
	emMask
	emCount
)

var emblemByName = map[string]int{
	"QUEEN": emCrown, "EMPRESS": emCrown, "EMPEROR": emCrown, "TIARA": emCrown, "JARL": emCrown,
	"PHARAOH": emCrown, "NEPTUNE": emCrown, "LADY": emHeart, "CHARM": emHeart, "ROSE": emHeart,
	"RING": emDiamond, "CRYSTAL": emDiamond, "INGOT": emDiamond, "STATUE": emShield,
	"SUN": emSun, "SUNSET": emSun, "AURORA": emSun, "EXPLORER": emSun, "FORTUNE": emSun,
	"MOON": emMoon, "OWL": emMoon, "SHIELD": emShield, "VALKYRIE": emShield, "AXE": emShield,
	"KOI": emFish, "FISH": emFish, "DOLPHIN": emFish, "MERMAID": emFish, "SEAHORSE": emFish, "TURTLE": emFish,
	"STARFISH": emStar, "FIREWORK": emStar, "PEARL": emStar,
	"WOLF": emPaw, "TIGER": emPaw, "BISON": emPaw, "COUGAR": emPaw, "HARE": emPaw, "MOOSE": emPaw,
	"CAT": emPaw, "ANUBIS": emPaw, "LION": emPaw, "FROG": emPaw,
	"PARROT": emBird, "EAGLE": emBird, "DOVE": emBird, "PEACOCK": emBird,
	"POTION": emBottle, "PERFUME": emBottle, "URN": emBottle, "TEAPOT": emBottle, "POT": emBottle,
	"LANTERN": emLantern, "PAGODA": emLantern, "PALACE": emLantern,
	"DICE": emDice, "CHIPS": emChips, "COINPURSE": emChips, "CARDS": emCards, "ROULETTE": emWheel,
	"LILY": emLeaf, "BAMBOO": emLeaf, "TREE": emLeaf, "LEPRECHAUN": emLeaf, "HAT": emLeaf, "APPLE": emLeaf,
	"DRUM": emDrum, "HARP": emDrum, "HORN": emDrum, "MASK": emMask, "DANCER": emMask, "FAN": emMask,
	"CAMEL": emPaw, "ELK": emPaw, "FOX": emPaw, "FALCON": emBird, "HAWK": emBird, "DAGGER": emShield,
	"NOMAD": emSun, "SCARAB": emStar, "SERPENT": emMoon, "BRIDGE": emLantern, "CARRIAGE": emCrown,
	"KNOT": emHeart, "MIRROR": emDiamond, "CROWN": emCrown, "EYE": emSun, "DRAGON": emLantern,
}

// generic emblems for a name not listed.
var genericEmblems = []int{emCrown, emDiamond, emSun, emMoon, emHeart, emShield, emStar, emLeaf}

// emblemFor picks a name's emblem.
func emblemFor(name string, hash uint32) int {
	if k, ok := emblemByName[strings.ToUpper(name)]; ok {
		return k
	}
	return genericEmblems[int(hash>>9)%len(genericEmblems)]
}

// drawEmblem draws emblem k centred on (100, 84) in colour c.
func drawEmblem(img *ebiten.Image, k int, c color.RGBA) {
	sh := paint.Vertical(30, 134, paint.Lighten(c, 0.55), paint.Darken(c, 0.25))
	edge := paint.Solid(paint.Darken(c, 0.6))
	switch k {
	case emCrown:
		p := paint.Polygon(48, 118, 44, 58, 72, 86, 100, 44, 128, 86, 156, 58, 152, 118)
		paint.Fill(img, p, sh)
		paint.Stroke(img, p, 3, edge)
		for _, x := range []float32{44, 100, 156} {
			paint.Fill(img, paint.Circle(x, map[float32]float32{44: 56, 100: 42, 156: 56}[x], 8), paint.Solid(paint.RGB(255, 80, 90)))
		}
		paint.Fill(img, paint.RoundRect(48, 108, 104, 14, 4), paint.Solid(paint.Lighten(c, 0.7)))
	case emDiamond:
		p := paint.Polygon(60, 64, 80, 44, 120, 44, 140, 64, 100, 126)
		paint.Fill(img, p, sh)
		paint.Line(img, 60, 64, 140, 64, 3, paint.Darken(c, 0.5))
		paint.Line(img, 80, 44, 90, 64, 2, paint.Darken(c, 0.4))
		paint.Line(img, 120, 44, 110, 64, 2, paint.Darken(c, 0.4))
		paint.Line(img, 90, 64, 100, 126, 2, paint.Darken(c, 0.4))
		paint.Line(img, 110, 64, 100, 126, 2, paint.Darken(c, 0.4))
		paint.Stroke(img, p, 3, edge)
	case emSun:
		paint.Fill(img, paint.Star(100, 84, 52, 34, 14, 0), sh)
		paint.Fill(img, paint.Circle(100, 84, 28), paint.Radial(92, 76, 34, paint.RGB(255, 255, 220), paint.Lighten(c, 0.3)))
	case emMoon:
		paint.Fill(img, paint.Circle(96, 84, 46), sh)
		paint.Fill(img, paint.Circle(118, 72, 40), paint.Solid(paint.RGB(0, 0, 0)))
		paint.Fill(img, paint.Star(132, 102, 12, 5, 5, 0), paint.Solid(paint.Lighten(c, 0.8)))
	case emHeart:
		var p vector.Path
		p.MoveTo(100, 128)
		p.CubicTo(36, 86, 58, 24, 100, 58)
		p.CubicTo(142, 24, 164, 86, 100, 128)
		p.Close()
		paint.Fill(img, &p, sh)
		paint.Stroke(img, &p, 3, edge)
		paint.Fill(img, paint.Ellipse(78, 62, 10, 6), paint.Solid(color.RGBA{255, 255, 255, 150}))
	case emShield:
		var p vector.Path
		p.MoveTo(58, 40)
		p.LineTo(142, 40)
		p.QuadTo(144, 104, 100, 130)
		p.QuadTo(56, 104, 58, 40)
		p.Close()
		paint.Fill(img, &p, sh)
		paint.Stroke(img, &p, 4, edge)
		paint.Line(img, 100, 44, 100, 124, 6, paint.Lighten(c, 0.7))
		paint.Line(img, 62, 76, 138, 76, 6, paint.Lighten(c, 0.7))
	case emFish:
		paint.Fill(img, paint.Ellipse(92, 84, 44, 26), sh)
		paint.Fill(img, paint.Polygon(130, 84, 158, 58, 158, 110), sh)
		paint.Fill(img, paint.Circle(70, 78, 6), paint.Solid(paint.RGB(255, 255, 255)))
		paint.Fill(img, paint.Circle(70, 78, 3), paint.Solid(paint.RGB(0, 0, 0)))
		var g vector.Path
		g.Arc(96, 84, 22, -1.2, 1.2, vector.Clockwise)
		paint.Stroke(img, &g, 3, edge)
	case emStar:
		p := paint.Star(100, 86, 52, 22, 5, 0)
		paint.Fill(img, p, sh)
		paint.Stroke(img, p, 3, edge)
	case emPaw:
		paint.Fill(img, paint.Ellipse(100, 102, 30, 24), sh)
		for i, pt := range [][2]float32{{64, 72}, {84, 52}, {116, 52}, {136, 72}} {
			_ = i
			paint.Fill(img, paint.Ellipse(pt[0], pt[1], 13, 16), sh)
		}
	case emBird:
		var p vector.Path
		p.MoveTo(40, 70)
		p.QuadTo(80, 50, 100, 84)
		p.QuadTo(120, 50, 160, 70)
		p.QuadTo(128, 80, 112, 104)
		p.LineTo(100, 124)
		p.LineTo(88, 104)
		p.QuadTo(72, 80, 40, 70)
		p.Close()
		paint.Fill(img, &p, sh)
		paint.Stroke(img, &p, 3, edge)
		paint.Fill(img, paint.Circle(100, 80, 9), sh)
	case emBottle:
		var p vector.Path
		p.MoveTo(88, 40)
		p.LineTo(112, 40)
		p.LineTo(112, 62)
		p.QuadTo(144, 80, 138, 104)
		p.QuadTo(132, 130, 100, 130)
		p.QuadTo(68, 130, 62, 104)
		p.QuadTo(56, 80, 88, 62)
		p.Close()
		paint.Fill(img, &p, sh)
		paint.Stroke(img, &p, 3, edge)
		paint.Fill(img, paint.RoundRect(84, 32, 32, 12, 4), paint.Solid(paint.Darken(c, 0.4)))
		paint.Fill(img, paint.Ellipse(84, 96, 8, 14), paint.Solid(color.RGBA{255, 255, 255, 120}))
	case emLantern:
		paint.Fill(img, paint.RoundRect(62, 52, 76, 70, 30), paint.Radial(92, 78, 60, paint.RGB(255, 240, 160), paint.RGB(220, 40, 40)))
		paint.Fill(img, paint.RoundRect(70, 44, 60, 10, 4), paint.Solid(paint.RGB(240, 200, 60)))
		paint.Fill(img, paint.RoundRect(70, 120, 60, 10, 4), paint.Solid(paint.RGB(240, 200, 60)))
		for _, x := range []float32{82, 100, 118} {
			paint.Line(img, x, 54, x, 120, 2, paint.Darken(c, 0.3))
		}
		paint.Line(img, 100, 130, 100, 142, 3, paint.RGB(240, 200, 60))
	case emDice:
		paint.Fill(img, paint.RoundRect(56, 42, 88, 88, 16), paint.Vertical(42, 130, paint.RGB(255, 255, 255), paint.RGB(200, 200, 210)))
		paint.Stroke(img, paint.RoundRect(56, 42, 88, 88, 16), 3, edge)
		for _, pt := range [][2]float32{{78, 64}, {122, 64}, {100, 86}, {78, 108}, {122, 108}} {
			paint.Fill(img, paint.Circle(pt[0], pt[1], 8), paint.Solid(paint.RGB(200, 20, 30)))
		}
	case emChips:
		for i := 0; i < 4; i++ {
			y := float32(118 - i*16)
			paint.Fill(img, paint.Ellipse(100, y, 44, 16), paint.Solid(paint.Darken(c, 0.3)))
			paint.Fill(img, paint.Ellipse(100, y-4, 44, 16), sh)
			paint.Stroke(img, paint.Ellipse(100, y-4, 32, 10), 3, paint.Solid(paint.RGB(255, 255, 255)))
		}
	case emCards:
		for i, a := range []float64{-0.35, 0, 0.35} {
			op := polygonRot(100, 120, 60, 84, a)
			paint.Fill(img, op, paint.Solid(paint.RGB(250, 250, 250)))
			paint.Stroke(img, op, 3, paint.Solid(paint.RGB(40, 40, 50)))
			if i == 2 {
				paint.Fill(img, paint.Star(112, 70, 14, 6, 4, 0), paint.Solid(paint.RGB(220, 20, 40)))
			}
		}
	case emWheel:
		paint.Fill(img, paint.Circle(100, 84, 50), paint.Solid(paint.RGB(120, 70, 20)))
		for i := 0; i < 12; i++ {
			a0 := float64(i) * math.Pi / 6
			a1 := a0 + math.Pi/6
			col := paint.RGB(200, 20, 30)
			if i%2 == 1 {
				col = paint.RGB(20, 20, 24)
			}
			paint.Fill(img, paint.Polygon(100, 84, 100+float32(44*math.Cos(a0)), 84+float32(44*math.Sin(a0)), 100+float32(44*math.Cos(a1)), 84+float32(44*math.Sin(a1))), paint.Solid(col))
		}
		paint.Fill(img, paint.Circle(100, 84, 16), paint.Solid(paint.RGB(240, 200, 60)))
	case emLeaf:
		var p vector.Path
		p.MoveTo(100, 132)
		p.QuadTo(40, 90, 100, 36)
		p.QuadTo(160, 90, 100, 132)
		p.Close()
		paint.Fill(img, &p, paint.Vertical(36, 132, paint.RGB(160, 240, 120), paint.RGB(30, 120, 40)))
		paint.Stroke(img, &p, 3, paint.Solid(paint.RGB(20, 80, 30)))
		paint.Line(img, 100, 44, 100, 128, 3, paint.RGB(20, 90, 30))
	case emDrum:
		paint.Fill(img, paint.RoundRect(56, 60, 88, 60, 10), sh)
		paint.Fill(img, paint.Ellipse(100, 60, 44, 14), paint.Solid(paint.Lighten(c, 0.8)))
		paint.Stroke(img, paint.Ellipse(100, 60, 44, 14), 3, edge)
		for i := 0; i < 5; i++ {
			x := float32(60 + i*20)
			paint.Line(img, x, 72, x+10, 116, 3, paint.Lighten(c, 0.7))
		}
	case emMask:
		var p vector.Path
		p.MoveTo(40, 66)
		p.QuadTo(100, 50, 160, 66)
		p.QuadTo(160, 110, 124, 112)
		p.QuadTo(100, 96, 76, 112)
		p.QuadTo(40, 110, 40, 66)
		p.Close()
		paint.Fill(img, &p, sh)
		paint.Stroke(img, &p, 3, edge)
		paint.Fill(img, paint.Ellipse(76, 80, 14, 9), paint.Solid(paint.RGB(0, 0, 0)))
		paint.Fill(img, paint.Ellipse(124, 80, 14, 9), paint.Solid(paint.RGB(0, 0, 0)))
	}
}

// polygonRot is a w×h rectangle standing on (cx, cy), turned by a radians about it.
func polygonRot(cx, cy, w, h float32, a float64) *vector.Path {
	pts := [][2]float32{{-w / 2, 0}, {w / 2, 0}, {w / 2, -h}, {-w / 2, -h}}
	var out []float32
	s, c := float32(math.Sin(a)), float32(math.Cos(a))
	for _, p := range pts {
		out = append(out, cx+p[0]*c-p[1]*s, cy+p[0]*s+p[1]*c)
	}
	return paint.Polygon(out...)
}
