package floor

import (
	"fmt"

	"egm/sas"
)

// GameLink is what a machine's extended game information (B5) says of one game's
// part in the progressive groups.
type GameLink struct {
	Game   int
	Group  byte   // its progressive group (0: none)
	Levels uint32 // the levels it takes part in, bit 0 = level 1
}

// Linked reports whether the game takes part in the floor's linked levels: in
// ProgressiveGroup with at least one level.
func (g GameLink) Linked() bool { return g.Group == ProgressiveGroup && g.Levels != 0 }

// GameCount reads the number of games the machine implements (long poll 51).
//
//	addr 51 → addr 51 count(2 BCD) CRC
func (p *Poller) GameCount() (int, error) {
	n, err := p.bcdPoll(0x51, 2)
	return int(n), err
}

// GameLinkOf reads game n's progressive group and levels with long poll B5
// (extended game information).
//
//	addr B5 game(2 BCD) CRC
//	→ addr B5 len game(2 BCD) max-bet(2 BCD) group(1) levels(4, LSB first) name-len name
//	  paytable-len paytable wager-categories(2 BCD) CRC
func (p *Poller) GameLinkOf(n int) (GameLink, error) {
	if n < 1 || n > 9999 {
		return GameLink{}, fmt.Errorf("floor: B5 of game %d: games are 1 to 9999", n)
	}
	r, err := p.Host.LongPoll(p.Addr, 0xB5, sas.AppendBCD(nil, uint64(n), 2), true)
	if err != nil {
		return GameLink{}, fmt.Errorf("floor: B5 to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0xB5)
	if err != nil {
		return GameLink{}, err
	}
	g, err := parseGameLink(data)
	if err != nil {
		return GameLink{}, fmt.Errorf("floor: B5 reply from machine %d: %w", p.Addr, err)
	}
	if g.Game != n {
		return GameLink{}, fmt.Errorf("floor: B5 reply from machine %d for game %d, asked game %d", p.Addr, g.Game, n)
	}
	return g, nil
}

// parseGameLink reads the game, group and levels of a B5 reply's data (len
// game(2) max-bet(2) group levels(4) …; the name and paytable after them are
// checked for length only).
func parseGameLink(data []byte) (GameLink, error) {
	if len(data) < 13 || int(data[0]) != len(data)-1 {
		return GameLink{}, fmt.Errorf("length byte disagrees with its data (% X)", data)
	}
	game, err := sas.ParseBCD(data[1:3])
	if err != nil {
		return GameLink{}, fmt.Errorf("game number: %w", err)
	}
	i := 10
	for range 2 { // name, paytable: a length and as many bytes
		if i >= len(data) || i+1+int(data[i]) > len(data) {
			return GameLink{}, fmt.Errorf("cut inside the name or paytable at byte %d", i)
		}
		i += 1 + int(data[i])
	}
	if i+2 != len(data) {
		return GameLink{}, fmt.Errorf("%d bytes after the paytable, want the 2 of the wager categories", len(data)-i)
	}
	return GameLink{Game: int(game), Group: data[5],
		Levels: uint32(data[6]) | uint32(data[7])<<8 | uint32(data[8])<<16 | uint32(data[9])<<24}, nil
}

// SelectedGame reads the game the player is on (long poll 55; 0: none).
//
//	addr 55 → addr 55 game(2 BCD) CRC
func (p *Poller) SelectedGame() (int, error) {
	n, err := p.bcdPoll(0x55, 2)
	return int(n), err
}
