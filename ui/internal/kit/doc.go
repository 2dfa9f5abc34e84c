// Package kit is what every scene of the screen shares below the scenes
// themselves:
//
//   - the session contract (session.go): Session, the Snapshot a scene draws,
//     the Event and Input a scene sends, and the floor's linked jackpot levels
//     over any session (jackpot_levels.go, LinkedSession);
//   - the screen's two languages (lang.go: the player's, chosen with the language
//     button, lang_button.go, and the operator's, the configuration's; Tr, TrN,
//     OpTr, OpTrN) and the profile in force (SetJurisdiction);
//   - amounts in the player's and the operator's currency (money.go) and the
//     once-per-value caches of formatted amounts and captions (memo.go);
//   - the words a player reads for a refusal, a lockup, a cash-out or a bonus
//     (player_text.go), and the operator menu's text drawn from cached images
//     (operator_text.go);
//   - the keys typed between two frames (typed.go);
//   - a title's rules in the player's language (rules_alias.go, rulescache.go,
//     from package help).
//
// It must not touch a scene, the scene manager or the machine: it imports
// neither egm/ui nor any scene package, and never changes money or critical
// memory. Its language state belongs to the one goroutine that runs Update and
// Draw. Drawing goes through egm/ui/internal/paint.
package kit
