package jackpot_test

import (
	"fmt"
	"os"
	"path/filepath"

	"egm/jackpot"
	"egm/rng"
)

// A floor links two machines, counts their games' bets and pays a Major hit.
// In production the generator is rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil).
func Example() {
	dir, _ := os.MkdirTemp("", "jackpot")
	defer os.RemoveAll(dir)
	c, err := jackpot.Open(filepath.Join(dir, "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	c.Register("egm-1")
	c.Register("egm-2")

	// Every game: the machine's game sequence number and its total bet in cents.
	for game := uint64(1); game <= 10; game++ {
		r, _ := c.Contribute("egm-1", game, 4000)
		for _, a := range r.Awards { // a mystery award: pay it to this game
			fmt.Println("mystery", a.Cents)
		}
	}
	// A resend after a timeout counts nothing.
	r, _ := c.Contribute("egm-1", 10, 4000)
	fmt.Println("duplicate:", r.Duplicate)

	// Lock & Spin collected a qualified Major symbol in game 7 of egm-2.
	a, _ := c.Hit("egm-2", 7, jackpot.Major)
	fmt.Printf("%s to %s: %d cents\n", a.Level, a.Machine, a.Cents)

	for _, l := range c.Levels() {
		fmt.Printf("%s %d\n", l.Name, l.AmountCents)
	}
	acc, _ := c.Accounts()
	fmt.Println("accounts:", acc.Check())
	// Output:
	// duplicate: true
	// major to egm-2: 40200 cents
	// grand 500200
	// major 40000
	// mystery 800160
	// accounts: <nil>
}
