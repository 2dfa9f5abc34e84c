//go:build cgo && !noscreen

package ui

import (
	"image"
	"image/color"
	"os"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games"
	"egm/games/slot"
	"egm/tables/play"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// attractShots are table highlights of the attract mode from TestMain's capture:
// blackjack on a metered cabinet (a player's credit of 123.45 EUR), roulette in
// egm demo.
var attractShots struct {
	metered, demo *Attract
	imgs          []*image.RGBA
	err           error
}

func init() {
	moreShots = append(moreShots, struct {
		shots func(titles []*slot.Title) []scene.Shot
		got   func(imgs []*image.RGBA, err error)
		close func()
	}{func(titles []*slot.Title) []scene.Shot {
		a := NewAttract(titles, 7)
		a.Credit = func() int64 { return 123_45 }
		a.StartTable(3)
		d := NewAttract(titles, 7)
		d.StartTable(0)
		attractShots.metered, attractShots.demo = a, d
		return []scene.Shot{{Scene: a, Frames: 90}, {Scene: d, Frames: 420}}
	}, func(imgs []*image.RGBA, err error) {
		attractShots.imgs, attractShots.err = imgs, err
		if dir := os.Getenv("EGM_SHOTS"); dir != "" && err == nil {
			_ = scene.WritePNG(dir+"/attract-table-metered.png", imgs[0])
			_ = scene.WritePNG(dir+"/attract-table-demo.png", imgs[1])
		}
	}, nil})
}

// The attract mode's rotation holds every table game once, between the titles,
// and a title's last phase leads to the table highlight after it and that
// highlight to the next title.
func TestAttractRotationHasTables(t *testing.T) {
	titles := attractTitles(t)
	a := NewAttract(titles, 1)
	var tables []string
	titlesSeen := 0
	for _, it := range a.rot {
		if it.table >= 0 {
			tables = append(tables, attractTables[it.table].game)
		} else {
			titlesSeen++
		}
	}
	if !slices.Equal(tables, play.IDs()) || titlesSeen != len(titles) {
		t.Fatalf("rotation: tables %v, %d titles of %d", tables, titlesSeen, len(titles))
	}
	if a.rot[0].table >= 0 || a.rot[1].table >= 0 {
		t.Errorf("the rotation starts with a table: %v", a.rot[:2])
	}
	// the first table comes after its title's last phase
	var before int
	for k, it := range a.rot {
		if it.table == 0 {
			before = a.rot[k-1].title
			break
		}
	}
	a.StartAt(before, phasePaytable)
	a.next()
	if a.tbl == nil || play.KindOf(a.tbl.game) != play.KindRoulette {
		t.Fatalf("after title %d's paytable: table %v", before, a.tbl)
	}
	// the highlight plays and ends by itself, then the next title starts
	m := scene.NewManager(a)
	for i := 0; i < tableMaxTicks+tableLeadTicks && a.tbl != nil; i++ {
		if err := a.Update(m); err != nil {
			t.Fatal(err)
		}
	}
	if a.tbl != nil || a.i != before+1 || a.phase != phaseSpin {
		t.Fatalf("after the roulette highlight: table %v, title %d phase %d", a.tbl, a.i, a.phase)
	}
	if m.Next != nil {
		t.Errorf("the attract mode left by itself for %T", m.Next)
	}
}

// On a metered cabinet a table highlight ends as its hand settles, before the
// scene shows an amount returned; in egm demo the settled hand stays a moment.
func TestAttractTableNoMoney(t *testing.T) {
	titles := attractTitles(t)
	for _, metered := range []bool{true, false} {
		for i := range attractTables {
			a := NewAttract(titles, 3)
			if metered {
				a.Credit = func() int64 { return 0 }
			}
			a.StartTable(i)
			h := a.tbl
			m := scene.NewManager(a)
			for n := 0; n < tableMaxTicks+tableLeadTicks && a.tbl == h; n++ {
				if err := a.Update(m); err != nil {
					t.Fatal(err)
				}
			}
			if a.tbl == h {
				t.Fatalf("%s: the highlight does not end", h.game)
			}
			if _, ok := h.scene.(settler); !ok {
				t.Errorf("%s: the scene cannot say when its hand settles: a metered cabinet does not show it", h.game)
				continue
			}
			if h.settledAt == tableSettledNone {
				t.Errorf("%s: no hand settled in %d s", h.game, tableMaxTicks/slotscene.TPS)
				continue
			}
			if metered && h.after != 0 {
				t.Errorf("%s, metered: the scene ran %d ticks after its hand settled", h.game, h.after)
			}
			if !metered && h.after <= tableHoldTicks {
				t.Errorf("%s, demo: the settled hand showed only %d ticks", h.game, h.after)
			}
			if h.t-h.settledAt <= tableHoldTicks {
				t.Errorf("%s: the end of the hand showed only %d ticks", h.game, h.t-h.settledAt)
			}
			t.Logf("%s, metered %v: %.1f s, the hand settled after %.1f s", h.game, metered, float64(h.t)/slotscene.TPS, float64(h.settledAt)/slotscene.TPS)
		}
	}
}

// A touch or a key ends the attract mode as before, during a table highlight too,
// and so does the player's credit going up on a metered cabinet.
func TestAttractEndsOnTouchOrCredit(t *testing.T) {
	titles := attractTitles(t)
	credit := int64(500)
	for _, how := range []string{"key", "credit"} {
		for _, table := range []bool{false, true} {
			a := NewAttract(titles, 5)
			a.Credit = func() int64 { return credit }
			if table {
				a.StartTable(3)
			}
			m := scene.NewManager(a)
			for i := 0; i < 3; i++ {
				if err := a.Update(m); err != nil {
					t.Fatal(err)
				}
			}
			if m.Next != nil {
				t.Fatalf("%s, table %v: left untouched for %T", how, table, m.Next)
			}
			if how == "key" {
				scene.Injected[ebiten.KeySpace] = true
			} else {
				credit += 2_000
			}
			err := a.Update(m)
			clear(scene.Injected[:])
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := m.Next.(*Lobby); !ok {
				t.Errorf("%s, table %v: next scene %T, want the lobby", how, table, m.Next)
			}
		}
	}
}

// The table highlight is drawn: the scene's felt under the caption, the bar with
// TOUCH TO PLAY, and on the metered cabinet the player's credit where the scene's
// demo meters were.
func TestAttractTableDrawn(t *testing.T) {
	if attractShots.err != nil {
		t.Fatal(attractShots.err)
	}
	if len(attractShots.imgs) != 2 {
		t.Fatal("no table highlight shots")
	}
	for i, img := range attractShots.imgs {
		if d := distinct(img); d < 60 {
			t.Errorf("shot %d: only %d colours", i, d)
		}
		// the bar's TOUCH TO PLAY panel is gold
		if n := region(img, image.Rect(480, 972, 1440, 980), func(c color.RGBA) bool { return c.R > 200 && c.G > 150 && c.B < 140 }); n < 3000 {
			t.Errorf("shot %d: no TOUCH TO PLAY panel (%d gold pixels)", i, n)
		}
	}
	// the metered shot: the credit box at the left of the bar holds light text
	if n := region(attractShots.imgs[0], image.Rect(30, 990, 430, 1040), func(c color.RGBA) bool { return c.R > 230 && c.G > 210 }); n < 200 {
		t.Errorf("no player's credit on the metered highlight (%d light pixels)", n)
	}
}

// attractTitles are the titles for the attract tests.
func attractTitles(t *testing.T) []*slot.Title {
	t.Helper()
	titles, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	return titles
}
