package floor

import (
	"fmt"
	"strings"
)

// A machine whose meters go backwards between two reads has lost or replaced its
// critical memory (a RAM clear, memory restored from an older copy, a machine
// swapped behind the same address): the floor's books no longer follow it. The
// floor keeps that as an exception of its own (Finding set, Code 0) in its
// exception log, beside the machine's, and says it in the cycle's report; it
// decides nothing else (the meters stored are the new ones, as read).

// metersBackwards names every meter of now below the same meter of before, or ""
// when none. wrap8 is a read of 8-digit meters (2F), where a meter past
// 99,999,999 rolls over to a small value: that is no step back.
func metersBackwards(before, now Meters, wrap8 bool) string {
	var out []string
	for _, m := range []struct {
		name     string
		was, got uint64
	}{
		{"coin_in", before.CoinIn, now.CoinIn}, {"coin_out", before.CoinOut, now.CoinOut},
		{"jackpot", before.Jackpot, now.Jackpot}, {"handpay", before.Handpay, now.Handpay},
		{"cancelled_credits", before.Cancelled, now.Cancelled}, {"games_played", before.GamesPlayed, now.GamesPlayed},
		{"games_won", before.GamesWon, now.GamesWon}, {"games_lost", before.GamesLost, now.GamesLost},
	} {
		if m.got >= m.was {
			continue
		}
		if wrap8 && m.was >= 90_000_000 && m.got < 10_000_000 {
			continue // the 8-digit field rolled over
		}
		out = append(out, fmt.Sprintf("%s %d → %d", m.name, m.was, m.got))
	}
	return strings.Join(out, ", ")
}

// backwardsFinding is the floor's exception for machine num's meters going
// backwards, or nil.
func backwardsFinding(num byte, before, now *MetersRecord, wrap8 bool) *Exception {
	what := metersBackwards(before.Meters, now.Meters, wrap8)
	if what == "" {
		return nil
	}
	return &Exception{Machine: num, Time: now.Time,
		Finding: fmt.Sprintf("meters went backwards since %s (%s): its critical memory was cleared, lost or replaced", before.Time.Format("2006-01-02 15:04:05"), what)}
}
