package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"egm/platform/screen"
	"egm/platform/wire"
	"egm/sound"
	"egm/ui"
)

// exitPlatformGone is the exit status when the platform went away.
const exitPlatformGone = 3

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "demo" {
		return cmdDemo(args[1:], stdout, stderr)
	}
	return cmdCabinet(args, stdout, stderr)
}

// cmdCabinet shows metered play on the platform's machine until the window closes
// (exit 0) or the platform goes away (exit 3).
func cmdCabinet(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("", "[--socket PATH] [--windowed] [--dev] [--scene attract|lobby|play|TABLE-GAME] [--screenshot FILE --frames N] [--script FILE] [--vnc PORT] [--lang LANG] | demo …", stderr)
	sock := fs.String("socket", filepath.Join("var", wire.SocketName), "the platform's socket (screen.sock in its state directory)")
	windowed := fs.Bool("windowed", false, "a window instead of full screen (development)")
	dev := fs.Bool("dev", false, "development mode: the keyboard stands in for the cabinet's keys, doors and deck (F9 attendant key, F10 main door, F11 operator key, Space SPIN…) and the screen names the development keys; without it those keys do nothing")
	scene := fs.String("scene", "attract", "first scene: attract, lobby, play, or a table game the machine deals (roulette, three-card-poker, punto-banco, blackjack, ultimate-texas-holdem); a game in progress or a lockup starts on play, a table hand in progress on its table")
	shot := fs.String("screenshot", "", "render --frames frames, write the screen to this PNG and exit")
	frames := fs.Int("frames", 120, "frames to render before --screenshot")
	script := fs.String("script", "", "play a script of timed button presses (docs/cabinet.md: Scripted input)")
	player := fs.String("lang", "", "the player's language to start in, one the platform's profile offers (default: its first)")
	vnc := fs.Int("vnc", 0, "serve this display over VNC (x11vnc) on 127.0.0.1:PORT (0: no)")
	var sf sound.Flags
	sf.Register(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *vnc != 0 {
		startVNC(*vnc, stdout, stderr)
	}
	snd, err := sf.Apply(sound.DefaultSettings())
	if err != nil {
		return fail(stderr, err)
	}
	c, err := screen.Dial(*sock, 10*time.Second)
	if err != nil {
		return fail(stderr, err)
	}
	var scr *ui.Script
	if *script != "" {
		if scr, err = loadScript(*script, c.Titles()); err != nil {
			return fail(stderr, err)
		}
	}
	// the machine's jurisdiction: the players' languages and currency, the
	// operator's language
	if err := applyConfig(c.Config(), *player); err != nil {
		return fail(stderr, err)
	}
	o := c.Options() // the connection lasts as long as the process
	if g, step, ok := c.Resumed(); ok {
		fmt.Fprintf(stdout, "egm-screen: connected to the platform %s: game %d in progress, shown from step %d\n", c.Build(), g, step)
	} else {
		fmt.Fprintf(stdout, "egm-screen: connected to the platform %s\n", c.Build())
	}
	go func() { // the platform went away: a new one starts a new screen
		<-c.Done()
		fmt.Fprintf(stderr, "egm-screen: %v\n", c.Err())
		os.Exit(exitPlatformGone)
	}()
	s, err := ui.NewSound(ui.SoundOptions{Off: snd.Off || *shot != "", Volume: snd.Volume, Attract: snd.Attract})
	if err != nil {
		return fail(stderr, err)
	}
	c.OnSound(s.SetHostSound)
	opt := ui.CabinetOptions{
		Options:    ui.Options{Windowed: *windowed, Screenshot: *shot, Frames: *frames, Scene: *scene, Sound: s, Script: scr, ScriptLog: stdout},
		DepositKey: o.DepositWallet != "", DepositWallet: o.DepositWallet, DepositCents: o.DepositCents,
		Dev: o.Dev || *dev, ServiceStrip: *windowed, IdleMinutes: c.Config().IdleCashoutMinutes,
	}
	opt.Keys = ui.CabinetKeys(c.OnCabinet) // the operator key, the deck's HELP
	if o.PIN {
		opt.PIN = c
	}
	if o.Codes {
		opt.Codes = c
	}
	if o.Linked {
		opt.Levels = c.Levels
	}
	if s.Silent() == "" {
		opt.Audio = s // the operator menu's Volume page (none on a silent cabinet)
	}
	if err := ui.RunCabinet(c, c.Titles(), opt); err != nil {
		return fail(stderr, err)
	}
	if *shot != "" {
		fmt.Fprintf(stdout, "egm-screen: wrote %s after %d frames\n", *shot, *frames)
	}
	return 0
}
