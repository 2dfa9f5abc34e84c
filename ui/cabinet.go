//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/machine"
	"egm/sound"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/qrpanel"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// CabinetOptions start the cabinet's screen.
type CabinetOptions struct {
	Options
	// DepositKey, when set, makes F2 a deposit of DepositCents from DepositWallet
	// (the development test wallet until the QR wallet exists); a cash-out to that
	// wallet is confirmed at once, as the test wallet receives it.
	DepositKey    bool
	DepositWallet string
	DepositCents  int64
	// Levels, when set, gives the linked jackpot levels the floor broadcasts.
	Levels func() (grand, major, mystery int64, ok bool)
	// Codes, when set, shows the wallet's QR codes (cashless.go): cash-in while
	// there are no credits or on F3, cash-out while a cash-out is pending.
	// IdleMinutes is the idle cash-out interval the panel states (R-CASH-6).
	Codes       qrpanel.WalletCodes
	IdleMinutes int
	Now         func() time.Time // the panel's clock for the code's countdown (nil: time.Now)
	// PIN is the operator PIN of the state directory (nil: no operator menu);
	// Audio the sound engine's volume for its Volume page (nil: no such page).
	// ServiceStrip shows the attendant key, door and menu buttons on screen
	// (mouse and touch), in development mode only.
	PIN          kit.PINStore
	Audio        scene.AudioControl
	ServiceStrip bool
	// Dev is development mode: the keyboard stands in for the cabinet's doors,
	// key switches and deck buttons (F9/F10/F11, SPIN's Space…: dev_keys.go) and
	// the status line names the development keys (F2, F3). Off, those keys do
	// nothing and the player reads no key of a development keyboard.
	Dev bool
	// Keys are the cabinet's keys and buttons the platform pushes
	// ("operator_key", "help": cabinet_keys.go); nil: none.
	Keys <-chan string
}

// RunCabinet shows metered play on machine m until the window closes: the attract
// mode and the lobby, whose titles open play scenes bound to the machine. A game in
// progress or a lockup starts on the play scene (a table hand's on its table).
// With opt.Screenshot it renders opt.Frames frames, writes the screen as a PNG
// and returns. opt.Scene "lobby", "play" or a table game's id starts there
// instead of the attract mode.
func RunCabinet(m Platform, titles []*slot.Title, opt CabinetOptions) error {
	c, err := newCabinet(m, titles, opt)
	if err != nil {
		return err
	}
	defer c.s.Close()
	return show(c, opt.Options, titles)
}

// newCabinet binds a session to m and chooses the first scene; the caller closes
// c.s.
func newCabinet(m kit.Platform, titles []*slot.Title, opt CabinetOptions) (*cabinet, error) {
	if len(titles) == 0 {
		return nil, fmt.Errorf("ui: no titles")
	}
	s := newMachineSession(m, titles)
	if opt.Levels != nil {
		s.SetLevels(opt.Levels)
	}
	c := &cabinet{s: s, titles: titles, opt: opt}
	scene.DevKeyboard = opt.Dev
	codes, key, dev, cents := opt.Codes != nil, opt.DepositKey, opt.Dev, opt.DepositCents
	s.SetNoCreditMessage(func() string { return kit.NoCreditText(codes, key, dev, cents) })
	if opt.Codes != nil {
		c.cash = qrpanel.NewCashless(opt.Codes, opt.Now, opt.IdleMinutes)
	}
	if opt.DepositKey {
		m.Subscribe(func(o machine.Output) {
			if o.Kind == machine.OutCashoutRequest && o.Cashout != nil && o.Cashout.Wallet == opt.DepositWallet {
				_ = s.Input(machine.Input{Kind: machine.InCashoutConfirmed, CashoutID: o.Cashout.ID})
			}
		})
	}
	s.Flush() // the boot's outputs: a resumed game's step
	seed := opt.Seed
	if seed == 0 {
		seed = 20261130
	}
	scene := opt.Scene
	if st := m.Status().State; st != machine.Idle && st != machine.CashoutPending {
		scene = "play"
	}
	if sc, ok := c.tableResume(); ok { // a table round in progress: its table, the hand where it stands
		c.bind(sc)
		return c, nil
	}
	switch scene {
	case "", "attract":
		c.bind(newAttract(titles, seed))
	case "lobby":
		c.bind(newLobby(titles, kit.Snapshot{Grand: kit.GrandReset(), Major: kit.MajorReset()}))
	case "play":
		c.bind(slotscene.NewPlay(s, titles))
	default:
		sc, err := c.openTable(scene, nil) // a table game the machine deals
		if err != nil || !slices.Contains(tableGamesOnly(m), scene) {
			s.Close()
			return nil, fmt.Errorf("ui: no cabinet scene %q (attract, lobby, play, or a table game the machine deals: %s)", scene, strings.Join(tableGamesOnly(m), ", "))
		}
		c.bind(sc)
	}
	return c, nil
}

// cabinet is the scene the manager runs for metered play: it runs the current
// scene and binds every scene that scene asks for to the machine (the lobby's
// titles open metered play scenes), and takes the development deposit key.
type cabinet struct {
	s      *machineSession
	titles []*slot.Title
	opt    CabinetOptions
	cur    scene.Scene
	cash   *qrpanel.Cashless // the wallet's QR panel (nil without opt.Codes)
	op     *opmenu.Operator  // the operator menu, while open
	keys   []string          // the keys the platform pushed this frame (cabinet_keys.go)
}

// bind makes sc the current scene; a lobby opens play scenes bound to the machine.
func (c *cabinet) bind(sc scene.Scene) {
	credit := func() int64 { return c.s.Status().CreditsCents } // the player's own, never the demo's
	switch sc := sc.(type) {
	case *attract:
		sc.Credit = credit
	case *lobbyScene:
		sc.Credit = credit
	}
	if l, ok := sc.(*lobbyScene); ok {
		l.Open = func(t *slot.Title) scene.Scene {
			_ = c.s.SelectTitle(t.Spec.ID)
			return slotscene.NewPlay(c.s, c.titles)
		}
		l.Tables, l.Limits = tableGames(c.s.Machine()) // the slot title selected stays the machine's
		l.OpenTable = func(game string) scene.Scene {
			sc, err := c.openTable(game, nil)
			if err != nil {
				log.Printf("ui: lobby: %v", err)
				return l
			}
			return sc
		}
	}
	c.cur = sc
}

// Update implements Scene.
func (c *cabinet) Update(m *scene.Manager) error {
	c.readPushed()
	if c.service(m) { // the service keys; the operator menu while it is open
		return nil
	}
	if c.opt.DepositKey && scene.Pressed(ebiten.KeyF2) {
		_ = c.s.Input(machine.Input{Kind: machine.InDeposit, Wallet: c.opt.DepositWallet, Cents: c.opt.DepositCents})
	}
	if c.cash != nil {
		_, c.cash.Compact = c.cur.(*attract)
		c.cash.Update(c.s.Status(), scene.Pressed(ebiten.KeyF3))
	}
	err := c.cur.Update(m)
	if _, ok := c.cur.(*slotscene.Play); !ok && m.Sound != nil && alarmState(c.s.Status().State) {
		m.Sound.Loop(sound.Alarm, false) // a lockup while the lobby or attract mode shows
	}
	if m.Next != nil {
		c.bind(m.Next)
		m.Next = nil
	}
	return err
}

// Draw implements Scene.
func (c *cabinet) Draw(screen *ebiten.Image) {
	if c.op == nil { // the menu draws its own picture of the game under it
		c.cur.Draw(screen)
		if c.cash != nil {
			c.cash.Draw(screen)
		}
		c.drawReserved(screen)
	}
	c.drawService(screen)
}
