package ui

import (
	"egm/ui/internal/kit"
	"egm/ui/internal/slotscene"
)

// bonusJackpotDemo shows a demo game of a title that funds the machine's own
// bonus jackpot: its amount and ceiling as the machine session gives them
// (machine.Status.BonusJackpot), here at 234.56 of a 500.00 ceiling at the
// Estonian scale.
type bonusJackpotDemo struct{ *slotscene.DemoSession }

func (b bonusJackpotDemo) Snapshot() kit.Snapshot {
	s := b.DemoSession.Snapshot()
	s.BonusJackpot, s.BonusJackpotCeiling = 23_456, 50_000
	return s
}
