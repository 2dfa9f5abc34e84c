// Package platform is the platform process's library (cmd/egm: `egm run`): the
// power-on sequence, the opening of the machine with its RNG, the socket through
// which the screen process (cmd/egm-screen, the only program that links Ebiten)
// plays on the machine (its server side), the supervision of the screen
// process, and the headless machine's JSON lines. The screen's side is
// platform/screen (the client and the VNC server beside the screen) and the
// protocol both speak is platform/wire: the screen program links neither this
// package nor the machine's critical memory.
//
// Real cabinets keep the platform (money, meters, critical memory, the floor
// link) apart from the game's presentation, so that a renderer or a GPU driver
// that crashes never touches the money and the floor link answers while the screen
// restarts. Here the platform is the process that opens the machine; the screen
// is a client of it over a unix socket (screen.sock in the state directory, mode
// 0600), and never opens critical memory itself.
//
// # What it owns
//
//   - The protocol (platform/wire): JSON lines, versioned (wire.Version). The screen
//     asks (a request with an id), the platform answers (a reply with the same id)
//     and pushes what the screen must know unasked (the machine's outputs, the
//     linked jackpot levels, the floor host's sound switch). The machine's own
//     Input and Output are the payloads, so the screen sees exactly what an
//     in-process subscriber would, in the same order.
//   - Server (server.go): serves one screen at a time on a listener (a newer
//     connection replaces an older one), ticks the machine every second (the
//     idle cash-out runs with no screen), hands the screen's inputs to the
//     machine one at a time in order, and answers the operator menu's reads
//     (a view of critical memory, the configuration), its PIN checks and the
//     wallet's QR codes. On a new connection the screen gets the status and the
//     stored outcome of the game in progress, so a restarted screen shows that
//     game at its committed step.
//   - The client (platform/screen): what the screen holds of the platform.
//   - Errors cross the socket typed (platform/wire): a refusal.Refusal stays a
//     Refusal, and the sentinels a caller decides on (machine.ErrRefused,
//     machine.ErrNoStore, the operator PIN's) stay errors.Is-able.
//   - Supervisor (supervise.go): starts the screen process, restarts it after
//     it dies (back-off 0.5 s doubling to 30 s, back to 0.5 s after a minute of
//     life), and stops it in order: SIGTERM to its process group, SIGKILL after a
//     grace period. ScreenCommand (screen_cmd.go) finds the screen program and
//     puts it on a display (xvfb-run where there is none; none for a screen
//     that draws nothing, NoDisplayEnv: the test image's headless screen).
//   - Readers (reader.go, wire.RoleReader): any number of connections that read
//     critical memory and the configuration beside the screen; OpenState reads a
//     state directory offline, or through its running platform.
//   - PowerOn (poweron.go): program authentication, the DRBG known-answer test,
//     the entropy health tests and a short battery, with the boot record.
//   - The boot record as critical memory's witness (memory.go): OpenMachineWitnessed
//     hands the last MACed memory line of boot.log, the machine's key (MemoryKey,
//     derived from the wallet key) and the board's witness files to critical
//     memory, and appends a memory line at each power-on and at Shutdown, the
//     orderly stop, which says whether power_down was written.
//   - OpenMachine (open.go), the wallet's code issuer and QR files (codes.go) and
//     ServeLines (lines.go): the headless machine's JSON lines on stdin/stdout.
//   - Watchdog (watchdog.go): feeds the board's hardware watchdog while the
//     machine answers a status wire.Request in time (`egm run --watchdog DEV`), so a
//     platform that died or hangs resets the board; the magic V on an orderly stop.
//
// # What it must not touch
//
// It decides nothing: every change goes through machine.Handle, which may refuse
// it. It never writes critical memory (the machine is its only owner) and holds
// no key; the wallet's codes are signed by the wallet.Presenter the platform
// gives it. While no screen is connected the machine starts no game, since only
// the screen asks for one; a game in progress waits at its committed step.
//
// # Improving on the design
//
// The design had the screen and the machine in one process, talking through Go
// calls. Over a socket a call from inside an output subscriber would wait for a
// reply that the same reader must deliver; so nothing the screen reads from an
// output handler needs a round trip: the gamble round rides on the OutState push
// that offers it.
package platform
