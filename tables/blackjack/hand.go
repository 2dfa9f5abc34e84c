package blackjack

// Value is a hand's blackjack total: the sum of Points, plus 10 when the hand holds an
// ace and the 10 keeps it at 21 or under (the hand is then soft). "Ässad loetakse
// väärtuseks 1 või 11"; for the dealer "Esimene äss loetakse 11, kui see ei põhjusta
// tulemuse ületamist üle 21; kõik järgnevad ässad loetakse väärtuseks 1" — only one ace
// can ever count 11, so this is the rule for both.
func Value(cards []Card) (total int, soft bool) {
	ace := false
	for _, c := range cards {
		total += Points(c)
		if Points(c) == 1 {
			ace = true
		}
	}
	if ace && total+10 <= 21 {
		return total + 10, true
	}
	return total, false
}

// Busted reports a total over 21 ("Kui ületad 21 punkti, kaotad sa automaatselt").
func Busted(cards []Card) bool {
	t, _ := Value(cards)
	return t > 21
}

// IsBlackjack reports an ace and a ten-valued card as a hand's first two cards ("äss +
// kümme või pildikaart"). A hand made by splitting is never a blackjack ("Kui jagamise
// järel tekib äss ja 10 … loetakse see 21-ks, kuid mitte Blackjackiks"): the caller
// says whether the hand came from a split.
func IsBlackjack(cards []Card, fromSplit bool) bool {
	if fromSplit || len(cards) != 2 {
		return false
	}
	t, _ := Value(cards)
	return t == 21
}

// DealerDraws reports whether the dealer must take another card: "Diiler peab võtma
// kaarte, kui tal on 16 või vähem, ja peab jääma pidama 17 või rohkem punktiga", the
// first ace counting 11 when it does not bust the hand — so the dealer stands on every
// 17, soft 17 included. hitSoft17 is the other common rule, kept for the
// analysis's cross-checks; the house's Rules have it false.
func DealerDraws(cards []Card, hitSoft17 bool) bool {
	t, soft := Value(cards)
	return t < 17 || (hitSoft17 && soft && t == 17)
}
