package tablescene

import (
	"errors"

	"egm/machine"
	"egm/rng"
	"egm/tables/play"
	"egm/ui/internal/kit"
)

// tableDealer deals a table scene's rounds: the machine in metered play
// (machineDealer), or the scene's own seeded rng with a demo balance in demo play
// (demoDealer). Both hand the scene a play.Round, which is all the scene draws:
// the deal, the decisions taken, the ones open (Round.Legal) and, once the player
// is done, the settlement. The scene never draws a card itself.
type tableDealer interface {
	Demo() bool
	Credit() int64
	Limits() play.Limits
	// Deal asks for a round of game with bets b; Decide for decision d of the
	// Round in progress; Shown reports the end of a round with no decision left
	// Shown (the machine settles it then).
	Deal(game string, b play.Bets)
	Decide(d play.Decision)
	Shown()
	// Round is the round dealt last (nil: none yet) and a number that changes
	// with every deal and decision; Refusals counts the inputs refused and
	// Refused words the last for the player.
	Round() (*play.Round, int)
	Refusals() int
	Refused() string
	// Busy: an input waits for the machine.
	Busy() bool
	// Lockup is the machine's lockup cover ("" none).
	Lockup() (title, detail string)
	// Pool is three card poker's progressive jackpot now, in minor units (the
	// machine's, kept in its critical memory; demo play's own).
	Pool() int64
}

// demoDealer deals from its own seeded rng with a demo balance: nothing reaches
// the meters. The round is played here (play.Deal, Round.Apply, Round.Settle),
// the balance refills when it runs low.
type demoDealer struct {
	src      rng.Source
	credit   int64
	r        *play.Round
	ver      int
	settled  bool
	refusals int
	refused  func() string // the last refusal's words, printed when drawn (nil: none)
	pool     int64         // the demo's progressive jackpot (0: not started, its seed)
}

func NewDemoDealer(seed uint64) *demoDealer {
	return &demoDealer{src: rng.NewSeeded(seed), credit: kit.DemoCreditNow()}
}

func (d *demoDealer) Demo() bool    { return true }
func (d *demoDealer) Credit() int64 { return d.credit }
func (d *demoDealer) Limits() play.Limits {
	l, x := play.DefaultLimits, kit.DemoScale() // in the profile's currency
	return play.Limits{Min: l.Min * x, Max: l.Max * x, SideMax: l.SideMax * x}
}
func (d *demoDealer) Round() (*play.Round, int) { return d.r, d.ver }
func (d *demoDealer) Refusals() int             { return d.refusals }
func (d *demoDealer) Refused() string {
	if d.refused == nil {
		return ""
	}
	return d.refused()
}
func (d *demoDealer) Busy() bool                     { return false }
func (d *demoDealer) Lockup() (title, detail string) { return "", "" }

func (d *demoDealer) refuse(words func() string) { d.refusals, d.refused = d.refusals+1, words }

func (d *demoDealer) Deal(game string, b play.Bets) {
	if d.r != nil && !d.r.Done() {
		d.refuse(TableNotNow)
		return
	}
	d.Shown() // the last round's returns, if its end was not reported
	if err := d.Limits().Check(game, b); err != nil {
		d.refuse(func() string { return BetLimitText(err) })
		return
	}
	if st := play.DealStake(game, b); 2*st > d.credit {
		d.credit = kit.DemoCreditNow() // the demo balance refills
	}
	r, err := play.Deal(d.src, game, b) // every card decided before the first is shown
	if err != nil {
		d.refuse(TableNotNow)
		return
	}
	d.progressive(r)
	d.credit -= play.DealStake(game, b)
	d.r, d.settled, d.refused = r, false, nil
	d.ver++
}

// Pool is the demo's progressive jackpot: the side bet's seed until a stake
// grows it.
func (d *demoDealer) Pool() int64 {
	if d.pool == 0 {
		side, _, _ := kit.TableProgressive()
		d.pool = side.Pool.Seed
	}
	return d.pool
}

// progressive moves the demo's jackpot as the machine moves its own: a round
// with the side bet's stake carries the jackpot with the stake's growth, and its
// top hand resets it to the seed.
func (d *demoDealer) progressive(r *play.Round) {
	stake := r.Bets.Spots[play.SpotProgressive]
	if stake == 0 || r.Game != play.ThreeCard {
		return
	}
	side, _, _ := kit.TableProgressive()
	growth, _ := side.Pool.Contribution()
	r.Pool = d.Pool() + growth
	d.pool = r.Pool
	deal, _, _ := r.ThreeCardDeal()
	if _, h := play.ProgressivePays(deal.Player, stake, r.Pool); side.Table.Pays[h].Pool {
		d.pool = side.Pool.Seed
	}
}

func (d *demoDealer) Decide(dec play.Decision) {
	if d.r == nil {
		return
	}
	add, err := d.r.Apply(dec)
	if err != nil {
		d.refuse(TableNotNow)
		return
	}
	d.credit -= add
	d.ver++
}

func (d *demoDealer) Shown() {
	if d.r == nil || !d.r.Done() || d.settled {
		return
	}
	if s, err := d.r.Settle(); err == nil {
		d.credit += s.Returned
	}
	d.settled = true
}

// BetLimitText words a bet outside the limits as the machine's refusal does.
func BetLimitText(err error) string {
	var le *play.LimitError
	if errors.As(err, &le) {
		return kit.Tr("tables.refused.limits", "Min", kit.PlayerMoney(le.Min), "Max", kit.PlayerMoney(le.Max))
	}
	return kit.Tr("tables.refused.bet")
}

// MachineDealer deals on the machine through the cabinet's session: DEAL is
// InTableDeal, a decision InTableDecision, the end shown InStepShown step 0; the
// Round is the machine's OutTable (or, after the screen's restart, the round
// rebuilt from critical memory).
type MachineDealer struct {
	S    tableSession
	game string
	lim  play.Limits
}

// NewMachineDealer reads the game's limits from the machine's configuration.
func NewMachineDealer(s tableSession, game string) *MachineDealer {
	lim := play.DefaultLimits
	cfg := s.Machine().Config()
	if tc := cfg.Tables.Of(game); tc != nil {
		lim = tc.Limits
	}
	return &MachineDealer{S: s, game: game, lim: lim}
}

func (d *MachineDealer) Demo() bool          { return false }
func (d *MachineDealer) Credit() int64       { return d.S.Status().CreditsCents }
func (d *MachineDealer) Limits() play.Limits { return d.lim }
func (d *MachineDealer) Busy() bool          { return d.S.Busy() }

func (d *MachineDealer) Deal(game string, b play.Bets) {
	_ = d.S.Input(machine.Input{Kind: machine.InTableDeal, Title: game, Table: &b})
}

func (d *MachineDealer) Decide(dec play.Decision) {
	_ = d.S.Input(machine.Input{Kind: machine.InTableDecision, Decision: dec})
}

func (d *MachineDealer) Shown() {
	_ = d.S.Input(machine.Input{Kind: machine.InStepShown, Step: 0})
}

func (d *MachineDealer) Round() (*play.Round, int) {
	t := d.S.TableState()
	return t.R, t.Ver
}

func (d *MachineDealer) Refusals() int   { return d.S.TableState().Refusals }
func (d *MachineDealer) Refused() string { return d.S.TableState().refusedText() }

func (d *MachineDealer) Pool() int64 { return d.S.Status().ProgressivePoolCents }

func (d *MachineDealer) Lockup() (title, detail string) {
	snap := d.S.Snapshot()
	return snap.Lockup, snap.LockupDetail
}

// TableNotNow is the refusal of a table input with no sentence of its own.
func TableNotNow() string { return kit.Tr("tables.refused.notnow") }
