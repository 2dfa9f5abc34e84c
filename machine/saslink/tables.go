package saslink

import (
	"fmt"

	"egm/sas"
	"egm/tables/play"
)

// The table games on the link: games len(titles)+1 … len(titles)+5 (26..30 with
// the 25 titles), in play.IDs order, listed whether the configuration enables
// them or not (Enabled false), so that a game's number never changes with the
// operator's settings. Each is played at one denomination, the table's chip
// (play.Chip, 1 EUR), takes part in no progressive group (Group 0, Levels 0: the
// linked Grand, Major and mystery are the slots'), and reports its meters from its
// own per-game rows exactly as a title does.

// TableGameID is the SAS game id (1F/53) of every table game.
const TableGameID = "TG"

// tableSAS is one table game's fixed SAS description.
type tableSAS struct {
	initials string // the paytable id's first two characters
	// base is the main bet's theoretical return in hundredths of a percent, as
	// the 4 ASCII digits of 1F/53's base %: 100% less the main bet's exact house
	// edge from the game's sheet, rounded to the nearest hundredth (half up):
	// TestTableBasePercents holds each to the sheet.
	base string
	name string // B5's game name (at most 20 characters)
}

// tableGames are the table games' SAS descriptions, by game id. The main bet:
// roulette any bet (1/37), three card poker Ante and Play per Ante, punto banco
// the Banker with commission, blackjack the main game under basic strategy,
// Ultimate Texas Hold'em Ante, Blind and Play per Ante.
var tableGames = map[string]tableSAS{
	play.Roulette:   {"RO", "9730", "Roulette"},
	play.ThreeCard:  {"TC", "9663", "Three Card Poker"},
	play.PuntoBanco: {"PB", "9894", "Punto Banco"},
	play.Blackjack:  {"BJ", "9948", "Blackjack"},
	play.Holdem:     {"UT", "9782", "Ultimate Hold'em"},
}

// tableInfo is the SAS game info of table game id, numbered n.
func (b *Bridge) tableInfo(n int, id string) sas.GameInfo {
	t := tableGames[id]
	cfg, _ := b.m.TableLimits(id)
	// Max bet: the main bet's limit in chips (a round can stake more: side bets,
	// a double, a raise).
	maxBet := max(0, cfg.Max/play.Chip)
	return sas.GameInfo{Number: n, GameID: TableGameID, AdditionalID: fmt.Sprintf("%03d", n),
		DenomCents: play.Chip, MaxBet: int(maxBet), Group: 0, PaytableID: t.initials + t.base,
		BasePercent: t.base, Enabled: cfg.Enabled, Name: t.name, Denoms: []int64{play.Chip}, Levels: 0}
}

// gameID is the machine's id of SAS game n (1..len(titles): a title; then the
// table games in play.IDs order); ok false for a number the machine has not.
func (b *Bridge) gameID(n int) (string, bool) {
	ts := b.m.Titles()
	switch {
	case n >= 1 && n <= len(ts):
		return ts[n-1].Spec.ID, true
	case n > len(ts) && n <= len(ts)+len(play.IDs()):
		return play.IDs()[n-len(ts)-1], true
	}
	return "", false
}

// gameNumber is the SAS game number of the machine's game id (0: none).
func (b *Bridge) gameNumber(id string) int {
	ts := b.m.Titles()
	for i, t := range ts {
		if t.Spec.ID == id {
			return i + 1
		}
	}
	for i, g := range play.IDs() {
		if g == id {
			return len(ts) + i + 1
		}
	}
	return 0
}
