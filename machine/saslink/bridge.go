package saslink

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"egm/machine"
	"egm/machine/aft"
	"egm/machine/reserve"
	"egm/meters"
	"egm/sas"
	"egm/tables/play"
)

// queueKey is the critical-memory value that holds the exception queue: the
// link's own (machine.LinkKey), the only one it writes.
const queueKey = machine.LinkKey

// Bridge implements sas.Machine for one machine.
type Bridge struct {
	m      *machine.Machine
	serial string

	mu        sync.Mutex
	queue     sas.Queue
	delivered byte          // the exception the last general poll reported (acknowledged by the next poll)
	offset    time.Duration // host-set time minus the system clock
	progress  map[[2]byte]uint64
	// lastBroadcast is when the last progressive broadcast arrived; staleRaised
	// says exception 53 was raised for the silence since.
	lastBroadcast time.Time
	staleRaised   bool
	memRaised     bool // ExRAMError was queued for the memory fault going on (memory.go)
	romSum        map[uint16]uint16
	program       func() ([]byte, error)
	sound         func(on bool) // long polls 03/04: the screen's sound switch
	// long poll 18: games played since this power-up (the bridge is attached at
	// power-up) and since the slot door last closed
	gamesSincePowerUp, gamesSinceDoor uint64
	link                              *sas.Link // the line Attach serves (nil before)
	// the handpay the machine is locked up in: when 51 was last raised for it, and
	// whether the host has read it with long poll 1B (handpay.go)
	handpaySince time.Time
	handpayRead  bool
}

// New attaches a bridge to m: it restores the stored exception queue, raises "AC
// power applied" (the machine's power-up commit happened before the bridge was
// attached) and installs the commit hook that queues every later exception inside
// the machine's own commit of the event that raises it. A machine that booted in
// RAM ERROR gets its bridge too, with the queue in memory (memory.go). program reads the bytes the
// ROM signature covers (the running executable).
func New(m *machine.Machine, serial string, program func() ([]byte, error)) (*Bridge, error) {
	b := &Bridge{m: m, serial: serial, progress: map[[2]byte]uint64{}, romSum: map[uint16]uint16{}, program: program}
	var stored json.RawMessage
	if err := m.View(func(s *meters.Snapshot) { stored, _ = s.Value(queueKey) }); err != nil && !errors.Is(err, machine.ErrNoStore) {
		return nil, fmt.Errorf("saslink: %w", err)
	}
	if len(stored) > 0 {
		var raw []byte
		if err := json.Unmarshal(stored, &raw); err != nil {
			return nil, fmt.Errorf("saslink: stored exception queue: %w", err)
		}
		if err := b.queue.UnmarshalBinary(raw); err != nil {
			return nil, fmt.Errorf("saslink: %w", err)
		}
	}
	b.mu.Lock()
	b.queue.Push(sas.ExACPowerApplied)
	b.mu.Unlock()
	if err := b.store(); err != nil && !b.memoryFault() {
		return nil, err // a machine booted in RAM ERROR still gets its link: ExRAMError, the queue in memory
	}
	m.OnCommit(b.onCommit)
	m.SetJackpotsLinked(true) // Grand and Major are the floor controller's (jackpot.go)
	return b, nil
}

// onCommit runs inside each of the machine's commits: it queues the exceptions of
// the commit's events and writes the queue into the same commit. (Lock order: the
// machine's, the store's, then the bridge's — the same in store below; the bridge
// never calls the machine while it holds its own lock.)
func (b *Bridge) onCommit(l machine.LinkSetter, c machine.Commit) error {
	codes := exceptions(c)
	b.countGames(c)
	if len(codes) == 0 {
		return nil
	}
	b.mu.Lock()
	for _, code := range codes {
		b.queue.Push(code)
	}
	v, err := b.valueLocked()
	b.mu.Unlock()
	if err != nil {
		return err
	}
	return l.SetLink(v)
}

// countGames keeps long poll 18's counts: a game started counts, a slot door
// closing starts the second count again.
func (b *Bridge) countGames(c machine.Commit) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range c.Events {
		if e.Kind == meters.EvDoorClose {
			b.gamesSinceDoor = 0
		}
	}
	if c.GameStarted {
		b.gamesSincePowerUp++
		b.gamesSinceDoor++
	}
}

// eventExceptions maps the machine's committed events to the SAS exceptions they
// raise.
var eventExceptions = map[meters.EventKind]byte{
	meters.EvDoorOpen:        sas.ExSlotDoorOpen,
	meters.EvDoorClose:       sas.ExSlotDoorClosed,
	machine.EvLogicDoorOpen:  sas.ExCardCageOpen,
	machine.EvLogicDoorClose: sas.ExCardCageClosed,
	machine.EvBellyDoorOpen:  sas.ExBellyDoorOpen,
	machine.EvBellyDoorClose: sas.ExBellyDoorClosed,
	meters.EvHandpay:         sas.ExHandpayPending,
	meters.EvHandpayReset:    sas.ExHandpayReset,
	meters.EvConfigChange:    sas.ExOptionsChanged,
	meters.EvPowerDown:       sas.ExACPowerLost,
	meters.EvTilt:            sas.ExGeneralTilt,
	machine.EvCashoutRequest: sas.ExCashOutPressed,
	machine.EvJackpotHit:     sas.ExLevelHit,
	machine.EvProgressiveWin: sas.ExProgressiveWin,
	machine.EvBonus:          sas.ExLegacyBonus,
	reserve.EvReserve:        sas.ExGameLocked, // the machine reserved for its player takes no play (doc.go)
	// AFT
	aft.EvTransfer:       sas.ExAFTComplete,
	aft.EvCashoutRequest: sas.ExAFTHostCashOut,
	aft.EvLocked:         sas.ExGameLocked,
	aft.EvRegister:       sas.ExAFTRegistered,
	aft.EvRegisterAsk:    sas.ExAFTRegisterRequest,
	aft.EvUnregister:     sas.ExAFTUnregistered,
}

// exceptions are the SAS exceptions a commit raises.
func exceptions(c machine.Commit) []byte {
	var codes []byte
	if c.GameStarted {
		codes = append(codes, sas.ExGameStarted)
	}
	for _, e := range c.Events {
		if code, ok := eventExceptions[e.Kind]; ok {
			codes = append(codes, code)
		}
	}
	if c.GameEnded {
		codes = append(codes, sas.ExGameEnded)
	}
	return codes
}

// store writes the current queue in a commit of its own (at boot, and when the host
// acknowledges an exception), through the machine (machine.CommitLink: under its
// lock, a failed write stops play as any of its commits would). The queue is read
// inside the commit, so a commit of the machine's that raced it cannot be
// overwritten by an older queue. Without critical memory (RAM ERROR, a closed
// machine) the error wraps machine.ErrNoStore and the queue lives on in memory.
func (b *Bridge) store() error {
	err := b.m.CommitLink(func(l machine.LinkSetter) error {
		b.mu.Lock()
		v, err := b.valueLocked()
		b.mu.Unlock()
		if err != nil {
			return err
		}
		return l.SetLink(v)
	})
	if err != nil {
		return fmt.Errorf("saslink: store the exception queue: %w", err)
	}
	return nil
}

// valueLocked is the queue as critical memory stores it: its codes as a JSON
// (base64) string, "" when empty — never null, which critical memory refuses, so
// that the acknowledgement of the last exception is stored too.
func (b *Bridge) valueLocked() (json.RawMessage, error) {
	raw, _ := b.queue.MarshalBinary()
	if raw == nil {
		raw = []byte{}
	}
	return json.Marshal(raw)
}

// Exception implements sas.Machine (ExRAMError first queued if critical memory
// has just failed).
func (b *Bridge) Exception() byte {
	b.raiseMemoryFault()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.delivered = b.queue.Head()
	return b.delivered
}

// AckException implements sas.Machine: the host has the exception last delivered;
// drop it durably. That is the head unless a higher-priority exception was queued
// in between (a 6A after a 7F), which stays to be delivered.
func (b *Bridge) AckException() {
	b.mu.Lock()
	b.queue.Ack(b.delivered) // not waiting (ExNone, or gone): nothing to drop
	b.delivered = sas.ExNone
	b.mu.Unlock()
	_ = b.store() // if this commit fails the exception is delivered again: never lost
}

// Meter implements sas.Machine: machine-wide meters for game 0, per-game meters
// for games 1..n — a title's with all its denominations summed, a table game's
// (tables.go) from its own rows alike — each with its SAS meaning (SAS meter
// definitions, not this machine's names): 00 coin in is the credits wagered; 01
// coin out the credits the games (and the floor's bonuses) paid to the credit
// meter; 02 jackpot the wins the attendant paid (handpays); 03 and 04 the
// credits cancelled by the attendant; 05 games played. A title's 01 and 02 split
// its won_cents with the per-title counters of machine.CounterTitleHandpay and
// the bonuses of machine.CounterTitleBonus…, so that for every meter reported
// both ways (00, 01, 02, 05) the games add up to the machine. Without critical
// memory no meter is known (ok false; the Responder asks MetersAvailable first
// and stays silent).
func (b *Bridge) Meter(game int, code sas.MeterCode) (uint64, bool) {
	var ms meters.Meters
	var gm []meters.GameMeter
	var counter func(string) int64
	var aft uint64
	var isAFT bool
	if err := b.m.View(func(s *meters.Snapshot) {
		ms, gm = s.Meters(), s.Games()
		counters := s.Counters()
		counter = func(n string) int64 { return counters[n] }
		if _, isAFT = aftMeters[code]; isAFT && game == 0 {
			aft, _ = aftMeter(s, code)
		}
	}); err != nil {
		return 0, false
	}
	if game > 0 {
		id, ok := b.gameID(game)
		if !ok {
			return 0, false
		}
		var played, in, won int64
		for _, g := range gm {
			if g.Title == id {
				played, in, won = played+g.GamesPlayed, in+g.CoinInCents, won+g.WonCents
			}
		}
		handpay := counter(machine.CounterTitleHandpay(id))
		switch code {
		case sas.MeterCoinIn:
			return uint64(in), true
		case sas.MeterGamesPlayed:
			return uint64(played), true
		case sas.MeterCoinOut:
			return uint64(won - handpay + counter(machine.CounterTitleBonus(id))), true
		case sas.MeterJackpot:
			return uint64(handpay + counter(machine.CounterTitleBonusHandpay(id))), true
		case sas.MeterHandpaidCancel:
			// Cancelled credits are the credit meter's, paid by hand at a cash-out:
			// never a game's, so every game's is 0 (2D for game N).
			return 0, true
		}
		return 0, false
	}
	switch code {
	case sas.MeterDrop:
		return 0, true // the machine takes no cash
	case sas.MeterGamesSincePU, sas.MeterGamesSinceDC:
		b.mu.Lock()
		defer b.mu.Unlock()
		if code == sas.MeterGamesSincePU {
			return b.gamesSincePowerUp, true
		}
		return b.gamesSinceDoor, true
	}
	if isAFT {
		return aft, true
	}
	mm, ok := sasMeters[code]
	if !ok {
		return 0, false
	}
	return uint64(ms.Get(mm)), true
}

// sasMeters maps SAS meter codes to the machine's meters (the map in sas/doc.go):
// coin out is what was paid to the credit meter (won_to_credits_cents: game
// wins and credited bonuses), jackpot what the attendant paid (handpay_cents);
// coin_out_cents, the machine's own total of money leaving the cabinet, is not a
// SAS game meter.
var sasMeters = map[sas.MeterCode]meters.Meter{
	sas.MeterCoinIn: meters.CoinIn, sas.MeterCoinOut: meters.WonToCredits, sas.MeterJackpot: meters.Handpay,
	sas.MeterHandpaidCancel: meters.CancelledCredits, sas.MeterCancelledCredits: meters.CancelledCredits,
	sas.MeterGamesPlayed: meters.GamesPlayed, sas.MeterGamesWon: meters.GamesWon,
	sas.MeterGamesLost: meters.GamesLost, sas.MeterCurrentCredits: meters.CurrentCredits,
	sas.MeterDoorOpens: meters.DoorOpens, sas.MeterPowerResets: meters.PowerUps,
}

// SetEnabled implements sas.Machine (long polls 01/02).
func (b *Bridge) SetEnabled(enabled bool) error {
	kind := machine.InHostDisable
	if enabled {
		kind = machine.InHostEnable
	}
	return b.m.Handle(machine.Input{Kind: kind, Who: "floor host"})
}

// Games implements sas.Machine: the titles in catalogue order as games 1..n, then
// the table games (tables.go), enabled or not.
func (b *Bridge) Games() []sas.GameInfo {
	var out []sas.GameInfo
	for i, t := range b.m.Titles() {
		denoms := b.m.Denominations(t.Spec.ID)
		var denom int64
		if len(denoms) > 0 {
			denom = denoms[0]
		}
		fam := "CC"
		if strings.HasPrefix(t.Spec.Family, "Golden") {
			fam = "GL"
		}
		// Max bet: the largest total the title takes at its first denomination,
		// in credits (every line at the most credits per line the bet range allows).
		var maxBet int64
		if _, hi, ok := b.m.BetRange(t.Spec.ID, denom); denom > 0 && ok {
			maxBet = hi * int64(t.Lines())
		}
		out = append(out, sas.GameInfo{Number: i + 1, GameID: fam, AdditionalID: fmt.Sprintf("%03d", i+1),
			DenomCents: denom, MaxBet: int(maxBet), Group: 1, PaytableID: paytableID(t.Spec.ID),
			BasePercent: "9400", Enabled: len(denoms) > 0, Name: t.Spec.Name, Denoms: denoms, Levels: 0b11})
	}
	for _, g := range play.IDs() {
		out = append(out, b.tableInfo(len(out)+1, g))
	}
	return out
}

// paytableID is a title's 6-character paytable id: its initials and the RTP.
func paytableID(id string) string {
	var ini []byte
	for _, w := range strings.Split(id, "-") {
		if w != "" && len(ini) < 2 {
			ini = append(ini, w[0]-'a'+'A')
		}
	}
	return string(ini) + "9400"
}

// SelectedGame implements sas.Machine: the title, or the table game, the player is
// on.
func (b *Bridge) SelectedGame() int { return b.gameNumber(b.m.Status().Title) }

// Now implements sas.Machine: the system clock, shifted as the host last set it.
func (b *Bridge) Now() time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return time.Now().Add(b.offset)
}

// SetTime implements sas.Machine: the machine keeps the host's time as an offset
// (it does not set the cabinet's system clock from the link).
func (b *Bridge) SetTime(t time.Time) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.offset = time.Until(t)
	return nil
}

// ROMSignature implements sas.Machine: CRC-16/KERMIT over the program file, started
// from the host's seed (long poll 21, program authentication).
func (b *Bridge) ROMSignature(seed uint16) uint16 {
	b.mu.Lock()
	s, ok := b.romSum[seed]
	b.mu.Unlock()
	if ok {
		return s
	}
	// Computed without the bridge's lock: the link's other polls (general polls,
	// meters) go on meanwhile (sas.Responder calls this off the link).
	prog, err := b.program()
	if err != nil {
		return 0
	}
	s = uint16(sas.CRC(seed).Update(prog))
	b.mu.Lock()
	b.romSum[seed] = s
	b.mu.Unlock()
	return s
}

// Progressive implements sas.Machine: the latest broadcast amount per level.
func (b *Bridge) Progressive(group, level byte, cents uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.progress[[2]byte{group, level}] = cents
	b.lastBroadcast, b.staleRaised = time.Now(), false
}

// Level returns the last broadcast amount of a progressive level.
func (b *Bridge) Level(group, level byte) (uint64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	v, ok := b.progress[[2]byte{group, level}]
	return v, ok
}

// SerialNumber implements sas.Machine.
func (b *Bridge) SerialNumber() string { return b.serial }

// Currency implements sas.CurrencyReporter: the machine's ISO 4217 code, which
// long poll 1F carries in its additional ID so that a floor in another currency
// refuses the machine.
func (b *Bridge) Currency() string { return b.m.Currency().Code }
