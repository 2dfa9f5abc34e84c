package floor

import (
	"errors"
	"fmt"
	"time"

	"egm/jackpot"
	"egm/jurisdiction"
	"egm/money"
)

// Options are a floor's settings as `egm-floor run` takes them (its errors name
// the program's flags). Validate checks them whole before anything is dialled or
// opened.
type Options struct {
	Connects      []string      // the machines' links: [ADDR=]tcp:HOST:PORT or pty:PATH
	DB            string        // the floor database: bbolt:PATH, PATH or postgres://… (ParseDB; "": not checked)
	FirstAddr     int           // the SAS address of the first machine (1..127)
	Once          bool          // one look at the first machine, then stop
	Interval      time.Duration // between poll cycles (at least 10 ms)
	Currency      string        // the floor's currency, ISO 4217
	MysteryWindow string        // a new jackpot database's mystery window MIN:MAX ("": the profile's)
	Wallet        bool          // the cashless wallet runs in the floor
	Control       string        // with Wallet: the control endpoint (loopback or unix:PATH)
	RecoverEvery  time.Duration // with Wallet: how often pending transfers are asked again
	Enable        bool          // send enable (02) first
	Disable       bool          // send disable (01) first
}

// Plan is what valid Options make: the currency and its jurisdiction, the linked
// levels for a new jackpot database and the machines (not yet dialled).
type Plan struct {
	Currency money.Currency
	Profile  jurisdiction.Profile
	Levels   []jackpot.LevelConfig
	Machines []*Machine
}

// ErrOptions is wrapped by every error of Validate.
var ErrOptions = errors.New("floor: options")

// Validate checks o and returns the plan it makes, or an error that says which
// setting is wrong and wraps ErrOptions (and the parser's own error, where one
// refused it: ErrControlAddr, a link's).
func (o Options) Validate() (Plan, error) {
	bad := func(format string, a ...any) (Plan, error) {
		return Plan{}, fmt.Errorf("%w: %s", ErrOptions, fmt.Sprintf(format, a...))
	}
	switch {
	case o.FirstAddr < 1 || o.FirstAddr > 127:
		return bad("--addr must be 1..127, not %d", o.FirstAddr)
	case o.Enable && o.Disable:
		return bad("--enable and --disable exclude each other")
	case o.Interval < 10*time.Millisecond:
		return bad("--interval must be at least 10ms")
	case o.Control != "" && !o.Wallet:
		return bad("--control needs --wallet")
	case o.Wallet && o.Once:
		return bad("--wallet runs with the polling loop, not --once")
	case o.RecoverEvery <= 0:
		return bad("--recover-every must be positive")
	case len(o.Connects) == 0:
		return bad("--connect is required: want tcp:HOST:PORT or pty:PATH")
	}
	var p Plan
	var err error
	wrap := func(err error) (Plan, error) { return Plan{}, fmt.Errorf("%w: %w", ErrOptions, err) }
	if o.DB != "" {
		if _, _, err := ParseDB(o.DB); err != nil {
			return wrap(err)
		}
	}
	if p.Currency, err = money.ByCode(o.Currency); err != nil {
		return wrap(err)
	}
	if p.Profile, err = profileOf(p.Currency); err != nil {
		return wrap(err)
	}
	if p.Levels, err = MysteryWindowIn(o.MysteryWindow, p.Profile); err != nil {
		return wrap(err)
	}
	if o.Control != "" {
		if _, _, err := ControlNetwork(o.Control); err != nil {
			return wrap(err)
		}
	}
	if p.Machines, err = ParseMachines(o.Connects, o.FirstAddr); err != nil {
		return wrap(err)
	}
	for _, m := range p.Machines {
		m.Currency = p.Currency
	}
	if o.Once {
		p.Machines = p.Machines[:1]
	}
	return p, nil
}

// profileOf is the jurisdiction profile that counts in c: a floor in tenge runs
// the Kazakh jackpot levels.
func profileOf(c money.Currency) (jurisdiction.Profile, error) {
	for _, code := range jurisdiction.Codes() {
		if p, err := jurisdiction.ByCode(code); err == nil && p.Currency == c {
			return p, nil
		}
	}
	return jurisdiction.Profile{}, fmt.Errorf("floor: no jurisdiction counts in %s", c.Code)
}
