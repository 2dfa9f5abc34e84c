//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image"
	"io"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// scriptKeys are the buttons a script presses, as the keys the scenes read.
var scriptKeys = map[string]ebiten.Key{
	"spin": ebiten.KeySpace, "max_bet": ebiten.KeyM, "bet_up": ebiten.KeyArrowUp, "bet_down": ebiten.KeyArrowDown,
	"denom": ebiten.KeyD, "take_win": ebiten.KeyT, "gamble": ebiten.KeyG, "red": ebiten.KeyR, "black": ebiten.KeyB,
	"collect": ebiten.KeyT, "cash_out": ebiten.KeyC, "help": ebiten.KeyH, "back": ebiten.KeyEscape,
	"next": ebiten.KeyArrowRight, "prev": ebiten.KeyArrowLeft, "enter": ebiten.KeyEnter,
	"show_code": ebiten.KeyF3, "menu": ebiten.KeyF11,
}

// scriptTarget is a root scene that carries out a script's cabinet commands
// (deposit, doors, attendant key, select) and says when the cabinet waits for the
// player (wait idle).
type scriptTarget interface {
	scriptDo(m *scene.Manager, c ScriptCmd) (handled bool, err error)
	scriptIdle() bool
}

// scriptRunner plays a Script inside the game loop, one command a frame at most.
type scriptRunner struct {
	s      *Script
	titles []*slot.Title // select in demo play
	log    io.Writer
	i      int // the next command
	frame  int
	prev   int // the frame the previous command ended
	// wait idle: the timeout, and frames in a row found idle
	idling   bool
	deadline int
	streak   int
	shot     string // a screenshot to take at the end of this frame's Draw
	quit     bool
	err      error
}

// before runs in Manager.Update ahead of the scene: the command due this frame.
// A screenshot not yet drawn holds the script (Ebiten may run more than one
// Update before a Draw): no command runs, quit included, until it is written. The
// script ends (as with quit) on the frame after its last command.
func (r *scriptRunner) Before(m *scene.Manager) error {
	clear(scene.Injected[:])
	r.frame++
	if r.err != nil {
		return r.err
	}
	if r.shot != "" || r.idling {
		return nil
	}
	if r.i >= len(r.s.Cmds) {
		if r.frame > r.prev { // the last command (a wait included) is over
			r.quit = true
			if r.log != nil {
				fmt.Fprintf(r.log, "script %s: %.2fs end of the script\n", r.s.Name, float64(r.frame)/slotscene.TPS)
			}
		}
		return nil
	}
	c := r.s.Cmds[r.i]
	due := c.Frames
	if c.Rel {
		due += r.prev
	}
	if r.frame < max(due, r.prev+1) {
		return nil
	}
	r.i++
	r.prev = r.frame
	if r.log != nil {
		fmt.Fprintf(r.log, "script %s:%d: %.2fs %s %s\n", r.s.Name, c.Line, float64(r.frame)/slotscene.TPS, c.Op, c.Arg)
	}
	if err := r.do(m, c); err != nil {
		r.err = fmt.Errorf("ui: script %s:%d: %s: %w", r.s.Name, c.Line, c.Op, err)
		return r.err
	}
	return nil
}

func (r *scriptRunner) do(m *scene.Manager, c ScriptCmd) error {
	if t, ok := m.Scene.(scriptTarget); ok {
		if handled, err := t.scriptDo(m, c); handled || err != nil {
			return err
		}
	}
	if ts, ok := m.Scene.(tablescene.TableScene); ok {
		if handled, err := tablescene.TableScriptDo(ts, m, c); handled || err != nil {
			return err
		}
	}
	if k, ok := scriptKeys[c.Op]; ok {
		scene.Injected[k] = true
		return nil
	}
	switch c.Op {
	case "wait":
		if c.Arg == "idle" {
			r.idling, r.deadline, r.streak = true, r.frame+c.Wait, 0
			return nil
		}
		r.prev = r.frame + c.Wait
	case "screenshot":
		r.shot = c.Arg
	case "quit":
		r.quit = true
	case "table":
		sc, err := tablescene.NewTableScene(c.Arg, tablescene.NewDemoDealer(1))
		if err != nil {
			return err
		}
		m.Go(sc)
		return nil
	case "select":
		for _, t := range r.titles {
			if t.Spec.ID == c.Arg {
				m.Go(slotscene.NewPlay(NewDemoSession(t, 1), r.titles))
				return nil
			}
		}
		return fmt.Errorf("no title %q", c.Arg)
	default:
		if m.Scene != nil {
			if _, ok := m.Scene.(tablescene.TableScene); !ok && tablescene.ScriptTableOp(c.Op) {
				return fmt.Errorf("no table game shown")
			}
		}
		return fmt.Errorf("not available here (demo play has no machine)")
	}
	return nil
}

// after runs in Manager.Update after the scene: a wait idle ends once the cabinet
// has been idle on two frames in a row (the play scene reads the machine at the
// start of its update, so one frame may not have seen a game just started).
func (r *scriptRunner) After(m *scene.Manager) {
	if !r.idling {
		return
	}
	idle := true
	if t, ok := m.Scene.(scriptTarget); ok {
		idle = t.scriptIdle()
	} else if p, ok := m.Scene.(*slotscene.Play); ok {
		idle = !p.Animating()
	} else if ts, ok := m.Scene.(tablescene.TableScene); ok {
		idle = tablescene.TableIdle(ts)
	}
	if idle {
		r.streak++
	} else {
		r.streak = 0
	}
	switch {
	case r.streak >= 2:
		r.idling, r.prev = false, r.frame
	case r.frame >= r.deadline:
		c := r.s.Cmds[r.i-1]
		r.err = fmt.Errorf("ui: script %s:%d: wait idle: still busy after %.1fs", r.s.Name, c.Line, float64(c.Wait)/slotscene.TPS)
	}
}

// draw takes the frame's screenshot.
func (r *scriptRunner) Draw(screen *ebiten.Image) {
	if r.shot == "" {
		return
	}
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	if err := scene.WritePNG(r.shot, img); err != nil && r.err == nil {
		r.err = fmt.Errorf("ui: script %s: screenshot: %w", r.s.Name, err)
	}
	if r.log != nil && r.err == nil {
		fmt.Fprintf(r.log, "script %s: wrote %s\n", r.s.Name, r.shot)
	}
	r.shot = ""
}

// Quit reports whether the script asked the game to end.
func (r *scriptRunner) Quit() bool { return r.quit }

// setScript makes m play s (titles for select in demo play; log, when set, gets a
// line per command); nil plays none.
func setScript(m *scene.Manager, s *Script, titles []*slot.Title, log io.Writer) {
	if s == nil {
		m.SetDriver(nil)
		return
	}
	m.SetDriver(&scriptRunner{s: s, titles: titles, log: log})
}
