package kit

import (
	"sync"

	"egm/help"
	"egm/locale"
	"egm/machine/bonusjp"
)

// The machine's own bonus jackpot's configuration, for the help pages of the
// titles that fund it: the machine session installs it (SetBonusJackpot); the
// demo and attract have none.
var bonusJackpot struct {
	mu  sync.Mutex
	cfg bonusjp.Config
}

// SetBonusJackpot installs the bonus jackpot the machine runs (the zero Config:
// none). It takes effect on help pages built after it.
func SetBonusJackpot(c bonusjp.Config) {
	bonusJackpot.mu.Lock()
	bonusJackpot.cfg = c
	bonusJackpot.mu.Unlock()
}

// withBonusJackpot adds the bonus jackpot's rule to a funding title's rules,
// before their general rules (the last feature).
func withBonusJackpot(r *Rules, id string, p *locale.Printer) {
	bonusJackpot.mu.Lock()
	c := bonusJackpot.cfg
	bonusJackpot.mu.Unlock()
	if !c.Funds(id) || len(r.Features) == 0 {
		return
	}
	f := help.BonusJackpot(p, c.RateBP, c.ResetCents, c.CeilingCents)
	n := len(r.Features)
	r.Features = append(r.Features[:n-1:n-1], f, r.Features[n-1])
}
