//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"egm/games/slot"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// namedShot is one scene of the screenshot set.
type namedShot struct {
	name string
	shot scene.Shot
}

// WriteScreenshots renders every scene once — attract, lobby, play with its win
// lines, free games with the expanding symbol, Lock & Spin, the help pages, a
// lockup, the operator menu's pages and the table games' scenes — and writes them
// as numbered PNGs into dir, each as soon as it is taken (wrote, when set, is told
// each file). only, when set, keeps the pictures whose names it matches (the
// numbers stay those of the whole set). It returns the files written, also when
// a picture fails: the error names it.
func WriteScreenshots(titles []*slot.Title, dir string, seed uint64, only *regexp.Regexp, wrote func(file string)) ([]string, error) {
	by := map[string]*slot.Title{}
	for _, t := range titles {
		by[t.Spec.ID] = t
	}
	need := func(id string) (*slot.Title, error) {
		if t := by[id]; t != nil {
			return t, nil
		}
		return nil, fmt.Errorf("ui: screenshots: no title %q", id)
	}
	var set []namedShot
	add := func(name string, s scene.Scene, frames int) {
		set = append(set, namedShot{name, scene.Shot{Scene: s, Frames: frames}})
	}
	// at opens title id's play scene on a demo game showing h, at the first step of
	// kind k (after the given ticks into it).
	at := func(id string, h slotscene.Highlight, k slotscene.StepKind, pick func(*slot.Outcome, slotscene.Step) bool, into int) (*slotscene.Play, error) {
		t, err := need(id)
		if err != nil {
			return nil, err
		}
		d := slotscene.NewDemoSession(t, seed)
		d.Want(h)
		if err := d.Send(kit.Event{Input: kit.InputSpin}); err != nil {
			return nil, err
		}
		p := slotscene.NewPlay(d, titles)
		for _, st := range p.TL.Steps {
			if st.Kind == k && (pick == nil || pick(p.TL.Outcome, st)) {
				p.Tick = st.Start + into
				break
			}
		}
		return p, nil
	}
	a := newAttract(titles, seed)
	add("attract", a, 150)
	add("lobby", newLobby(titles, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()}), 3)
	scenes := []struct {
		name     string
		id       string
		h        slotscene.Highlight
		k        slotscene.StepKind
		pick     func(*slot.Outcome, slotscene.Step) bool
		into, fr int
	}{
		{"play-spin-5x4", "roll-on-fire", slotscene.AnyGame, slotscene.StepSpin, nil, 30, 2},
		{"play-wins-5x3", "golden-lord-of-the-ocean", slotscene.LineWin, slotscene.StepWins, nil, 70, 2},
		{"play-wins-3x3", "hot-twins", slotscene.LineWin, slotscene.StepWins, nil, 70, 2},
		{"free-games-reveal", "golden-book-of-ra", slotscene.FreeGames, slotscene.StepFreeIntro, nil, 120, 2},
		{"free-games-expanding", "golden-book-of-ra", slotscene.FreeGames, slotscene.StepFreeSpin, func(o *slot.Outcome, s slotscene.Step) bool {
			return o.FreeGames.Games[s.Index].ExpandReels != 0
		}, 110, 2},
		{"lock-and-spin-respin", "born-to-gamble", slotscene.LockSpin, slotscene.StepRespin, func(o *slot.Outcome, s slotscene.Step) bool {
			return s.Index == len(o.LockSpin.Respins)/2
		}, slotscene.RespinLand + 2, 2},
		{"lock-and-spin-total", "rumbling-run", slotscene.LockSpin, slotscene.StepLockEnd, nil, 200, 2},
		{"super-colors", "road-to-prosperity", slotscene.BaseFeature, slotscene.StepColors, nil, 40, 2},
		{"magic-clover", "clover-power", slotscene.BaseFeature, slotscene.StepClover, nil, 40, 2},
	}
	for _, s := range scenes {
		p, err := at(s.id, s.h, s.k, s.pick, s.into)
		if err != nil {
			return nil, err
		}
		add(s.name, p, s.fr)
	}
	help, err := need("gems-secrets")
	if err != nil {
		return nil, err
	}
	if _, err := kit.NewRules(help); err != nil { // ready before the help shots
		return nil, err
	}
	for i, n := range []string{"help-paytable", "help-lines", "help-features"} {
		kit.RulesFor(help)
		h := slotscene.NewHelp(help, nil)
		h.Page = i
		add(n, h, 30)
	}
	gp, err := gamblePlay(by["signs-of-rich"], titles, seed)
	if err != nil {
		return nil, err
	}
	add("gamble", gp, 40)
	ht, err := need("hot-twins")
	if err != nil {
		return nil, err
	}
	add("play-bonus-jackpot", slotscene.NewPlay(bonusJackpotDemo{slotscene.NewDemoSession(ht, seed)}, titles), 2)
	for i, st := range kit.LockupSamples() { // every lockup, in the machine session's words
		words, detail := kit.LockupWords(st)
		add(fmt.Sprintf("lockup-%d-%s", i+1, strings.ReplaceAll(st.State.String(), "_", "-")), slotscene.NewPlay(lockupDemo{slotscene.NewDemoSession(ht, seed), words, detail}, titles), 2)
	}
	cab, err := cabinetShots(titles, seed) // metered play on machines of their own
	if err != nil {
		return nil, err
	}
	defer cab.close()
	set = append(set, cab.shots...)
	ops, rig, err := operatorShots(titles, seed) // the operator menu, on a machine of its own
	if err != nil {
		return nil, err
	}
	defer rig.Close()
	set = append(set, ops...)
	tables, err := tableShots(seed) // the table games' scenes (demo play) and a rules page
	if err != nil {
		return nil, err
	}
	set = append(set, tables...)
	mt, err := tableMachineShots(titles, seed) // the table games in metered play
	if err != nil {
		return nil, err
	}
	defer mt.close()
	set = append(set, mt.shots...)
	res, resClose, err := reservedShot(titles, seed) // a machine reserved for its player (last: the others keep their numbers)
	if err != nil {
		return nil, err
	}
	defer resClose()
	set = append(set, res)

	var shots []scene.Shot
	var names, files []string
	for i, s := range set {
		if only == nil || only.MatchString(s.name) {
			shots = append(shots, s.shot)
			names = append(names, fmt.Sprintf("%02d-%s", i+1, s.name))
		}
	}
	if len(shots) == 0 {
		return nil, fmt.Errorf("ui: screenshots: no picture's name matches %q", only)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("ui: %w", err)
	}
	err = scene.CaptureEach(shots, names, func(i int, img *image.RGBA) error {
		f := filepath.Join(dir, names[i]+".png")
		if err := scene.WritePNG(f, img); err != nil {
			return fmt.Errorf("ui: screenshots: picture %d of %d (%s): %w", i+1, len(shots), names[i], err)
		}
		files = append(files, f)
		if wrote != nil {
			wrote(f)
		}
		return nil
	})
	return files, err
}

// lockupDemo shows a lockup (its words as the machine session gives them:
// lockupWords) over a demo game.
type lockupDemo struct {
	*slotscene.DemoSession
	words, detail string
}

func (l lockupDemo) Snapshot() kit.Snapshot {
	s := l.DemoSession.Snapshot()
	s.Lockup, s.LockupDetail = l.words, l.detail
	return s
}

// gamblePlay is a demo game of t with a win, gambled once on red.
func gamblePlay(t *slot.Title, titles []*slot.Title, seed uint64) (*slotscene.Play, error) {
	if t == nil {
		return nil, fmt.Errorf("ui: screenshots: no title to gamble")
	}
	d := slotscene.NewDemoSession(t, seed)
	d.Want(slotscene.LineWin)
	for _, in := range []kit.Input{kit.InputSpin, kit.InputGamble, kit.InputGambleRed} {
		if err := d.Send(kit.Event{Input: in}); err != nil {
			return nil, err
		}
	}
	p := slotscene.NewPlay(d, titles)
	p.Tick = p.TL.Total
	return p, nil
}
