// Package ui is the cabinet's screen shell: the programs' entry points
// (RunCabinet for the cabinet's screen process, RunDemo, WriteScreenshots), the
// cabinet scene that holds the machine's session and switches between the
// attract mode, the lobby, a title's play, a table game and the operator menu
// (cabinet*.go), and what only the shell wires together.
//
// # How the screen is cut
//
// The shell sits on top; below it, each package does one job and imports only
// the ones under it (no package here imports egm/ui):
//
//   - ui/internal/opmenu: the operator menu and game recall (it shows a recalled
//     slot game on slotscene's play scene).
//   - ui/internal/slotscene: the slot titles' play, help and gamble;
//     ui/internal/tablescene: the five table games' scenes and their dealers.
//   - ui/internal/scene: the Scene interface, the Manager (the ebiten.Game),
//     keys, captures, the frame-cost overlay, the sound engine.
//   - ui/internal/qrpanel: the cashless wallet's QR panel and codes.
//   - ui/internal/kit: the session contract (Session, Snapshot, Event), the two
//     languages, amounts, the player's words, typed keys, the Platform.
//   - ui/internal/paint: colours, shapes, fonts, cached text.
//   - ui/script: the script language (no Ebiten); ui/shotgolden: the screenshot
//     set's golden test.
//
// The cycles a flat package had are broken where they ran upward: a play
// scene's LOBBY goes to the lobby the shell registers (slotscene.RegisterLobby,
// lobby_register.go); the operator menu and the machine dealer reach the
// cabinet's session through small interfaces (opSession, TableSession) that
// *machineSession satisfies; a script drives the Manager as a scene.Driver.
//
// # What the shell owns
//
//   - The machine's session (machine_session.go, cashless_session.go,
//     table_session.go): Snapshot maps the machine's Status and OutPresent
//     outcome, Send maps the player's inputs to the machine's (BET UP, BET DOWN
//     and DENOM are InBetUp, InBetDown and InNextDenom: the machine works out
//     the selection, so the frame loop never waits on the platform's socket).
//   - The attract mode (attract*.go: the titles and, between them, the table
//     games playing a hand by themselves; on a metered cabinet the player's own
//     credit and no demo amounts), the lobby (lobby*.go, with its TABLE GAMES
//     page); demo play is slotscene's DemoSession (a seeded rng, not metered play).
//   - The cashless wallet's QR panel (ui/internal/qrpanel) over any scene: the cash-in
//     code while the machine is idle with no credits and the cash-out code while
//     a cash-out waits for the wallet; codes come through WalletCodes (the screen
//     never holds the machine's key) and are fetched off the frame loop.
//   - The cabinet's keys (cabinet_keys.go: the operator key and the deck's HELP
//     pushed by the platform; the development keys only with CabinetOptions.Dev)
//     and the service strip (operator_cabinet.go).
//   - Scripts run (script_run.go, cabinet_script.go; the language is
//     ui/script's): timed button presses for end-to-end tests.
//   - The screenshot rigs (shots*.go, operator_shots.go, table_shots*.go,
//     table_recall_rig.go): every scene, the operator menu and the table games
//     on machines of their own, on a fixed clock (shots_clock.go) so the set
//     compares byte for byte (ui/shotgolden).
//
// # What it must not touch
//
// The screen never decides an outcome: it presents the Outcome its Session gives
// it, and sends the Session input events (kit's session.go). It never changes money,
// credits, meters or critical memory; amounts on screen are integer cents the
// Session reports. The operator menu reads critical memory (Store.View, on opening
// a page and when the store's sequence moved, never per frame) and changes the
// machine only through machine inputs (InConfigure, InAttendantKey, InRAMClear),
// which the machine may refuse. The machine (machine/) satisfies Session for
// metered play (machineSession).
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
// Timeline.StartOfUnit(Snapshot.Step). The lobby's Open makes the play scene of a title.
//
// Only this package and cmd/egm import Ebiten. Files that do carry the build
// constraint `cgo && !noscreen` (Ebiten's desktop backend needs cgo, and opens the
// X display when the program starts, so a headless build uses -tags noscreen); the
// rest builds everywhere, so `egm rules --html` works in every build.
package ui
