package board

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"egm/floor"
	"egm/floor/jackpots"
	"egm/jackpot"
)

// boardFloor is the floor the board campaign's board sits on: the linked
// jackpots' controller and the floor's database in the working directory, as
// `egm-floor run` runs them. Without it a Grand or Major hit would lock the board in
// "JACKPOT — waiting for the controller" for good, as on a real floor whose
// controller is down.
type boardFloor struct {
	linked *jackpots.Linked
	store  *floor.Store
	log    *os.File
}

func openBoardFloor(dir string) (*boardFloor, error) {
	f := &boardFloor{}
	var err error
	if f.log, err = os.Create(filepath.Join(dir, "floor.log")); err != nil {
		return nil, fmt.Errorf("board: powerfail: %w", err)
	}
	if f.store, err = floor.OpenStore(filepath.Join(dir, "floor.db")); err != nil {
		f.log.Close()
		return nil, err
	}
	if f.linked, err = jackpots.OpenLinked(filepath.Join(dir, "jackpot.db"), nil, f.store, []byte{1}, f.say); err != nil {
		f.store.Close()
		f.log.Close()
		return nil, err
	}
	return f, nil
}

// say is the controller's log: one line per hit paid and mystery award.
func (f *boardFloor) say(line string) {
	fmt.Fprintf(f.log, "%s %s\n", time.Now().UTC().Format(time.RFC3339Nano), line)
}

// paidHits is the Grand and Major hits the controller has paid, from its accounts.
func (f *boardFloor) paidHits() int {
	a, err := f.linked.C.Accounts()
	if err != nil {
		return 0
	}
	n := 0
	for _, l := range a.Levels {
		if l.Name != jackpot.MysteryName {
			n += int(l.Awards)
		}
	}
	return n
}

func (f *boardFloor) Close() {
	f.linked.C.Close()
	f.store.Close()
	f.log.Close()
}

// floorRun is what the floor saw of one boot.
type floorRun struct {
	saw      floor.Meters // the last meters read
	reads    int
	errors   int      // reads or jackpot cycles that failed (a busy emulated UART); logged
	wentBack []string // a meter read lower than before
	done     bool     // done(meters) held
	stopped  error    // the board stopped by itself
}

// serve is the floor polling the board about once a second until cutAt: its
// meters (none may go back from what the floor read before, saw) and the linked
// jackpots' cycle. With done set it goes on past cutAt, up to limit, until
// done holds for a read.
func (b *board) serve(f *boardFloor, saw floor.Meters, cutAt time.Time, done func(floor.Meters) bool, limit time.Time) floorRun {
	run := floorRun{saw: saw}
	for {
		now := time.Now()
		if !now.Before(cutAt) && (done == nil || run.done || !now.Before(limit)) || b.stopping() {
			return run
		}
		select {
		case err := <-b.exited:
			b.exited <- err
			run.stopped = err
			return run
		default:
		}
		if m, err := b.meters(); err != nil {
			run.errors++
			fmt.Fprintf(f.log, "%s meters: %v\n", now.UTC().Format(time.RFC3339Nano), err)
		} else {
			run.reads++
			run.wentBack = append(run.wentBack, floorWentBack(run.saw, m)...)
			run.saw = m
			if done != nil && done(m) {
				run.done = true
			}
			if err := f.linked.Cycle(b.host, m); err != nil {
				run.errors++
				fmt.Fprintf(f.log, "%s jackpot cycle: %v\n", now.UTC().Format(time.RFC3339Nano), err)
			}
		}
		next := time.Now().Add(time.Second)
		if next.After(cutAt) && time.Now().Before(cutAt) {
			next = cutAt
		}
		time.Sleep(time.Until(next))
	}
}
