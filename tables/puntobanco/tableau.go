package puntobanco

import (
	"errors"
	"fmt"
)

// The tableau, "Tabel (Tableau)": "Vajadusel (vastavalt tabelile) tõmmatakse
// lisakaardid mõlemale käele" (where the table says so, each hand draws one more
// card) and "Ei ole valikulisi tõmbeid" (there are no optional draws). The house
// rules' table itself did not survive: under the heading only its two column titles
// "MÄNGIJA KÄSI" and "PANKURI KÄSI" remain, and one line, "PANKUR PEAB SEISMA, KUI TAL
// ON 6 JA MÄNGIJAL ON 6 VÕI 7 ESMAJAGAMISEL" (the banker stands on 6 when the player
// has 6 or 7 on the first two cards). The rows below are the punto banco tableau, the
// only one with no optional draws; the surviving line is the row bankerPlayerStood[6]
// and TestTableauSurvivingLine holds it to the document's words.
//
// 'D' draws, 'S' stands. A natural (8 or 9 on two cards, in either hand) ends the
// coup before any draw.

// playerRule by the player's two-card total 0–7: draws on 0–5, stands on 6 and 7.
const playerRule = "DDDDDDSS"

// bankerPlayerStood by the banker's two-card total 0–7, when the player stood on two
// cards: draws on 0–5, stands on 6 and 7 (the surviving line).
const bankerPlayerStood = "DDDDDDSS"

// bankerRule[b][v]: the banker on two-card total b (0–7) when the player drew a third
// card of value v (0–9).
var bankerRule = [8]string{
	//0123456789  the player's third card
	"DDDDDDDDDD", // 0: draws
	"DDDDDDDDDD", // 1: draws
	"DDDDDDDDDD", // 2: draws
	"DDDDDDDDSD", // 3: draws unless the third card is an 8
	"SSDDDDDDSS", // 4: draws on 2–7
	"SSSSDDDDSS", // 5: draws on 4–7
	"SSSSSSDDSS", // 6: draws on 6–7
	"SSSSSSSSSS", // 7: stands
}

// PlayerDraws reports whether the player draws a third card on a two-card total p
// (0–9) when the banker holds b (0–9) on two cards.
func PlayerDraws(p, b int) bool {
	if natural(p) || natural(b) {
		return false
	}
	return playerRule[p] == 'D'
}

// BankerDraws reports whether the banker draws a third card on a two-card total b
// when the player holds p on two cards and drew third (its value 0–9) or stood
// (third < 0).
func BankerDraws(p, b, third int) bool {
	if natural(p) || natural(b) {
		return false
	}
	if third < 0 {
		return bankerPlayerStood[b] == 'D'
	}
	return bankerRule[b][third] == 'D'
}

func natural(t int) bool { return t >= 8 }

// Side is a coup's winner: the hand closer to nine ("Võidukäsi on see, mille
// kogusumma on lähim üheksale"), or a tie (Égalité).
type Side int

const (
	Tie Side = iota
	PlayerWins
	BankerWins
)

var sideNames = [...]string{"tie", "player", "banker"}

func (s Side) String() string {
	if s < 0 || int(s) >= len(sideNames) {
		return fmt.Sprintf("side(%d)", int(s))
	}
	return sideNames[s]
}

// Coup is the two hands of one coup, two or three cards each.
type Coup struct {
	Player, Banker [3]Card
	PlayerCards    int // 2 or 3
	BankerCards    int // 2 or 3
}

// total is the point total of cards: their values' sum, tens dropped.
func total(cs []Card) int {
	t := 0
	for _, c := range cs {
		t += c.Value()
	}
	return t % 10
}

// PlayerTotal is the player's final total 0–9.
func (c Coup) PlayerTotal() int { return total(c.Player[:c.PlayerCards]) }

// BankerTotal is the banker's final total 0–9.
func (c Coup) BankerTotal() int { return total(c.Banker[:c.BankerCards]) }

// Winner is the side whose total is closer to nine, or Tie.
func (c Coup) Winner() Side { return winner(c.PlayerTotal(), c.BankerTotal()) }

// winner is the side whose total, p the player's or b the banker's, is closer to nine.
func winner(p, b int) Side {
	switch {
	case p > b:
		return PlayerWins
	case b > p:
		return BankerWins
	}
	return Tie
}

// Cards is the number of cards the coup used (4–6).
func (c Coup) Cards() int { return c.PlayerCards + c.BankerCards }

// PlayerPair reports whether the player's first two cards are a pair (one rank).
func (c Coup) PlayerPair() bool { return c.Player[0].Rank() == c.Player[1].Rank() }

// BankerPair reports whether the banker's first two cards are a pair.
func (c Coup) BankerPair() bool { return c.Banker[0].Rank() == c.Banker[1].Rank() }

// Dealt is the coup's cards in the order they left the shoe.
func (c Coup) Dealt() []Card {
	d := []Card{c.Player[0], c.Banker[0], c.Player[1], c.Banker[1]}
	if c.PlayerCards == 3 {
		d = append(d, c.Player[2])
	}
	if c.BankerCards == 3 {
		d = append(d, c.Banker[2])
	}
	return d
}

// DealFrom deals one coup from cards in shoe order, "Kaartide Jagamine": "1. ja 3.
// kaart – MÄNGIJA käsi; 2. ja 4. kaart – PANKURI käsi" (the first and third card to
// the player, the second and fourth to the banker), then the player's third card if
// the tableau says so, then the banker's. It uses 4 to 6 cards from the front of cards.
func DealFrom(cards []Card) (Coup, error) {
	next := 0
	take := func() (Card, error) {
		if next >= len(cards) {
			return 0, errors.New("puntobanco: the cards ran out before the coup ended")
		}
		c := cards[next]
		next++
		if c > 51 {
			return 0, fmt.Errorf("puntobanco: no card %d", int(c))
		}
		return c, nil
	}
	var c Coup
	var err error
	for i := 0; i < 2; i++ {
		if c.Player[i], err = take(); err != nil {
			return Coup{}, err
		}
		if c.Banker[i], err = take(); err != nil {
			return Coup{}, err
		}
	}
	c.PlayerCards, c.BankerCards = 2, 2
	p, b := c.PlayerTotal(), c.BankerTotal()
	third := -1
	if PlayerDraws(p, b) {
		if c.Player[2], err = take(); err != nil {
			return Coup{}, err
		}
		c.PlayerCards = 3
		third = c.Player[2].Value()
	}
	if BankerDraws(p, b, third) {
		if c.Banker[2], err = take(); err != nil {
			return Coup{}, err
		}
		c.BankerCards = 3
	}
	return c, nil
}

// check verifies that c is a coup the tableau deals: its cards, dealt again in their
// order, give the same coup.
func (c Coup) check() error {
	if c.PlayerCards < 2 || c.PlayerCards > 3 || c.BankerCards < 2 || c.BankerCards > 3 {
		return fmt.Errorf("puntobanco: a coup of %d player and %d banker cards", c.PlayerCards, c.BankerCards)
	}
	dealt := c.Dealt()
	for _, x := range dealt {
		if x > 51 {
			return fmt.Errorf("puntobanco: no card %d", int(x))
		}
	}
	if d, err := DealFrom(dealt); err != nil || d != c.normal() {
		return fmt.Errorf("puntobanco: the tableau does not deal %v / %v", c.Player[:c.PlayerCards], c.Banker[:c.BankerCards])
	}
	return nil
}

// normal is c with the unused third-card slots zeroed.
func (c Coup) normal() Coup {
	if c.PlayerCards < 3 {
		c.Player[2] = 0
	}
	if c.BankerCards < 3 {
		c.Banker[2] = 0
	}
	return c
}
