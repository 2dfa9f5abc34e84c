package ui

import (
	"encoding/json"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"egm/features/gamble"
	"egm/games/slot"
	"egm/locale"
	"egm/machine"
	"egm/machine/settings"
	"egm/ui/internal/kit"
	"egm/ui/internal/tablescene"
)

// machineSession is the Session of metered play: it shows the machine's Status and
// the outcome of its game in progress, and queues the player's inputs to one
// goroutine that hands them to the machine in order (Handle commits to critical
// memory, so it never runs on the frame loop).
type machineSession struct {
	m      kit.Platform
	titles map[string]*slot.Title
	queue  chan queued
	busy   atomic.Int64 // inputs queued and not yet handled
	stop   chan struct{}
	done   chan struct{}

	mu         sync.Mutex
	levels     func() (grand, major, mystery int64, ok bool) // the floor's broadcasts; nil: reset values
	st         machine.Status
	game       uint64        // the game the outcome belongs to
	outcome    *slot.Outcome // its decoded outcome
	gameTitle  string        // its title
	pending    *slot.Outcome // an OutPresent outcome not yet bound to its game number
	round      *gamble.Round // the gamble in play (GambleOffered)
	history    []gamble.Card
	gambleOpen bool   // the player pressed GAMBLE
	selecting  string // a title chosen in the lobby, not yet handled by the machine
	msg        playerLine
	noCredit   func() string // the status line when the credits do not cover the bet
	logged     string        // the last refusal of a tick or step logged
	stSeq      uint64        // counts the statuses received (st)
	texts      snapTexts
	table      tablescene.TableSeen // the table round the machine deals (table_session.go)
}

// playerLine is a status line kept as what it says: the screen words it in the
// player's language when it takes a Snapshot (on the screen's goroutine: the
// session's own never prints a message). Its zero value is no line.
type playerLine struct {
	seq  uint64 // counts the lines set, so that the words are kept per line
	err  error  // a refused input: its message (refusalText)
	busy bool   // the machine has more inputs waiting than it takes
	id   string // a fixed line of the play catalogue
	text string // a line already worded (SetMessage)
}

func (l playerLine) empty() bool { return l.err == nil && !l.busy && l.id == "" && l.text == "" }

// words is the line in the player's language.
func (l playerLine) words() string {
	switch {
	case l.err != nil:
		return kit.RefusalText(l.err)
	case l.busy:
		return kit.BusyText()
	case l.id != "":
		return kit.Tr(l.id)
	}
	return l.text
}

// snapTexts are the words of a Snapshot made from the Status and the status line,
// made when the status, the line or the player's language changes rather than on
// every frame that takes a Snapshot.
type snapTexts struct {
	lang                                                         locale.Lang
	stSeq, msgSeq                                                uint64
	made                                                         bool
	bonus, cashout, lockup, lockupDetail, refused, noCredit, msg string
}

// textsOf words the status for the player (player_text.go).
func textsOf(st machine.Status) snapTexts {
	t := snapTexts{lang: kit.PlayerLang(), made: true}
	if st.BonusCents > 0 {
		t.bonus = kit.BonusText(st.BonusCents)
	}
	if st.Cashout != nil {
		t.cashout = kit.CashoutText(st.Cashout.Cents)
	}
	t.lockup, t.lockupDetail = kit.LockupWords(st)
	if st.WalletRefused != "" {
		t.refused = kit.WalletRefusedText()
	}
	return t
}

// wordsNow are the snapshot's words in the player's language now (s.mu held).
func (s *machineSession) wordsNow() snapTexts {
	if t := s.texts; t.made && t.lang == kit.PlayerLang() && t.stSeq == s.stSeq && t.msgSeq == s.msg.seq {
		return t
	}
	t := textsOf(s.st)
	t.stSeq, t.msgSeq = s.stSeq, s.msg.seq
	t.msg = s.msg.words()
	if s.noCredit != nil {
		t.noCredit = s.noCredit()
	} else {
		t.noCredit = kit.Tr("play.status.insert_credits")
	}
	s.texts = t
	return t
}

// say sets the status line (s.mu held).
func (s *machineSession) say(l playerLine) {
	l.seq = s.msg.seq + 1
	s.msg = l
}

// queued is one input for the machine; done, when set, is closed once it is handled
// (an input of kind 0 only waits for the inputs before it).
type queued struct {
	in      machine.Input
	done    chan struct{}
	res     chan error // Request: the machine's answer
	counted bool       // counted in busy
}

// queueLen bounds the inputs waiting for the machine; more are refused as busy.
const queueLen = 256

// tickEvery is how often the session sends the machine InTick (idle cash-out).
const tickEvery = time.Second

// installMachineRules gives the help pages what the machine runs beside its
// titles: the bonus jackpot (the funding titles' pages) and three card poker's
// progressive side bet (the table's sign and rules), in the machine's currency.
func installMachineRules(cfg settings.Config) {
	kit.SetBonusJackpot(cfg.BonusJackpot)
	cur := kit.ScreenLang.Profile.Currency
	if p, err := cfg.Profile(); err == nil {
		cur = p.Currency
	}
	pc := cfg.Tables.Progressive
	kit.SetTableProgressive(pc.Enabled && cfg.Tables.ThreeCard.Enabled, pc.Side(cur))
}

// newMachineSession subscribes to m's outputs and starts the goroutine that hands it
// inputs; it sends InTick at once so the boot's outputs (a resumed game's step)
// arrive. titles are the titles the machine offers (m.Titles()). Close stops it.
func newMachineSession(m kit.Platform, titles []*slot.Title) *machineSession {
	s := &machineSession{m: m, titles: map[string]*slot.Title{}, queue: make(chan queued, queueLen),
		stop: make(chan struct{}), done: make(chan struct{}), st: m.Status()}
	for _, t := range titles {
		s.titles[t.Spec.ID] = t
	}
	installMachineRules(m.Config())
	m.Subscribe(s.output)
	go s.run()
	s.Input(machine.Input{Kind: machine.InTick})
	return s
}

// SetLevels makes the jackpot meters show the linked levels the floor broadcasts
// (fn reports ok false while none arrive); without it they show the reset values.
func (s *machineSession) SetLevels(fn func() (grand, major, mystery int64, ok bool)) {
	s.mu.Lock()
	s.levels = fn
	kit.SetLinkedLevels(fn) // attract shows them too
	s.mu.Unlock()
}

// Close stops the session's goroutine after the inputs already queued.
func (s *machineSession) Close() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.done
}

func (s *machineSession) run() {
	defer close(s.done)
	tick := time.NewTicker(tickEvery)
	defer tick.Stop()
	for {
		select {
		case q := <-s.queue:
			s.handle(q)
		case <-tick.C:
			s.handle(queued{in: machine.Input{Kind: machine.InTick}})
		case <-s.stop:
			for {
				select {
				case q := <-s.queue:
					s.handle(q)
				default:
					return
				}
			}
		}
	}
}

func (s *machineSession) handle(q queued) {
	if q.counted {
		defer s.busy.Add(-1)
	}
	var err error
	if q.in.Kind != 0 {
		err = s.m.Handle(q.in)
		s.mu.Lock()
		s.tableAnswer(q.in.Kind, err)
		if q.in.Kind == machine.InSelectTitle && s.selecting == q.in.Title {
			s.selecting = ""
		}
		switch {
		case err == nil:
			if q.in.Kind != machine.InTick && q.in.Kind != machine.InStepShown && !s.msg.empty() {
				s.say(playerLine{})
			}
		case q.in.Kind == machine.InStepShown || q.in.Kind == machine.InTick:
			if msg := err.Error(); msg != s.logged { // a lockup refuses every tick: said once
				s.logged = msg
				log.Printf("ui: machine session: %s: %v", q.in.Kind, err)
			}
		default:
			log.Printf("ui: machine session: %s: %v", q.in.Kind, err) // the engineers' detail
			s.say(playerLine{err: err})                               // the player's words, at the next Snapshot (player_text.go)
		}
		s.mu.Unlock()
	}
	if q.res != nil {
		q.res <- err
	}
	if q.done != nil {
		close(q.done)
	}
}

// output receives the machine's outputs (on the session's goroutine, outside the
// machine's lock).
func (s *machineSession) output(o machine.Output) {
	switch o.Kind {
	case machine.OutTable:
		s.tableOutput(o.Outcome)
	case machine.OutPresent:
		if isTableRound(o.Outcome) { // a table round in progress, given to a new subscriber
			s.tableOutput(o.Outcome)
			return
		}
		out := new(slot.Outcome)
		if err := json.Unmarshal(o.Outcome, out); err != nil {
			log.Printf("ui: machine session: outcome: %v", err)
			return
		}
		s.mu.Lock()
		s.pending = out
		s.mu.Unlock()
	case machine.OutGambleStep: // the card drawn, also when it ends the round
		var gd struct {
			History gamble.History `json:"history"`
		}
		if err := json.Unmarshal(o.Gamble, &gd); err != nil {
			log.Printf("ui: machine session: gamble step: %v", err)
			return
		}
		s.mu.Lock()
		s.history = gd.History.Cards
		s.mu.Unlock()
	case machine.OutState:
		st := *o.Status
		var round *gamble.Round
		var hist []gamble.Card
		if st.State == machine.GambleOffered {
			if r, h, err := s.m.GambleHistory(); err == nil {
				round, hist = &r, h.Cards
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.st = st
		s.stSeq++
		if s.pending != nil && st.Game != 0 {
			if st.Game != s.game {
				s.game, s.outcome, s.gameTitle = st.Game, s.pending, st.Title
			}
			s.pending = nil
		}
		s.round = round
		if hist != nil {
			s.history = hist
		}
		if st.State != machine.GambleOffered {
			s.gambleOpen = false
		}
	}
}

// Snapshot implements Session.
func (s *machineSession) Snapshot() kit.Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	words := s.wordsNow()
	if s.selecting != "" { // the lobby's choice, until the machine has it
		st.Title = s.selecting
	}
	snap := kit.Snapshot{
		Title: s.titles[st.Title], Credit: st.CreditsCents, Denom: st.DenomCents,
		Bet:  slot.Bet{LineCents: st.BetPerLine * st.DenomCents, Lines: st.Lines},
		Game: s.game, Grand: kit.GrandReset(), Major: kit.MajorReset(),
		Message: words.msg, GambleHistory: s.history,
	}
	if _, hi, ok := slot.BetRange(st.Lines, st.DenomCents); ok { // the machine's rule (its betRange)
		snap.MaxBet = hi * st.DenomCents * int64(st.Lines)
	}
	if s.levels != nil { // linked levels from the floor: "—" while none arrive (exception 53)
		snap.Grand, snap.Major, snap.Mystery = 0, 0, 0
		if g, mj, my, ok := s.levels(); ok {
			snap.Grand, snap.Major, snap.Mystery = g, mj, my
		}
	}
	if b := st.BonusJackpot; b != nil {
		snap.BonusJackpot, snap.BonusJackpotCeiling = b.Cents, b.CeilingCents
	}
	if s.outcome != nil && s.gameTitle == st.Title {
		snap.Outcome = s.outcome
		snap.Step = machine.Steps(s.outcome) // a settled game: every step shown
		if st.Game == s.game {
			snap.Step = st.Step
		}
	}
	if st.WalletRefused != "" && snap.Message == "" {
		snap.Message = words.refused
	}
	if st.BonusCents > 0 && snap.Message == "" {
		snap.Message = words.bonus
	}
	switch st.State {
	case machine.Idle:
		snap.CanSpin = st.CreditsCents >= st.BetCents
		snap.CanCashOut = st.CreditsCents > 0
		if st.CreditsCents < st.BetCents && snap.Message == "" {
			snap.Message = words.noCredit
		}
	case machine.GameInProgress:
		snap.CanSpin = true // SPIN shows the result at once
		snap.Win = st.WinCents
	case machine.GambleOffered:
		snap.Win = st.GambleCents
		snap.CanSpin, snap.CanTakeWin, snap.CanGamble = true, true, !s.gambleOpen
		if s.gambleOpen && s.round != nil {
			snap.Gamble = s.round
		}
	case machine.CashoutPending:
		if st.Cashout != nil {
			snap.Message = words.cashout
		}
	default: // a lockup: handpay, jackpot, door, disabled, tilt, RAM error
		snap.Lockup, snap.LockupDetail = words.lockup, words.lockupDetail
	}
	snap.Alarm = alarmState(st.State)
	return snap
}

// alarmState reports whether the machine's state calls the attendant, so that the
// alarm sounds.
func alarmState(s machine.State) bool {
	switch s {
	case machine.HandpayLockup, machine.DoorOpen, machine.Tilt, machine.RAMError:
		return true
	}
	return false
}

// Send implements Session: it maps the screen's input to the machine's and queues
// it; it never waits for the machine and never asks it anything (it runs on the
// frame loop, and the machine may be across the platform's socket): the machine
// works out every selection.
func (s *machineSession) Send(e kit.Event) error {
	s.mu.Lock()
	st, game := s.st, s.game
	s.mu.Unlock()
	in := machine.Input{}
	switch e.Input {
	case kit.InputSpin, kit.InputMaxBet:
		if st.State == machine.GambleOffered { // SPIN takes the win first
			s.Input(machine.Input{Kind: machine.InTakeWin})
		}
		in.Kind = machine.InSpin
		if e.Input == kit.InputMaxBet {
			in.Kind = machine.InMaxBet
		}
	case kit.InputBetUp: // the machine works out the next bet or denomination
		in.Kind = machine.InBetUp
	case kit.InputBetDown:
		in.Kind = machine.InBetDown
	case kit.InputDenom:
		in.Kind = machine.InNextDenom
	case kit.InputTakeWin:
		in.Kind = machine.InTakeWin
	case kit.InputCollect:
		in.Kind = machine.InCollect
	case kit.InputGamble:
		s.mu.Lock()
		if s.st.State == machine.GambleOffered {
			s.gambleOpen = true
		} else {
			s.say(playerLine{id: "play.status.nothing_to_gamble"})
		}
		s.mu.Unlock()
		return nil
	case kit.InputGambleRed:
		in.Kind = machine.InGambleRed
	case kit.InputGambleBlack:
		in.Kind = machine.InGambleBlack
	case kit.InputCashOut:
		in.Kind = machine.InCashout
	case kit.InputPresented:
		if e.Game != game {
			return nil // a game the machine has moved past
		}
		in = machine.Input{Kind: machine.InStepShown, Step: e.Step}
	default:
		return fmt.Errorf("ui: machine session: unknown input %d", e.Input)
	}
	if err := s.Input(in); err != nil {
		log.Print(err) // the status line says BUSY; the frame loop goes on
	}
	return nil
}

// SetNoCreditMessage sets the status line shown when the credits do not cover the
// bet (how to put money in): words is called on the screen's goroutine, whenever
// the line is worded again (a language change).
func (s *machineSession) SetNoCreditMessage(words func() string) {
	s.mu.Lock()
	s.noCredit = words
	s.say(s.msg) // words the line again
	s.mu.Unlock()
}

// SetMessage sets the status line until the next input the machine accepts (msg
// already worded for the player).
func (s *machineSession) SetMessage(msg string) {
	s.mu.Lock()
	s.say(playerLine{text: msg})
	s.mu.Unlock()
}

// SelectTitle asks the machine for title id (the lobby's choice).
func (s *machineSession) SelectTitle(id string) error {
	s.mu.Lock()
	s.selecting = id
	s.mu.Unlock()
	return s.Input(machine.Input{Kind: machine.InSelectTitle, Title: id})
}

// Input queues any machine input (the attendant's keys, a deposit of the test
// wallet); it never waits for the machine.
func (s *machineSession) Input(in machine.Input) error {
	s.busy.Add(1)
	select {
	case s.queue <- queued{in: in, counted: true}:
		return nil
	default:
		s.busy.Add(-1)
		s.mu.Lock()
		s.say(playerLine{busy: true})
		s.mu.Unlock()
		return fmt.Errorf("ui: machine session: %d inputs waiting: %s dropped", queueLen, in.Kind)
	}
}

// Request queues a machine input for the operator menu and returns where its
// answer arrives (nil or the machine's refusal); it never waits for the machine.
func (s *machineSession) Request(in machine.Input) <-chan error {
	res := make(chan error, 1)
	select {
	case s.queue <- queued{in: in, res: res}:
	default:
		res <- fmt.Errorf("ui: machine session: %d inputs waiting: %s dropped", queueLen, in.Kind)
	}
	return res
}

// Machine is the machine the session plays on (the operator menu reads its
// configuration and critical memory).
func (s *machineSession) Machine() kit.Platform { return s.m }

// Busy reports whether inputs wait for the machine.
func (s *machineSession) Busy() bool { return s.busy.Load() > 0 }

// Flush waits until the machine has handled every input queued before it.
func (s *machineSession) Flush() {
	q := queued{done: make(chan struct{})}
	select {
	case s.queue <- q:
		<-q.done
	case <-s.done:
	}
}
