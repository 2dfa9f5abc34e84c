//go:build cgo && !noscreen

package ui

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
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
	sh := vertical(30, 134, lighten(c, 0.55), darken(c, 0.25))
	edge := solid(darken(c, 0.6))
	switch k {
	case emCrown:
		p := polygon(48, 118, 44, 58, 72, 86, 100, 44, 128, 86, 156, 58, 152, 118)
		fill(img, p, sh)
		stroke(img, p, 3, edge)
		for _, x := range []float32{44, 100, 156} {
			fill(img, circle(x, map[float32]float32{44: 56, 100: 42, 156: 56}[x], 8), solid(rgb(255, 80, 90)))
		}
		fill(img, roundRect(48, 108, 104, 14, 4), solid(lighten(c, 0.7)))
	case emDiamond:
		p := polygon(60, 64, 80, 44, 120, 44, 140, 64, 100, 126)
		fill(img, p, sh)
		line(img, 60, 64, 140, 64, 3, darken(c, 0.5))
		line(img, 80, 44, 90, 64, 2, darken(c, 0.4))
		line(img, 120, 44, 110, 64, 2, darken(c, 0.4))
		line(img, 90, 64, 100, 126, 2, darken(c, 0.4))
		line(img, 110, 64, 100, 126, 2, darken(c, 0.4))
		stroke(img, p, 3, edge)
	case emSun:
		fill(img, star(100, 84, 52, 34, 14, 0), sh)
		fill(img, circle(100, 84, 28), radial(92, 76, 34, rgb(255, 255, 220), lighten(c, 0.3)))
	case emMoon:
		fill(img, circle(96, 84, 46), sh)
		fill(img, circle(118, 72, 40), solid(rgb(0, 0, 0)))
		fill(img, star(132, 102, 12, 5, 5, 0), solid(lighten(c, 0.8)))
	case emHeart:
		var p vector.Path
		p.MoveTo(100, 128)
		p.CubicTo(36, 86, 58, 24, 100, 58)
		p.CubicTo(142, 24, 164, 86, 100, 128)
		p.Close()
		fill(img, &p, sh)
		stroke(img, &p, 3, edge)
		fill(img, ellipse(78, 62, 10, 6), solid(color.RGBA{255, 255, 255, 150}))
	case emShield:
		var p vector.Path
		p.MoveTo(58, 40)
		p.LineTo(142, 40)
		p.QuadTo(144, 104, 100, 130)
		p.QuadTo(56, 104, 58, 40)
		p.Close()
		fill(img, &p, sh)
		stroke(img, &p, 4, edge)
		line(img, 100, 44, 100, 124, 6, lighten(c, 0.7))
		line(img, 62, 76, 138, 76, 6, lighten(c, 0.7))
	case emFish:
		fill(img, ellipse(92, 84, 44, 26), sh)
		fill(img, polygon(130, 84, 158, 58, 158, 110), sh)
		fill(img, circle(70, 78, 6), solid(rgb(255, 255, 255)))
		fill(img, circle(70, 78, 3), solid(rgb(0, 0, 0)))
		var g vector.Path
		g.Arc(96, 84, 22, -1.2, 1.2, vector.Clockwise)
		stroke(img, &g, 3, edge)
	case emStar:
		p := star(100, 86, 52, 22, 5, 0)
		fill(img, p, sh)
		stroke(img, p, 3, edge)
	case emPaw:
		fill(img, ellipse(100, 102, 30, 24), sh)
		for i, pt := range [][2]float32{{64, 72}, {84, 52}, {116, 52}, {136, 72}} {
			_ = i
			fill(img, ellipse(pt[0], pt[1], 13, 16), sh)
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
		fill(img, &p, sh)
		stroke(img, &p, 3, edge)
		fill(img, circle(100, 80, 9), sh)
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
		fill(img, &p, sh)
		stroke(img, &p, 3, edge)
		fill(img, roundRect(84, 32, 32, 12, 4), solid(darken(c, 0.4)))
		fill(img, ellipse(84, 96, 8, 14), solid(color.RGBA{255, 255, 255, 120}))
	case emLantern:
		fill(img, roundRect(62, 52, 76, 70, 30), radial(92, 78, 60, rgb(255, 240, 160), rgb(220, 40, 40)))
		fill(img, roundRect(70, 44, 60, 10, 4), solid(rgb(240, 200, 60)))
		fill(img, roundRect(70, 120, 60, 10, 4), solid(rgb(240, 200, 60)))
		for _, x := range []float32{82, 100, 118} {
			line(img, x, 54, x, 120, 2, darken(c, 0.3))
		}
		line(img, 100, 130, 100, 142, 3, rgb(240, 200, 60))
	case emDice:
		fill(img, roundRect(56, 42, 88, 88, 16), vertical(42, 130, rgb(255, 255, 255), rgb(200, 200, 210)))
		stroke(img, roundRect(56, 42, 88, 88, 16), 3, edge)
		for _, pt := range [][2]float32{{78, 64}, {122, 64}, {100, 86}, {78, 108}, {122, 108}} {
			fill(img, circle(pt[0], pt[1], 8), solid(rgb(200, 20, 30)))
		}
	case emChips:
		for i := 0; i < 4; i++ {
			y := float32(118 - i*16)
			fill(img, ellipse(100, y, 44, 16), solid(darken(c, 0.3)))
			fill(img, ellipse(100, y-4, 44, 16), sh)
			stroke(img, ellipse(100, y-4, 32, 10), 3, solid(rgb(255, 255, 255)))
		}
	case emCards:
		for i, a := range []float64{-0.35, 0, 0.35} {
			op := polygonRot(100, 120, 60, 84, a)
			fill(img, op, solid(rgb(250, 250, 250)))
			stroke(img, op, 3, solid(rgb(40, 40, 50)))
			if i == 2 {
				fill(img, star(112, 70, 14, 6, 4, 0), solid(rgb(220, 20, 40)))
			}
		}
	case emWheel:
		fill(img, circle(100, 84, 50), solid(rgb(120, 70, 20)))
		for i := 0; i < 12; i++ {
			a0 := float64(i) * math.Pi / 6
			a1 := a0 + math.Pi/6
			col := rgb(200, 20, 30)
			if i%2 == 1 {
				col = rgb(20, 20, 24)
			}
			fill(img, polygon(100, 84, 100+float32(44*math.Cos(a0)), 84+float32(44*math.Sin(a0)), 100+float32(44*math.Cos(a1)), 84+float32(44*math.Sin(a1))), solid(col))
		}
		fill(img, circle(100, 84, 16), solid(rgb(240, 200, 60)))
	case emLeaf:
		var p vector.Path
		p.MoveTo(100, 132)
		p.QuadTo(40, 90, 100, 36)
		p.QuadTo(160, 90, 100, 132)
		p.Close()
		fill(img, &p, vertical(36, 132, rgb(160, 240, 120), rgb(30, 120, 40)))
		stroke(img, &p, 3, solid(rgb(20, 80, 30)))
		line(img, 100, 44, 100, 128, 3, rgb(20, 90, 30))
	case emDrum:
		fill(img, roundRect(56, 60, 88, 60, 10), sh)
		fill(img, ellipse(100, 60, 44, 14), solid(lighten(c, 0.8)))
		stroke(img, ellipse(100, 60, 44, 14), 3, edge)
		for i := 0; i < 5; i++ {
			x := float32(60 + i*20)
			line(img, x, 72, x+10, 116, 3, lighten(c, 0.7))
		}
	case emMask:
		var p vector.Path
		p.MoveTo(40, 66)
		p.QuadTo(100, 50, 160, 66)
		p.QuadTo(160, 110, 124, 112)
		p.QuadTo(100, 96, 76, 112)
		p.QuadTo(40, 110, 40, 66)
		p.Close()
		fill(img, &p, sh)
		stroke(img, &p, 3, edge)
		fill(img, ellipse(76, 80, 14, 9), solid(rgb(0, 0, 0)))
		fill(img, ellipse(124, 80, 14, 9), solid(rgb(0, 0, 0)))
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
	return polygon(out...)
}
