// Package ui is the cabinet's screen: the Ebiten scenes (attract, lobby, play, help),
// the art drawn by code for every title, the presentation timeline of a decided
// game, and the player's rules pages (on screen and as HTML, R-HELP-1/2).
//
// # What it owns
//
//   - Scenes behind a small interface and a manager (scene.go): Update
//     decides what is shown next, Draw only draws.
//
//   - The presentation of one decided slot.Outcome (timeline.go): when each reel
//     stops, the win counted up, every free game, every Lock & Spin respin with its
//     counter (3-2-1, back to 3 when a symbol lands). The timeline is pure data so
//     tests run without a window.
//
//   - The rules of a title: package help's (rules_alias.go), generated from the
//     title's Spec and PAR sheet so that they can never disagree with the math,
//     built in the player's language (rulescache.go) and drawn by help.go.
//
//   - The gamble's table, cards and buttons (gamble.go) and the lockup cover
//     (play.go), drawn from the Snapshot.
//
//   - The player's and the operator's languages (lang.go, lang_button.go,
//     lang_session.go): every text a player reads is tr/trN of a catalogue id
//     (package locale; areas play, tables, rules) and every amount playerMoney
//     (money.go), worded at draw time so the language button changes the next
//     frame; the operator menu prints with opTr/opMoney in the configuration's
//     language. The player's choice ends with the session (a cash-out that
//     leaves no credit). The font is Noto Sans with the Go fonts behind it
//     (font.go). Demo play and the screenshot rigs play in the profile's
//     currency (demoScale).
//
//   - A demo session (demo.go) that plays titles and gambles with a seeded rng for
//     the attract mode and for `egm demo`: demo play is not metered play.
//
//   - The table games' scenes: roulette (roulette.go: the wheel, the layout and
//     the race track drawn from package roulette's wheel order and bets), three
//     card poker (threecard.go), punto banco (puntobanco.go), blackjack
//     (blackjack.go) and Ultimate Texas Hold'em (uth.go). Each draws one
//     play.Round: the deal, the decisions taken, the open ones as buttons
//     (exactly Round.Legal, each with the stake it adds in euros), the end of the
//     hand animated (the ball landing, the dealer's cards, each bet's result)
//     and then reported shown. Where the round comes from is its tableDealer
//     (table_dealer.go): in metered play the machine (DEAL is InTableDeal with
//     the bets placed, a decision InTableDecision, the end shown InStepShown
//     step 0; the round is the machine's OutTable, kept by the session,
//     table_session.go; the chips and bets respect the game's limits from
//     Config().Tables; a refusal shows its player sentence; the credit is the
//     machine's); in demo play (attract, `egm-screen demo --scene GAME`) the
//     scene's own seeded rng with a demo balance, the round dealt and played by
//     play.Deal, Apply and Settle. What the scenes share is table_core.go
//     (the round followed, the decision buttons, LOBBY, HELP, the meters, the
//     refusal and the lockup cover). The lobby has a page of the table games
//     the machine deals (lobby_tables.go, TABLE GAMES / Tab); choosing one
//     leaves the machine's slot title as it was, and LOBBY (Esc) goes back
//     between hands. A screen started or restarted mid-hand opens the hand's
//     table with the round rebuilt from critical memory (machine.TableRound
//     over Platform.View; table_open.go) and carries on from where it stood.
//     Left alone in demo play a table plays the house strategy; its HELP button
//     opens the game's rules (table_help.go, from help.TableRules).
//
//   - The cashless wallet's QR panel (cashless.go, qr_codes.go): over any scene of
//     the cabinet, the cash-in code while the machine is idle with no credits (or
//     on F3) and the cash-out code while a cash-out waits for the wallet, with the
//     amount, the machine's asset number and id and the code's countdown. The codes
//     come through WalletCodes, set by cmd/egm (a wallet.Presenter over the
//     machine's code issuer): the screen never holds the machine's key. A code is
//     fetched off the frame loop (issuing it is a commit) and again 10 s before it
//     expires. F2 stays the development test wallet's deposit. In the last two
//     minutes before the idle cash-out (R-CASH-6) a banner counts down to the
//     balance's return to the wallet.
//
//   - What the player reads (player_text.go): a refusal's sentence from the
//     machine, the words of every lockup, the status lines of a cash-out, a bonus,
//     how to put money in (the development keys F2/F3 only with CabinetOptions.Dev),
//     all in euros and plain words; the engineers' detail goes to the log and the
//     operator menu. The status line is a box left of the QR panel
//     (status_line.go). The attract mode of a metered cabinet shows the player's
//     own credit and no demo amounts (attract_money.go); the lobby shows the
//     credit. The attract mode's rotation puts the table games between the titles
//     (attract_tables.go): each scene plays a hand by itself in demo play under a
//     caption; on a metered cabinet the attract bar covers its demo meters and the
//     hand's last frame before the settlement stays, so no demo amount shows. TestPlayerTexts measures every such text in its box at 1920×1080
//     and at the smallest window, MinWindowW×MinWindowH.
//
//   - Screenshots of every scene (shots.go, `egm demo --screenshots DIR`), metered
//     play on machines of their own included (shots_cabinet.go), the table games
//     in demo play (table_shots.go) and in metered play, a hand in progress and a
//     settled one each (table_shots_machine.go).
//
//   - The development keyboard (dev_keys.go): the keys that stand in for the
//     cabinet's doors, key switches and deck buttons (F9/F10/F11, SPIN's Space…)
//     act only in development mode (CabinetOptions.Dev); the keys and buttons the
//     platform pushes from the cabinet (cabinet_keys.go: the operator key opens
//     the menu, the deck's HELP).
//
//   - The operator menu (operator*.go): the operator key and, in development
//     mode, the attendant key, door and menu keys (F9/F10/F11) and the service
//     strip (operator_cabinet.go); the PIN
//     entry on a keypad (operator_pin.go, the PIN itself is package operator's);
//     the meters, event log, handpay/tilt, RAM clear and volume pages
//     (operator_pages.go); the configuration page (operator_config.go); the table
//     games' page, each game on or off and its limits in whole euros checked by
//     play.Limits.Validate (operator_tables.go); game recall and its replay on the
//     play scene's own reel view and timeline from the stored outcome bytes
//     (operator_recall.go), or, for a table game, step by step from the round the
//     recall entry rebuilds (machine.TableRound): the deal, each decision with the
//     cards it brought, the dealer's play and the settlement per bet, the cards
//     and the pocket drawn by the replay itself (table_recall*.go); text drawn
//     from cached images (operator_text.go); a machine with games played, table
//     hands among them, for its screenshots and tests (operator_shots.go,
//     table_recall_rig.go).
//
//   - The sound (sound.go, play_sound.go, soundcues.go): the cues of package sound
//     played through ebiten/v2/audio, one player per cue made once. What sounds is
//     read from the presentation like what is drawn (Timeline.Cues: reel stops,
//     count-up ticks and the closing chord by the win's tier, feature jingles, coins
//     locking), plus the gamble's card and result, button clicks and the lockup
//     alarm. Without an audio device (sound_alsa_linux.go asks ALSA first: Ebiten
//     would end the game loop on a device it cannot open) it stays silent and says
//     so once. Volume and mute (AudioControl), the floor host's sound off/on and the
//     attract mode's level are the screen's state; nothing of it is stored.
//
//   - Frame cost (labelcache.go, shapecache.go, memo.go): every text is drawn once
//     into an image and then tinted, shapes drawn every frame are tessellated once,
//     amounts and captions are formatted once per value, so a frame in steady play
//     allocates nothing in this package; overlay.go is the F12 frame-cost overlay,
//     bench_test.go the frame benchmarks (run inside the game loop, loop_test.go).
//
//   - Keys (scene.go, typed.go): a key counts as pressed in the frame it went
//     down, or, when it was pressed and released between two frames, in the frame
//     its character arrives (Ebiten queues characters however short the press);
//     the PIN takes every digit typed, in order. MAX BET from a smaller bet asks
//     for a second press before it plays (play_maxbet.go).
//
//   - Scripts (the language: package ui/script; script_alias.go, script_run.go,
//     cabinet_script.go): timed button presses
//     that drive the cabinet for end-to-end tests (`--script FILE`); a button is
//     the key the scenes read, pressed for one frame. The table commands (table
//     GAME, chip, bet, clear, deal, decide, lobby) are table_script.go's.
//
// # What it must not touch
//
// The screen never decides an outcome: it presents the Outcome its Session gives
// it, and sends the Session input events (session.go). It never changes money,
// credits, meters or critical memory; amounts on screen are integer cents the
// Session reports. The operator menu reads critical memory (Store.View, on opening
// a page and when the store's sequence moved, never per frame) and changes the
// machine only through machine inputs (InConfigure, InAttendantKey, InRAMClear),
// which the machine may refuse. The machine (machine/) satisfies Session for
// metered play (MachineSession).
//
// # Connecting the machine
//
// The play scene needs a Session. The machine satisfies it with an adapter that
// keeps its latest Status and OutPresent outcome: Snapshot maps Status (credit,
// denomination, bet, win, Game, Step = the next step to present) and the decoded
// outcome of the game in progress, the gamble round and history (OutGambleStep) and
// a lockup's words (from State and Reason); Send maps InputSpin, InputMaxBet,
// InputBetUp/Down, InputDenom, InputTakeWin, InputGambleRed/Black, InputCollect and
// InputCashOut to the machine's inputs (BET UP, BET DOWN and DENOM are InBetUp,
// InBetDown and InNextDenom: the machine works out the next bet or denomination,
// so Send asks the machine nothing and the frame loop never waits on the
// platform's socket), and InputPresented{Step} to InStepShown{Step}. InputGamble opens the gamble on the screen's side (the machine
// offers it by entering GambleOffered). Steps are counted as the machine
// counts them (machine.Steps: 0 the base game, then one per free game, then one per
// respin); Timeline.Units equals that count, and a restarted game resumes at
// Timeline.StartOfUnit(Snapshot.Step). Lobby.Open makes the play scene of a title.
//
// Only this package and cmd/egm import Ebiten. Files that do carry the build
// constraint `cgo && !noscreen` (Ebiten's desktop backend needs cgo, and opens the
// X display when the program starts, so a headless build uses -tags noscreen); the
// rest builds everywhere, so `egm rules --html` works in every build.
package ui
