// Command egm-screen is the cabinet's screen: the only program that links Ebiten.
// It is a client of the platform (`egm run`) over the platform's socket
// (screen.sock in the state directory): it shows what the machine decided and
// sends the player's, the attendant's and the operator's inputs, which the
// machine may refuse. It never opens critical memory and holds no key.
//
// `egm run` starts it (under xvfb-run where there is no display) and restarts it
// when it dies; a restarted screen shows the game in progress at its committed
// step (a table game's hand on its table, with the decisions taken and the open
// ones offered). When the platform goes away the screen exits (status 3), to be started
// again by the next platform. With --vnc PORT (`egm run --vnc`, `make run` on a
// machine with no display) it serves its display over VNC on 127.0.0.1:PORT
// (x11vnc, started beside it and ended with its process group) for a technician's
// ssh tunnel.
//
//	egm-screen --socket DIR/screen.sock [--windowed] [--scene attract|lobby|play|TABLE-GAME] [--dev] [--vnc PORT] …
//	egm-screen demo …   the attract-mode demo (not metered; needs no platform)
//
// It owns only flag parsing and wiring; the screen is package ui, the socket's
// client package platform.
package main
