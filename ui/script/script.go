package script

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"egm/tables/play"
)

// A script is a file of timed button presses that drives the cabinet (`egm run
// --script FILE`, `egm demo --script FILE`) for end-to-end screen tests. One
// command a line; # starts a comment:
//
//	[TIME] COMMAND [ARGUMENT]
//
// TIME is when the command runs: "2.5s" or "500ms" (or "90f", frames at 60 a
// second) after the start of the script, "+1s" after the previous command, and no
// time at all: on the frame after the previous command. Time is counted in frames
// (60 a second), so a script runs the same on a slow display.
//
// Commands: the buttons spin, max_bet, bet_up, bet_down, denom, take_win, gamble,
// red, black, collect, cash_out, help, back (Esc), next, prev (help pages), enter;
// the cabinet's attendant_key, door_open, door_close, deposit CENTS (the test
// wallet), show_code (the wallet's QR code), menu (the operator menu); select ID (a
// title, as the lobby does); wait DURATION; wait idle [TIMEOUT] (until the game is
// shown and the machine waits for the player; 60s by default); screenshot FILE
// (a PNG of the screen, ".png" added when missing); quit. The table games:
// table GAME (open a table game as the lobby's table page does: roulette,
// three-card-poker, punto-banco, blackjack, ultimate-texas-holdem), chip CENTS
// (the chip's value), bet SPOT (a chip on a roulette bet: a number, red, black,
// even, odd, low, high, dozen-N, column-N, tiers, orphelins, voisins; on a punto
// banco box: player, banker, tie, player-pair, banker-pair; or a card game's side
// bet on: pair-plus, prime, 21+3, top-3, perfect-pairs, trips), clear (the chips
// off, the side bets off), deal (DEAL or SPIN), decide DECISION (hit, stand,
// double, split, insure, no-insurance, play, fold, check, bet-4x … bet-1x: one
// the hand offers now), lobby (back to the lobby between hands); wait idle
// also ends when a hand waits for a decision.
//
// A script is read and checked whole before it runs (Read: every command,
// time and argument, every screenshot's file writable, every title known). It
// stops with an error, its file and line, at the first command that cannot be
// carried out; a command after a screenshot waits until the screenshot is
// written; the script ends after its last command, with or without quit. Every
// input the machine refuses is logged (MachineSession).
type Script struct {
	Name string
	Cmds []Cmd
}

// Cmd is one command: its line, the frame it runs at (relative to the
// command before when Rel) and its argument.
type Cmd struct {
	Line   int
	Frames int  // when: frames after the start, or after the previous command when Rel
	Rel    bool // Frames counts from the previous command
	Op     string
	Arg    string
	Cents  int64 // deposit
	Wait   int   // wait: frames; wait idle: the timeout in frames
}

// ops are the commands and whether they take an argument (0 none, 1 one, 2
// optional).
var ops = map[string]int{
	"spin": 0, "max_bet": 0, "bet_up": 0, "bet_down": 0, "denom": 0, "take_win": 0, "gamble": 0,
	"red": 0, "black": 0, "collect": 0, "cash_out": 0, "help": 0, "back": 0, "next": 0, "prev": 0,
	"enter": 0, "attendant_key": 0, "door_open": 0, "door_close": 0, "deposit": 1, "show_code": 0,
	"menu": 0, "select": 1, "wait": 1, "screenshot": 1, "quit": 0,
	"table": 1, "chip": 1, "bet": 1, "clear": 0, "deal": 0, "decide": 1, "lobby": 0,
}

// decisions are the table games' decisions a script may take (play.Decision).
var decisions = []play.Decision{play.Hit, play.Stand, play.Double, play.Split, play.Insure, play.NoInsurance,
	play.PlayHand, play.Fold, play.Check, play.Bet4x, play.Bet3x, play.Bet2x, play.Bet1x}

// TPS is the screen's frames (ticks) per second: a script counts time in frames.
const TPS = 60

// MaxFrames bounds a time in a script (a day).
const MaxFrames = 24 * 3600 * TPS

// KnownOp reports whether op is a command of the script language.
func KnownOp(op string) bool { _, ok := ops[op]; return ok }

// Parse reads a script; name is for the messages ("script: NAME:LINE: …").
func Parse(r io.Reader, name string) (*Script, error) {
	s := &Script{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		bad := func(format string, a ...any) error {
			return fmt.Errorf("script: %s:%d: %s", name, n, fmt.Sprintf(format, a...))
		}
		c := Cmd{Line: n, Rel: true}
		if t := f[0]; t[0] == '+' || t[0] >= '0' && t[0] <= '9' || t[0] == '.' {
			frames, err := scriptFrames(strings.TrimPrefix(t, "+"))
			if err != nil {
				return nil, bad("time %q: %v", t, err)
			}
			c.Frames, c.Rel = frames, t[0] == '+'
			f = f[1:]
			if len(f) == 0 {
				return nil, bad("a time and no command")
			}
		}
		c.Op = strings.ToLower(f[0])
		args, ok := ops[c.Op]
		if !ok {
			return nil, bad("unknown command %q", f[0])
		}
		switch {
		case len(f) > 3 || len(f) == 3 && c.Op != "wait":
			return nil, bad("%s: too many arguments", c.Op)
		case args == 0 && len(f) > 1:
			return nil, bad("%s takes no argument", c.Op)
		case args == 1 && len(f) < 2:
			return nil, bad("%s needs an argument", c.Op)
		}
		if len(f) > 1 {
			c.Arg = f[1]
		}
		switch c.Op {
		case "chip":
			v, err := strconv.ParseInt(c.Arg, 10, 64)
			if err != nil || v <= 0 || v%100 != 0 {
				return nil, bad("chip %q: want whole euros in cents (100, 500 …)", c.Arg)
			}
			c.Cents = v
		case "table":
			if !play.IsTable(c.Arg) {
				return nil, bad("table %q: no table game (%s)", c.Arg, strings.Join(play.IDs(), ", "))
			}
		case "decide":
			if !slices.Contains(decisions, play.Decision(c.Arg)) {
				return nil, bad("decide %q: no decision (%v)", c.Arg, decisions)
			}
		case "deposit":
			v, err := strconv.ParseInt(c.Arg, 10, 64)
			if err != nil || v <= 0 || v > 1_000_000_00 {
				return nil, bad("deposit %q: want whole cents, 1..100000000", c.Arg)
			}
			c.Cents = v
		case "wait":
			if c.Arg == "idle" {
				c.Wait = 60 * TPS
				if len(f) == 3 {
					w, err := scriptFrames(f[2])
					if err != nil {
						return nil, bad("wait idle %q: %v", f[2], err)
					}
					c.Wait = w
				}
				break
			}
			if len(f) == 3 {
				return nil, bad("wait: too many arguments")
			}
			w, err := scriptFrames(c.Arg)
			if err != nil {
				return nil, bad("wait %q: %v", c.Arg, err)
			}
			c.Wait = w
		case "screenshot":
			if !strings.HasSuffix(strings.ToLower(c.Arg), ".png") {
				c.Arg += ".png"
			}
		}
		s.Cmds = append(s.Cmds, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("script: %s:%d: %w", name, n+1, err)
	}
	return s, nil
}

// scriptFrames reads a duration: "2.5s", "500ms" or "90f".
func scriptFrames(t string) (int, error) {
	unit := 0.0
	switch {
	case strings.HasSuffix(t, "ms"):
		t, unit = strings.TrimSuffix(t, "ms"), TPS/1000.0
	case strings.HasSuffix(t, "s"):
		t, unit = strings.TrimSuffix(t, "s"), TPS
	case strings.HasSuffix(t, "f"):
		t, unit = strings.TrimSuffix(t, "f"), 1
	default:
		return 0, fmt.Errorf("want a number with s, ms or f")
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || v < 0 {
		return 0, fmt.Errorf("not a duration")
	}
	fr := math.Round(v * unit)
	if fr > MaxFrames {
		return 0, fmt.Errorf("longer than a day")
	}
	return int(fr), nil
}
