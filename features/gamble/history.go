package gamble

// HistoryLen is the number of cards the screen shows.
const HistoryLen = 8

// History holds the last cards drawn, newest first, for the screen. It outlives a
// round (the machine keeps one per title and stores it with the game state).
type History struct {
	Cards []Card `json:"cards"`
}

// Add puts c in front and drops the oldest card beyond HistoryLen.
func (h *History) Add(c Card) {
	h.Cards = append(h.Cards, Card{})
	copy(h.Cards[1:], h.Cards)
	h.Cards[0] = c
	if len(h.Cards) > HistoryLen {
		h.Cards = h.Cards[:HistoryLen]
	}
}
