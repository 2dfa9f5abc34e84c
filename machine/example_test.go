package machine_test

import (
	"fmt"
	"os"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
)

// A screen's view of one game: deposit, SPIN, present each step the machine asks
// for, take the win.
func Example() {
	dir, _ := os.MkdirTemp("", "egm-machine")
	defer os.RemoveAll(dir)
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(42)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	settled := make(chan struct{})
	m.Subscribe(func(o machine.Output) {
		switch o.Kind {
		case machine.OutPresent: // show step o.Step of o.Outcome, then report it shown
			go m.Handle(machine.Input{Kind: machine.InStepShown, Step: o.Step})
		case machine.OutGameEnd:
			fmt.Printf("game %d settled\n", o.Recall.Number)
			close(settled)
		}
	})
	m.Handle(machine.Input{Kind: machine.InTick}) // delivers the boot's outputs
	m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 5000})
	s := m.Status()
	fmt.Println(s.State, s.CreditsCents, s.Title, s.DenomCents, s.BetCents)
	if err := m.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
		fmt.Println(err)
	}
	<-settled // the screen presents the steps meanwhile
	s = m.Status()
	fmt.Println(s.State, s.CreditsCents >= 5000-s.BetCents)
	// Output:
	// idle 5000 gems-secrets 1 50
	// game 1 settled
	// idle true
}
