//go:build cgo && !noscreen

package ui

import (
	"errors"
	"fmt"
	"os"
	"time"

	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/wallet"
)

// shotCodes is the reserved shot's wallet: one fixed cash-in code at the rig's
// clock, so that the picture is the same every time (the cabinet's own codes
// are random).
type shotCodes struct{ asset uint32 }

func (c shotCodes) Present(kind wallet.Kind) (string, wallet.Payload, error) {
	p := wallet.Payload{Asset: c.asset, Machine: "EGM-0001", Kind: kind, Code: "SHOT0RESERVED0CODE01",
		Expiry: rigClock{}.Now().Add(5 * time.Minute)}
	return "EGM1:" + p.Code, p, nil
}

// reservedShot is a machine reserved for its player, 42 minutes granted, its
// cash-in code beside the cover: the screenshot set's "cabinet-reserved".
func reservedShot(titles []*slot.Title, seed uint64) (namedShot, func(), error) {
	dir, err := os.MkdirTemp("", "egm-reserved-shot-")
	if err != nil {
		return namedShot{}, nil, fmt.Errorf("ui: reserved shot: %w", err)
	}
	cfg := settings.DefaultConfigFor(kit.ScreenLang.Profile)
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}, Titles: titles, Clock: rigClock{}})
	if err != nil {
		os.RemoveAll(dir)
		return namedShot{}, nil, err
	}
	closers := []func(){func() { m.Close(); os.RemoveAll(dir) }}
	done := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	for _, in := range []machine.Input{
		{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: cabinetCredit * kit.DemoScale()},
		{Kind: machine.InReserve, Who: "attendant", Minutes: 42},
	} {
		if err := m.Handle(in); err != nil {
			done()
			return namedShot{}, nil, fmt.Errorf("ui: reserved shot: %w", err)
		}
	}
	c, err := newCabinet(m, titles, CabinetOptions{Options: Options{Scene: "play", Seed: seed},
		Codes: shotCodes{cfg.AssetNumber}, IdleMinutes: cfg.IdleCashoutMinutes, Now: rigClock{}.Now})
	if err != nil {
		done()
		return namedShot{}, nil, err
	}
	closers = append(closers, c.s.Close)
	c.cash.Update(c.s.Status(), false) // the code fetched before the capture, not during it
	for i := 0; !c.cash.Fetched(); i++ {
		if i == 1000 {
			done()
			return namedShot{}, nil, errors.New("ui: reserved shot: the code was not fetched")
		}
		time.Sleep(time.Millisecond)
	}
	return namedShot{"cabinet-reserved", scene.Shot{Scene: c, Frames: 3}}, done, nil
}
