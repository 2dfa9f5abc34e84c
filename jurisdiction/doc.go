// Package jurisdiction is the table of the machine's two jurisdictions: Estonia
// (EE, the default) and Kazakhstan (KZ). A profile sets what the two casinos'
// house rules (../shared/seeds) set differently: the currency, the players'
// languages and their default, the operator's language, the minimum age, the
// kinds of entry the wallet's register holds, the money limits in the profile's
// currency, and the table rules where the house rules differ.
//
// Where a seed is silent the profile carries an operator-set value and says so
// (Profile.OperatorSet names those fields): the tenge limits are the euro limits
// at 500 ₸ per euro, rounded to amounts a Kazakh hall uses, so that every ratio
// the certified math depends on (a jackpot reset in maximum bets, a bet in
// denominations) is the same in both currencies and the PAR sheets hold
// unchanged.
//
// It owns values only: no package of the machine is imported here, and the
// packages that enforce a value (machine, floor, tables) read it from the profile
// in force. The configuration names the profile ("jurisdiction": "EE"); keys
// set in the configuration override a profile's defaults and are checked at load
// by the package that owns them.
package jurisdiction
