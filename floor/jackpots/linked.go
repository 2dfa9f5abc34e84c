package jackpots

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"egm/floor"
	"egm/jackpot"
	"egm/money"
)

// Linked runs the linked jackpots of the machines a floor polls, with one shared
// controller (jackpot/). Each machine's poll cycle calls Cycle:
//
//  0. once per link: which of the machine's games are in the linked group (51, B5
//     per game; linked_games.go);
//  1. hits: the machine's SAS progressive win queue (87); for the first hit still
//     waiting, the controller's HitAt(machine, game, level, index) — idempotent,
//     so a floor that crashed after it gets the same award — and the amount sent
//     back with an addressed 80; the queue is read again before each send; a hit
//     while the player is on a game outside the linked group (55) is refused;
//  2. contributions: the coin-in of the machine's linked games (its coin-in less
//     the unlinked games', 6F per such game when it moved) above what the
//     controller has counted for it (its account) and its baseline (its coin-in
//     at the link's first meter read, kept before anything else of the cycle:
//     the play while the floor learns the machine is contributed too), as one
//     contribution keyed by the games-played meter: a
//     crash between the controller's commit and the floor's never counts coin-in
//     twice;
//  3. mystery awards: every award in the controller's log is journaled in the
//     floor's database, then paid to its machine as a legacy bonus (8A) — the
//     machine's bonus meters (9A) read before the first send and again before any
//     resend, so an award is paid exactly once (BonusPayment);
//  4. the levels broadcast to the machine (86).
type Linked struct {
	C     *jackpot.Controller
	Store *floor.Store
	// Log receives one line per hit paid, award journaled and bonus paid (nil: none).
	Log func(string)

	mu      sync.Mutex
	seen    uint64 // the highest award Seq journaled
	logRead bool   // the award log was read once

	linksMu   sync.Mutex
	links     map[byte]*gameLinks // by machine number: its games' links on its current Poller
	firstRead map[byte]bool       // machines whose first read or baseline is in the database
}

// MachineID is the controller's id of the machine numbered num on the floor
// (Machine.Num: its SAS address unless two lines share one).
func MachineID(num byte) string { return fmt.Sprintf("sas-%d", num) }

func machineAddr(id string) (byte, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(id, "sas-"))
	if err != nil || !strings.HasPrefix(id, "sas-") || n < 1 || n > 127 {
		return 0, false
	}
	return byte(n), true
}

// levelNumbers number the controller's levels as the machines read them
// (machine/saslink: 1 Grand, 2 Major, 3 mystery, in ProgressiveGroup).
var levelNumbers = map[string]byte{jackpot.Grand: 1, jackpot.Major: 2, jackpot.MysteryName: 3}

func levelByNumber(n byte) string {
	for name, x := range levelNumbers {
		if x == n {
			return name
		}
	}
	return ""
}

func (l *Linked) log(format string, a ...any) {
	if l.Log != nil {
		l.Log(fmt.Sprintf(format, a...))
	}
}

// Register links machine addr to the controller.
func (l *Linked) Register(addr byte) error { return l.C.Register(MachineID(addr)) }

// Cycle runs the linked jackpots of one machine for one poll cycle; m are the
// meters read in this cycle (floor.Jackpots; a nil *Linked does nothing).
func (l *Linked) Cycle(p *floor.Poller, m floor.Meters) error {
	if l == nil { // no linked jackpots
		return nil
	}
	if err := l.noteFirstRead(p.ID(), m.CoinIn); err != nil { // its baseline to be
		return err
	}
	if err := l.learn(p); err != nil { // once per link: which games are linked
		return err
	}
	if err := l.payHits(p); err != nil {
		return err
	}
	if err := l.contribute(p, m); err != nil {
		return err
	}
	if err := l.JournalAwards(); err != nil {
		return err
	}
	if err := l.payBonus(p); err != nil {
		return err
	}
	return p.Broadcast(l.Levels())
}

// Levels are the controller's levels as broadcast.
func (l *Linked) Levels() []floor.LevelAmount {
	var lv []floor.LevelAmount
	for _, x := range l.C.Levels() {
		if n := levelNumbers[x.Name]; n != 0 {
			lv = append(lv, floor.LevelAmount{Level: n, Cents: uint64(x.AmountCents)})
		}
	}
	return lv
}

// payHits answers the machine's waiting hits, one at a time, reading the queue
// before each answer.
func (l *Linked) payHits(p *floor.Poller) error {
	for range 16 {
		group, hits, err := p.ProgressiveHits()
		if err != nil {
			return err
		}
		k := -1
		for i, h := range hits {
			if h.Cents == 0 {
				k = i
				break
			}
		}
		if k < 0 {
			return nil
		}
		level := levelByNumber(hits[k].Level)
		if group != floor.ProgressiveGroup || (level != jackpot.Grand && level != jackpot.Major) {
			return fmt.Errorf("floor: machine %d reports a hit of group %d level %d, not a linked Grand or Major", p.ID(), group, hits[k].Level)
		}
		if err := l.hitOnLinkedGame(p, hits[k].Level); err != nil {
			return err
		}
		// The machine plays no game while its hit waits: games played is the game's number.
		game, err := p.GamesPlayed()
		if err != nil {
			return err
		}
		a, err := l.C.HitAt(MachineID(p.ID()), game, level, k)
		if err != nil {
			return floor.DatabaseErr(err)
		}
		if err := p.Award(floor.ProgressiveGroup, hits[k].Level, uint64(a.Cents)); err != nil {
			return err
		}
		l.log("%s hit %d on machine %d game %d: %s paid", level, k, p.ID(), game, l.plain(a.Cents))
	}
	return fmt.Errorf("floor: machine %d: more than 16 hits in one game", p.ID())
}

// contribute counts the machine's new coin-in on its linked games
// (linked_games.go: the machine's coin-in less its unlinked games').
func (l *Linked) contribute(p *floor.Poller, m floor.Meters) error {
	addr := p.ID()
	id := MachineID(addr)
	acct, err := l.C.Account(id)
	if err != nil {
		return floor.DatabaseErr(err)
	}
	counted := uint64(acct.CoinInCents)
	baseline, linked, err := BaselineOf(l.Store, addr)
	if err != nil {
		return floor.DatabaseErr(fmt.Errorf("floor: jackpot baseline of machine %d: %w", addr, err))
	}
	if linked && m.CoinIn <= baseline+counted {
		return nil // no new coin-in at all: no per-game polls
	}
	coinIn, total, ok, err := l.linkedCoinIn(p, m.CoinIn, !linked)
	if err != nil || !ok {
		return err
	}
	if !linked { // the first time: coin-in before the first read is not contributed
		if baseline, err = l.settle(p, coinIn, total, counted); err != nil {
			return err
		}
	}
	counted += baseline
	if coinIn <= counted {
		return nil
	}
	_, err = l.C.Contribute(id, m.GamesPlayed, int64(coinIn-counted))
	return floor.DatabaseErr(err) // the awards it made are journaled from the controller's log
}

// noteFirstRead keeps the machine's coin-in at the link's first meter read, its
// baseline to be (linked_games.go), unless it has one already.
func (l *Linked) noteFirstRead(addr byte, coinIn uint64) error {
	l.linksMu.Lock()
	done := l.firstRead[addr]
	l.linksMu.Unlock()
	if done {
		return nil
	}
	if err := NoteFirstRead(l.Store, addr, coinIn); err != nil {
		return err
	}
	l.linksMu.Lock()
	if l.firstRead == nil {
		l.firstRead = map[byte]bool{}
	}
	l.firstRead[addr] = true
	l.linksMu.Unlock()
	return nil
}

// settle stores the machine's baseline, the first cycle that knows its linked
// coin-in (coinIn, read with the machine's coin-in total): from its first read
// (linked_games.go), less what the controller has counted for it already.
func (l *Linked) settle(p *floor.Poller, coinIn, total, counted uint64) (uint64, error) {
	addr := p.ID()
	first, ok, err := FirstReadOf(l.Store, addr)
	if err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: jackpot first read of machine %d: %w", addr, err))
	}
	v := coinIn // with unlinked games and play since the first read: this reading's
	if g := l.linksOf(p); ok && (g.state == linksWhole || len(g.unlinked) == 0 || total == first) {
		// all its coin-in is linked, or it has not played since the first read
		v = coinIn - min(coinIn, total-min(total, first))
	}
	return Baseline(l.Store, addr, v-min(v, counted))
}

// JournalAwards journals every mystery award of the controller's log not yet in
// the floor's database (after a crash, those whose contribution's answer was lost).
func (l *Linked) JournalAwards() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.logRead && l.C.LastAward() <= l.seen {
		return nil // no award since the log was last read
	}
	as, err := l.C.Awards()
	if err != nil {
		return floor.DatabaseErr(err)
	}
	var ps []BonusPayment
	top := l.seen
	for _, a := range as {
		if a.Seq <= l.seen {
			continue
		}
		top = max(top, a.Seq) // hits too: LastAward counts them
		if a.Level != jackpot.MysteryName {
			continue
		}
		addr, ok := machineAddr(a.Machine)
		if !ok {
			continue
		}
		ps = append(ps, BonusPayment{Seq: a.Seq, Machine: addr, MachineID: a.Machine, Game: a.Game, Cents: a.Cents, State: BonusDue})
	}
	if len(ps) > 0 {
		n, err := JournalAwards(l.Store, ps)
		if err != nil {
			return err
		}
		for _, p := range ps[len(ps)-n:] {
			l.log("MYSTERY JACKPOT %s to machine %d (game %d): journaled, paid as a bonus", l.plain(p.Cents), p.Machine, p.Game)
		}
	}
	l.seen, l.logRead = top, true
	return nil
}

// payBonus pays the machine's oldest unpaid mystery award (one in flight per
// machine).
func (l *Linked) payBonus(p *floor.Poller) error {
	ps, err := BonusPayments(l.Store, true)
	if err != nil {
		return err
	}
	for _, b := range ps {
		if b.Machine != p.ID() {
			continue
		}
		meter, err := p.BonusMeters()
		if err != nil {
			return err
		}
		switch b.State {
		case BonusDue:
			b.State, b.MeterBefore = BonusSending, meter
			if err := PutBonus(l.Store, b); err != nil {
				return err
			}
		case BonusSending:
			if meter >= b.MeterBefore+uint64(b.Cents) { // it arrived before a crash
				return l.paid(b)
			}
		}
		err = p.LegacyBonus(uint64(b.Cents), 0)
		if errors.Is(err, floor.ErrBonusRefused) {
			return nil // the machine is busy (a game in progress…): next cycle
		}
		if err != nil {
			return err
		}
		return l.paid(b)
	}
	return nil
}

func (l *Linked) paid(b BonusPayment) error {
	b.State, b.Paid = BonusPaid, time.Now().UTC()
	if err := PutBonus(l.Store, b); err != nil {
		return err
	}
	l.log("MYSTERY JACKPOT %s paid to machine %d as a bonus (award %d)", l.plain(b.Cents), b.Machine, b.Seq)
	return nil
}

// plain is an amount in the floor's currency as the controller's log prints it.
func (l *Linked) plain(cents int64) string {
	if l.Store == nil {
		return money.Recorded("").Plain(cents)
	}
	return l.Store.Currency().Plain(cents)
}

var _ floor.Jackpots = (*Linked)(nil)
