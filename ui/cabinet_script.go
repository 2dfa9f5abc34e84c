//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"slices"

	"egm/machine"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// scriptDo carries out a script's cabinet commands on the machine: the attendant
// key, the door, a deposit from the development test wallet, a title chosen as the
// lobby does. The buttons are keys (script_run.go).
func (c *cabinet) scriptDo(m *scene.Manager, cmd ScriptCmd) (bool, error) {
	var in machine.Input
	switch cmd.Op {
	case "attendant_key":
		in.Kind = machine.InAttendantKey
	case "door_open":
		in.Kind = machine.InDoorOpen
	case "door_close":
		in.Kind = machine.InDoorClose
	case "deposit":
		if !c.opt.DepositKey {
			return true, fmt.Errorf("no test wallet in this cabinet")
		}
		in = machine.Input{Kind: machine.InDeposit, Wallet: c.opt.DepositWallet, Cents: cmd.Cents}
	case "table":
		if !slices.Contains(tableGamesOnly(c.s.Machine()), cmd.Arg) {
			return true, fmt.Errorf("the machine does not deal %q", cmd.Arg)
		}
		sc, err := c.openTable(cmd.Arg, nil)
		if err != nil {
			return true, err
		}
		c.bind(sc)
		return true, nil
	case "select":
		if _, ok := c.s.titles[cmd.Arg]; !ok {
			return true, fmt.Errorf("no title %q on this machine", cmd.Arg)
		}
		if err := c.s.SelectTitle(cmd.Arg); err != nil {
			return true, err
		}
		c.bind(slotscene.NewPlay(c.s, c.titles))
		return true, nil
	default:
		if ts, ok := c.cur.(tablescene.TableScene); ok {
			return tablescene.TableScriptDo(ts, m, cmd)
		}
		if tablescene.ScriptTableOp(cmd.Op) {
			return true, fmt.Errorf("no table game shown")
		}
		return false, nil
	}
	return true, c.s.Input(in)
}

// scriptIdle reports whether the cabinet waits for the player: no input waiting
// for the machine, no game in progress, and the play scene (if shown) done with
// its animation.
func (c *cabinet) scriptIdle() bool {
	if ts, ok := c.cur.(tablescene.TableScene); ok { // a hand waiting for a decision waits for the player
		st := c.s.Status().State
		return !c.s.Busy() && tablescene.TableIdle(ts) && (st != machine.GameInProgress || ts.Core().Playing())
	}
	if c.s.Busy() || c.s.Status().State == machine.GameInProgress {
		return false
	}
	if p, ok := c.cur.(*slotscene.Play); ok {
		return !p.Animating()
	}
	return true
}
