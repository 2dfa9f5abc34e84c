//go:build cgo && !noscreen

package ui

import (
	"errors"
	"fmt"
	"os"

	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
)

// cabinetShots are the screenshots of metered play, each cabinet on a machine of
// its own (a temporary state directory): the attract mode with no credit and with
// the player's credit, the lobby with the player's credit, and a refused SPIN with
// its status line. close closes the sessions and machines and removes the
// directories, after the capture.
type cabinetSet struct {
	shots []namedShot
	close func()
}

// cabinetCredit is what the player has put into the cabinet of the shots with credit.
const cabinetCredit = 25_00

func cabinetShots(titles []*slot.Title, seed uint64) (cabinetSet, error) {
	var closers []func()
	set := cabinetSet{close: func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}}
	open := func(credit int64) (*machine.Machine, error) {
		dir, err := os.MkdirTemp("", "egm-cabinet-shots-")
		if err != nil {
			return nil, fmt.Errorf("ui: cabinet shots: %w", err)
		}
		m, err := machine.Open(dir, settings.DefaultConfigFor(kit.ScreenLang.Profile), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}, Titles: titles, Clock: rigClock{}})
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		closers = append(closers, func() { m.Close(); os.RemoveAll(dir) })
		if credit > 0 {
			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: credit * kit.DemoScale()}); err != nil {
				return nil, fmt.Errorf("ui: cabinet shots: %w", err)
			}
		}
		return m, nil
	}
	cab := func(m *machine.Machine, scene string) (*cabinet, error) {
		c, err := newCabinet(m, titles, CabinetOptions{Options: Options{Scene: scene, Seed: seed}, DepositKey: true,
			DepositWallet: machine.TestWallet, DepositCents: 100_00 * kit.DemoScale()})
		if err != nil {
			return nil, err
		}
		closers = append(closers, c.s.Close)
		return c, nil
	}
	empty, err := open(0)
	if err != nil {
		set.close()
		return cabinetSet{}, err
	}
	funded, err := open(cabinetCredit)
	if err != nil {
		set.close()
		return cabinetSet{}, err
	}
	for _, s := range []struct {
		name  string
		m     *machine.Machine
		scene string
		input kit.Input // pressed before the shot (0: none)
		fr    int
	}{
		{"cabinet-attract-no-credit", empty, "attract", 0, 150},
		{"cabinet-attract-credit", funded, "attract", 0, 150},
		{"cabinet-lobby-credit", funded, "lobby", 0, 3},
		{"cabinet-refusal", empty, "play", kit.InputSpin, 3},
	} {
		c, err := cab(s.m, s.scene)
		if err != nil {
			set.close()
			return cabinetSet{}, err
		}
		if s.input != 0 {
			if err := c.s.Send(kit.Event{Input: s.input}); err != nil {
				set.close()
				return cabinetSet{}, err
			}
			c.s.Flush()
			if c.s.Snapshot().Message == "" {
				set.close()
				return cabinetSet{}, errors.New("ui: cabinet shots: the refused input left no status line")
			}
		}
		set.shots = append(set.shots, namedShot{s.name, scene.Shot{Scene: c, Frames: s.fr}})
	}
	return set, nil
}
