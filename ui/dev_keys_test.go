//go:build cgo && !noscreen

package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"egm/machine"
	"egm/meters"
	"egm/operator"
	"egm/platform"
	"egm/platform/screen"
	"egm/platform/wire"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// testPIN is a PIN store that is quick to check.
func testPIN(dir string) *operator.PINStore {
	return operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
}

// keyFrame runs one frame of the cabinet with the keyboard pressing k only,
// then waits for the machine to have taken what the frame sent.
func keyFrame(t *testing.T, c *cabinet, mgr *scene.Manager, k ebiten.Key) {
	t.Helper()
	scene.KeyboardJustPressed = func(x ebiten.Key) bool { return x == k }
	defer func() { scene.KeyboardJustPressed = inpututil.IsKeyJustPressed }()
	if err := c.Update(mgr); err != nil {
		t.Fatal(err)
	}
	c.s.Flush()
}

func gamesPlayed(t *testing.T, m *machine.Machine) int64 {
	t.Helper()
	var n int64
	if err := m.View(func(s *meters.Snapshot) { n = s.Meters().Get(meters.GamesPlayed) }); err != nil {
		t.Fatal(err)
	}
	return n
}

// Without development mode the keyboard's stand-ins for the cabinet's hardware
// do nothing: F10 opens no door, F9 resets no handpay, F11 opens no operator
// menu and Space plays no game. With it each sends its input. A script's press
// (not a keyboard) acts in both.
func TestDevKeysOnlyInDevMode(t *testing.T) {
	defer func() { scene.DevKeyboard = true }()
	for _, dev := range []bool{false, true} {
		t.Run(fmt.Sprintf("dev=%v", dev), func(t *testing.T) {
			dir := t.TempDir()
			m := openScriptMachine(t, filepath.Join(dir, "state"))
			defer m.Close()
			c, err := newCabinet(m, m.Titles(), CabinetOptions{Options: Options{Scene: "play"}, Dev: dev, PIN: testPIN(dir)})
			if err != nil {
				t.Fatal(err)
			}
			defer c.s.Close()
			mgr := scene.NewManager(c)
			state := func() machine.State { return m.Status().State }

			keyFrame(t, c, mgr, ebiten.KeyF10) // the main door
			if open := state() == machine.DoorOpen; open != dev {
				t.Fatalf("F10: state %s", state())
			}
			if dev {
				if keyFrame(t, c, mgr, ebiten.KeyF10); state() != machine.Idle {
					t.Fatalf("F10 again: state %s", state())
				}
			}

			if err := m.Handle(machine.Input{Kind: machine.InBonus, Cents: m.Config().HandpayLimitCents + 100}); err != nil {
				t.Fatal(err)
			}
			c.s.Flush()
			if state() != machine.HandpayLockup {
				t.Fatalf("a bonus over the handpay limit: state %s", state())
			}
			keyFrame(t, c, mgr, ebiten.KeyF9) // the attendant key
			if cleared := state() == machine.Idle; cleared != dev {
				t.Fatalf("F9 on a handpay: state %s", state())
			}
			if !dev {
				if err := m.Handle(machine.Input{Kind: machine.InAttendantKey}); err != nil {
					t.Fatal(err)
				}
				c.s.Flush()
			}

			keyFrame(t, c, mgr, ebiten.KeyF11) // the operator key
			if (c.op != nil) != dev {
				t.Fatalf("F11: menu open %v", c.op != nil)
			}
			if dev {
				if keyFrame(t, c, mgr, ebiten.KeyF11); c.op != nil {
					t.Fatal("F11 again did not close the menu")
				}
			}

			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_00}); err != nil {
				t.Fatal(err)
			}
			c.s.Flush()
			keyFrame(t, c, mgr, -1) // the play scene sees the credit
			before := gamesPlayed(t, m)
			keyFrame(t, c, mgr, ebiten.KeySpace) // SPIN
			if played := gamesPlayed(t, m) > before; played != dev {
				t.Fatalf("Space: games played %d after %d", gamesPlayed(t, m), before)
			}

			// a script's press is no keyboard's: it acts in both modes
			for p, ok := c.cur.(*slotscene.Play); ok && p.Presenting(); p, ok = c.cur.(*slotscene.Play) {
				p.Skip()
				keyFrame(t, c, mgr, -1)
			}
			scene.Injected[ebiten.KeyF10] = true
			keyFrame(t, c, mgr, -1)
			clear(scene.Injected[:])
			if !m.Status().DoorOpen {
				t.Fatalf("a script's F10: state %s", state())
			}
		})
	}
}

// The cabinet's operator key reaches the screen through the platform: the
// platform pushes it (package cabinet calls Server.CabinetKey), the screen's
// client hands it to the cabinet scene, and the operator menu opens, with no
// development mode and no keyboard; turned again it closes the menu. The deck's
// HELP opens the rules.
func TestOperatorKeyFromThePlatform(t *testing.T) {
	dir := t.TempDir()
	m := openScriptMachine(t, filepath.Join(dir, "state"))
	srv := &platform.Server{M: m, Build: "test", PIN: testPIN(dir)}
	sock := filepath.Join(dir, wire.SocketName)
	ln, err := platform.Listen(sock)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-served; m.Close() }()
	cl, err := screen.Dial(sock, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	arrived := make(chan string, 4)
	keys := CabinetKeys(func(fn func(string)) { cl.OnCabinet(func(k string) { fn(k); arrived <- k }) })
	c, err := newCabinet(cl, cl.Titles(), CabinetOptions{Options: Options{Scene: "play"}, PIN: cl, Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	defer c.s.Close()
	defer func() { scene.DevKeyboard = true }()
	mgr := scene.NewManager(c)
	push := func(k string) {
		t.Helper()
		srv.CabinetKey(k)
		select {
		case <-arrived:
		case <-time.After(60 * time.Second): // only ends a hung test
			t.Fatalf("the screen never heard %q", k)
		}
		if err := c.Update(mgr); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Update(mgr); err != nil { // nothing pushed: nothing opens
		t.Fatal(err)
	}
	if c.op != nil {
		t.Fatal("the menu opened with no key")
	}
	if push("operator_key"); c.op == nil {
		t.Fatalf("the operator key did not open the menu (status line %q)", c.s.Snapshot().Message)
	}
	if push("operator_key"); c.op != nil {
		t.Fatal("the operator key turned again did not close the menu")
	}
	if push("help"); c.cur == nil {
		t.Fatal("no scene")
	}
	if _, ok := c.cur.(*slotscene.Help); !ok {
		t.Fatalf("the deck's HELP: scene %T, want the rules", c.cur)
	}
}
