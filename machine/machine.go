package machine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"egm/games"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// Decider gives the machine's game and gamble decisions exclusive use of the RNG and
// returns its sticky health error, if any. *rng.Cycler is the cabinet's; Seeded
// wraps a deterministic generator for simulation and autoplay with --seed.
type Decider interface {
	Decide(fn func(rng.Source)) error
}

// Seeded is a Decider over a generator without background cycling: the same seed
// gives the same stream of decisions, whatever the clock says.
type Seeded struct{ G *rng.Generator }

// Decide calls fn with the generator and returns its health error.
func (s Seeded) Decide(fn func(rng.Source)) error {
	fn(s.G)
	return s.G.Err()
}

// Options are the machine's seams.
type Options struct {
	Store   meters.Options // critical memory's options (its Now is set from Clock)
	Clock   Clock          // nil: the system clock
	Decider Decider        // required
	Titles  []*slot.Title  // nil: games.All()

	// AfterAFTJournal, for tests only, is called between an AFT transfer's
	// journal commit and its money commit (under the machine's lock; it must not
	// call the Machine): a disk that fills there leaves the transfer pending.
	AfterAFTJournal func()
}

// Machine is the EGM state machine. Its methods are safe for concurrent use; inputs
// are handled one at a time, and outputs are delivered to subscribers in order after
// the input that caused them.
type Machine struct {
	mu     sync.Mutex
	cfg    settings.Config // the configuration in force: base with the operator's settings over it
	base   settings.Config // the configuration file's
	dir    string
	opts   Options
	clock  Clock
	rng    Decider
	titles []*slot.Title
	byID   map[string]*slot.Title
	prof   jurisdiction.Profile // the configuration's profile: the currency and its limits
	// currencyRecorded: critical memory names its currency (currency.go)
	currencyRecorded bool
	limits           slot.Limits // the profile's slot bet range

	st     *meters.Store // nil while critical memory could not be opened (RAM ERROR)
	memErr error         // a RAM error or a failed write: play stops

	d         durable
	game      *current
	sel       selection
	lastPlay  time.Time
	subs      subscribers
	out       []Output
	closed    bool
	hook      func(l LinkSetter, c Commit) error
	txEvents  []meters.Event         // events of the commit being made, emitted once it is durable
	resumed   *meters.GameInProgress // the game in progress found at the last boot
	aft       aftRuntime             // AFT registration, lock, codes, last transfer (aft.go)
	linked    bool                   // Grand and Major are the floor controller's (SetJackpotsLinked)
	lastBonus int64                  // the last bonus credited, shown until the next game (bonus.go)
}

// Resumed returns the game that was in progress when the machine last booted (as
// critical memory held it, outcome bytes and all), even if the boot settled it.
func (m *Machine) Resumed() (meters.GameInProgress, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.resumed == nil {
		return meters.GameInProgress{}, false
	}
	return *m.resumed, true
}

// ErrRefused is wrapped by every refused input (errors.Is); the refusal itself is
// a *refusal.Refusal (machine/refusal: refusal.ErrRefused, the same error).
var ErrRefused = refusal.ErrRefused

// Open opens critical memory in dir and boots the machine: validation, the power-up
// record, and the resumption of any game in progress with its stored outcome. A
// machine whose critical memory cannot be trusted opens in RAM ERROR (not an error);
// a state directory held by another process is an error wrapping meters.ErrLocked.
func Open(dir string, cfg settings.Config, opts Options) (*Machine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if opts.Decider == nil {
		return nil, fmt.Errorf("machine: no RNG decider")
	}
	if opts.Clock == nil {
		opts.Clock = systemClock{}
	}
	opts.Store.Now = opts.Clock.Now
	opts.Store.ReadOnly = false
	titles := opts.Titles
	if titles == nil {
		var err error
		if titles, err = games.All(); err != nil {
			return nil, fmt.Errorf("machine: %w", err)
		}
	}
	cfg.DenominationsCents = slices.Clone(cfg.DenominationsCents)
	prof, _ := cfg.Profile() // Validate checked it
	m := &Machine{cfg: cfg, base: cfg, dir: dir, opts: opts, clock: opts.Clock, rng: opts.Decider, titles: titles,
		byID: map[string]*slot.Title{}, prof: prof, limits: settings.SlotLimits(prof)}
	for _, t := range titles {
		m.byID[t.Spec.ID] = t
	}
	if err := m.initSelection(); err != nil {
		return nil, err
	}
	st, err := meters.Open(dir, opts.Store)
	var re *meters.RAMError
	switch {
	case errors.As(err, &re):
		m.memErr = err
		return m, nil
	case err != nil:
		return nil, fmt.Errorf("machine: %w", err)
	}
	rec, err := m.checkCurrency(st)
	if err == nil {
		err = m.checkBonusJackpot(st)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	m.st, m.currencyRecorded = st, rec
	m.boot() // its outputs (a resumed game's step, a pending cash-out) go out with the first input
	return m, nil
}

// Subscribe adds a receiver of output events. It is called after each input, in
// order, outside the machine's lock (it may call Handle).
func (m *Machine) Subscribe(fn func(Output)) { m.subs.add(fn) }

// Close releases critical memory without recording anything (as a power cut
// would leave it). Inputs after Close are refused.
func (m *Machine) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	if m.st == nil {
		return nil
	}
	err := m.st.Close()
	m.st = nil
	return err
}

// Shutdown records an orderly power-down event, then closes.
func (m *Machine) Shutdown() error {
	m.ShutdownRecorded()
	return m.Close()
}

// ShutdownRecorded writes the orderly power-down event without closing: written
// is false when nothing could be written (RAM ERROR, a failed write, closed), and
// err says why.
func (m *Machine) ShutdownRecorded() (written bool, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed || m.st == nil:
		if m.memErr != nil {
			return false, fmt.Errorf("machine: power_down not written: %w", m.memErr)
		}
		return false, fmt.Errorf("machine: power_down not written: critical memory is closed")
	case m.memErr != nil:
		return false, fmt.Errorf("machine: power_down not written: %w", m.memErr)
	}
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, meters.EvPowerDown, "orderly shutdown")
		return nil
	}); err != nil {
		return false, fmt.Errorf("machine: power_down not written: %w", err)
	}
	return true, nil
}

// MemorySeq is the number of critical memory's last commit; ok is false while it
// cannot be trusted (RAM ERROR, a failed write) or is closed.
func (m *Machine) MemorySeq() (seq uint64, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || m.st == nil || m.memErr != nil {
		return 0, false
	}
	return m.st.Seq(), true
}

// boot runs after critical memory opened: validate, count the power-up, restore the
// machine's own state and resume a game in progress.
func (m *Machine) boot() {
	m.game, m.d, m.resumed = nil, durable{}, nil
	m.lastPlay = m.clock.Now()
	if err := m.validate(); err != nil {
		return
	}
	var raw json.RawMessage
	var g meters.GameInProgress
	var inGame bool
	m.st.View(func(v *meters.Snapshot) {
		raw, _ = v.Value(durableKey)
		g, inGame = v.Game()
	})
	if raw != nil {
		if err := json.Unmarshal(raw, &m.d); err != nil {
			m.d = durable{Tilt: TiltProgram}
		}
	}
	m.applyOperator()
	cfgJSON, _ := json.Marshal(m.cfg) // plain fields: cannot fail
	var oldCfg json.RawMessage
	m.st.View(func(v *meters.Snapshot) { oldCfg, _ = v.Value(configKey) })
	carried := m.d // the door openings an older state counted, moved to their counters
	if err := m.update(func(tx *meters.Tx) error {
		tx.Add(meters.PowerUps, 1)
		m.event(tx, meters.EvPowerUp, fmt.Sprintf("machine %s asset %d", m.cfg.MachineID, m.cfg.AssetNumber))
		if err := m.recordCurrency(tx); err != nil {
			return err
		}
		if carried.LogicDoorOpens != 0 || carried.BellyDoorOpens != 0 {
			if err := carryDoorCounts(tx, &carried); err != nil {
				return err
			}
			if err := tx.SetValue(durableKey, carried.marshal()); err != nil {
				return err
			}
		}
		if changed := settings.Changes(oldCfg, cfgJSON); changed != "" {
			m.event(tx, meters.EvConfigChange, changed)
			return tx.SetValue(configKey, cfgJSON)
		}
		return nil
	}); err != nil {
		return
	}
	m.d = carried
	m.currencyRecorded = true
	m.aftBoot()
	if inGame {
		m.resumed = &g
		m.resume(g)
	}
	if m.d.Cashout != nil {
		c := *m.d.Cashout
		m.emit(Output{Kind: OutCashoutRequest, Cashout: &c})
	}
}

// validate checks critical memory; a failure stops play.
func (m *Machine) validate() error {
	if err := m.st.Validate(); err != nil {
		m.memErr = err
		return err
	}
	return nil
}

// update commits fn. A failed write or a RAM error stops play (critical memory
// error); a commit refused for its content is a program error.
func (m *Machine) update(fn func(tx *meters.Tx) error) error {
	if m.st == nil {
		return fmt.Errorf("machine: critical memory is not open")
	}
	m.txEvents = m.txEvents[:0]
	err := m.st.Update(func(tx *meters.Tx) error {
		played, settled := tx.Meter(meters.GamesPlayed), settledGames(tx)
		if err := fn(tx); err != nil {
			return err
		}
		if m.hook == nil {
			return nil
		}
		return m.hook(linkTx{tx}, Commit{Events: m.txEvents, GameStarted: tx.Meter(meters.GamesPlayed) != played,
			GameEnded: settledGames(tx) != settled})
	})
	if err == nil {
		for _, e := range m.txEvents {
			m.emit(Output{Kind: OutEvent, Event: &e})
		}
		return nil
	}
	if serr := m.st.Err(); serr != nil {
		m.memErr = serr
		return err
	}
	if errors.Is(err, ErrRefused) {
		return err
	}
	m.programError(err)
	return err
}

// updateDurable is update for a commit that also changes the machine's own durable
// state: fn may change *d; *d is written in the same commit and becomes m.d once the
// commit is on disk.
func (m *Machine) updateDurable(d *durable, fn func(tx *meters.Tx) error) error {
	err := m.update(func(tx *meters.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return tx.SetValue(durableKey, d.marshal())
	})
	if err == nil {
		m.d = *d
	}
	return err
}

// programError tilts the machine for a bug: a commit refused for its content.
func (m *Machine) programError(cause error) {
	d := m.d
	d.Tilt = TiltProgram
	m.txEvents = m.txEvents[:0]
	if err := m.st.Update(func(tx *meters.Tx) error {
		m.event(tx, meters.EvTilt, TiltProgram+": "+cause.Error())
		return tx.SetValue(durableKey, d.marshal())
	}); err != nil {
		if m.st.Err() != nil {
			m.memErr = m.st.Err()
		}
	} else {
		for _, e := range m.txEvents {
			m.emit(Output{Kind: OutEvent, Event: &e})
		}
	}
	m.d.Tilt = TiltProgram
}

func (m *Machine) emit(o Output) { m.out = append(m.out, o) }

// event logs an event in tx; it goes out as OutEvent once the commit is durable.
func (m *Machine) event(tx *meters.Tx, kind meters.EventKind, detail string) {
	m.txEvents = append(m.txEvents, tx.Event(kind, m.clock.Now(), detail))
}

// Handle processes one input event. A refused input returns an error wrapping
// ErrRefused and changes nothing; other errors mean the machine has locked up
// (Status says how).
func (m *Machine) Handle(in Input) error {
	m.mu.Lock()
	err := m.handle(in)
	m.aftAfterInput()
	st := m.status()
	m.emit(Output{Kind: OutState, Status: &st})
	outs := m.out
	m.out = nil
	m.mu.Unlock()
	m.subs.deliver(outs)
	return err
}

func (m *Machine) handle(in Input) error {
	if m.closed {
		return refusal.Other("%s: the machine is closed", in.Kind)
	}
	if m.memErr != nil || m.st == nil {
		switch in.Kind {
		case InRAMClear:
			return m.ramClear(in.Who)
		case InAttendantKey:
			return m.reopen()
		}
		return refusal.InState(in.Kind.String(), RAMError, "critical memory error: "+fmt.Sprint(m.memErr))
	}
	if err := m.aftGate(in.Kind); err != nil {
		return err
	}
	switch in.Kind {
	case InSelectTitle, InSelectDenom, InSetBet, InBetUp, InBetDown, InNextDenom:
		return m.selectInput(in)
	case InMaxBet:
		return m.maxBet(in)
	case InSpin:
		return m.spin()
	case InStepShown:
		return m.stepShown(in.Step)
	case InTakeWin, InCollect:
		return m.takeWin()
	case InGambleRed, InGambleBlack:
		return m.gambleStep(in.Kind)
	case InCashout:
		return m.cashout("player")
	case InCashoutConfirmed:
		return m.cashoutConfirmed(in.CashoutID)
	case InCashoutFailed:
		return m.cashoutFailed(in.CashoutID)
	case InDeposit:
		return m.deposit(in.Wallet, in.Cents)
	case InAttendantKey:
		return m.attendantKey()
	case InDoorOpen, InDoorClose:
		return m.doorInput(in.Door, in.Kind == InDoorOpen, in.Detail)
	case InHostDisable, InHostEnable:
		return m.host(in.Kind == InHostDisable, in.Who)
	case InConfigure:
		return m.configure(in)
	case InOperatorAccess:
		return m.operatorAccess(in.Who, in.Detail)
	case InRAMClear:
		return refusal.Other("RAM clear: critical memory is good; a RAM clear is only for RAM ERROR")
	case InTick:
		return m.tick()
	case InJackpotAmount:
		return m.jackpotAmount(in)
	case InBonus:
		return m.bonus(in.Cents, in.Tax)
	case InTableDeal:
		return m.tableDeal(in)
	case InTableDecision:
		return m.tableDecision(in)
	case InReserve:
		return m.reserveStart(in.Who, in.Minutes)
	case InReserveEnd:
		return m.reserveEnd(reserve.EndStaff, in.Who)
	}
	return refusal.Other("unknown input %d", in.Kind)
}

// Commit describes one commit the machine is making, for a commit hook.
type Commit struct {
	Events      []meters.Event // the events this commit adds to the log
	GameStarted bool           // a game's bet and outcome are in it
	GameEnded   bool           // a game's settlement or void is in it
}

// OnCommit installs fn, called inside every commit the machine makes (after the
// machine's own changes, before the commit is written), so that another part of
// the machine (the floor link's exception queue) can add its state to the same
// atomic commit through l, which sets its own value only (LinkKey; CommitLink
// makes the link's own commits). fn must not call the Machine; an error from it
// refuses the commit, which tilts the machine with a program error.
func (m *Machine) OnCommit(fn func(l LinkSetter, c Commit) error) {
	m.mu.Lock()
	m.hook = fn
	m.mu.Unlock()
}

func settledGames(tx *meters.Tx) int64 {
	return tx.Meter(meters.GamesWon) + tx.Meter(meters.GamesLost) + tx.Meter(meters.GamesVoided)
}
