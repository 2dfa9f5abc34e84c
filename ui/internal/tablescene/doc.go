// Package tablescene is the table games' scenes: roulette (the wheel, the layout
// and the race track drawn from package roulette's wheel order and bets), three
// card poker, punto banco, blackjack and Ultimate Texas Hold'em. Each draws one
// play.Round: the deal, the decisions taken, the open ones as buttons (exactly
// Round.Legal, each with the stake it adds), the end of the hand animated and
// then reported shown. What the scenes share is table_core.go (the round
// followed, the decision buttons, LOBBY, HELP, the meters, the refusal and the
// lockup cover); the words on the cloth are table_words.go's, the rules page
// table_help.go's (help.TableRules), a script's table commands table_script.go's.
//
// Where the round comes from is the scene's dealer (table_dealer.go): in metered
// play the machine (DEAL is InTableDeal with the bets placed, a decision
// InTableDecision, the end shown InStepShown step 0; the round is the machine's
// OutTable as the cabinet's session keeps it, TableSeen; a refusal shows its
// player sentence); in demo play the scene's own seeded rng with a demo balance,
// the round dealt and played by play.Deal, Apply and Settle.
//
// Three card poker's progressive jackpot side bet (threecard_progressive.go) is
// offered where kit.TableProgressive says (the machine's configuration, which the
// cabinet's session installs; demo play: the profile's shipped one): a JACKPOT
// circle and button (off until the player turns it on), and a sign with the
// jackpot now — the dealer's Pool: the machine's, from its status, or the demo's
// own, moved as the machine moves its pool — and what each hand wins on the
// fixed stake. The rules' pages add its rule and its bet row (buildTableRules,
// help.ThreeCardProgressive).
//
// It never decides a round the machine deals, never changes money and never
// touches critical memory.
package tablescene
