package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"egm/cabinet"
	"egm/games"
	"egm/locale"
	"egm/platform"
	"egm/sound"
	"egm/ui/script"
)

// cmdRun boots the cabinet: the power-on sequence (program authentication, the DRBG
// known-answer self-test, the entropy start-up health tests and a short statistical
// battery, with a boot record in the state directory), then, when they pass, the
// platform on the state directory (runPlatform), which starts the screen process.
func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("run", "run [--config FILE] [--jurisdiction EE|KZ] [--state DIR] [--screen PATH] [--watchdog DEV] [--windowed] [--dev] [--vnc PORT] [--wiring FILE] [--scene attract|lobby|play] [--lang LANG] [--screenshot FILE --frames N]\n"+
		"       egm run --headless [--autoplay N] … (the machine without a screen; its flags: egm run --headless -h)", stderr)
	// never true here: cmdRunMain sends --headless to cmdRunHeadless; listed for -h
	fs.Bool("headless", false, "the machine without a screen: JSON-line inputs on stdin and outputs on stdout, or --autoplay N games (docs/cabinet.md, Headless machine; egm run --headless -h for its flags)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	stateDir := fs.String("state", "", "state directory (overrides the configuration's state_dir)")
	jur := fs.String("jurisdiction", "", "the jurisdiction profile, over the configuration's: EE or KZ (its currency and money limits)")
	var scr screenFlags
	fs.BoolVar(&scr.windowed, "windowed", false, "a window instead of full screen (development)")
	fs.StringVar(&scr.screenshot, "screenshot", "", "render --frames frames, write the screen to this PNG and exit")
	fs.IntVar(&scr.frames, "frames", 120, "frames to render before --screenshot")
	fs.StringVar(&scr.scene, "scene", "attract", "first scene: attract, lobby or play (a game in progress or a lockup starts on play)")
	fs.StringVar(&scr.sas, "sas", "", "floor link: tcp:HOST:PORT, pty:PATH, serial:DEVICE (a SAS UART) or tty:DEVICE (a line carrying the escaped stream, as an emulated UART)")
	fs.IntVar(&scr.sasAddr, "sas-addr", 1, "the machine's SAS address (1..127)")
	scr.sound.Register(fs)
	fs.StringVar(&scr.script, "script", "", "play a script of timed button presses (docs/cabinet.md: Scripted input)")
	fs.BoolVar(&scr.dev, "dev", false, "development mode: the screen's keyboard stands in for the cabinet's keys, doors and deck (F9 attendant key, F10 main door, F11 operator key, Space SPIN…) and names the development keys (F2 test wallet, F3 code); without it those keys do nothing")
	fs.StringVar(&scr.backoff, "screen-backoff", "0.5s:30s", "the wait before a dead screen is restarted: MIN:MAX (doubling from MIN; lab campaigns shorten it)")
	fs.StringVar(&scr.lang, "lang", "", "the player's language the screen starts in, one of the profile's (default: its first; the player's language button changes it)")
	fs.StringVar(&scr.screen, "screen", "", "the screen program (default: egm-screen next to this program, then on PATH)")
	fs.IntVar(&scr.vnc, "vnc", 0, "serve the screen over VNC on 127.0.0.1:PORT (x11vnc; `make run` asks for 5900 where there is no display); see it through an ssh tunnel")
	fs.StringVar(&scr.watchdog, "watchdog", "", "the board's watchdog device (e.g. /dev/watchdog), fed while the machine answers")
	fs.StringVar(&scr.wiring, "wiring", "", `the cabinet's wiring file: doors, keys, deck buttons and lamps (docs/cabinet.md, Cabinet I/O); "none": no cabinet I/O; "default": the embedded wiring (default: the configuration's wiring)`)
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	cfg, err := loadConfigFor(*cfgPath, *stateDir, *jur)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if scr.wiring != "" {
		cfg.Wiring = scr.wiring
	}
	if _, err := cabinet.LoadWiring(cfg.Wiring); err != nil { // a bad wiring file is found before the power-on
		return prog.Fail(stderr, err)
	}
	if scr.vnc < 0 || scr.vnc > 65535 {
		return prog.BadUsage(fs, "--vnc %d: want a TCP port 1..65535 (0: no VNC server)", scr.vnc)
	}
	if scr.lang != "" { // a language the hall does not offer is found before the power-on
		p, _ := cfg.Profile() // loadConfigFor validated it
		if l, err := locale.Parse(scr.lang); err != nil || !p.Offers(l) {
			return prog.BadUsage(fs, "--lang %q: the %s profile offers %v", scr.lang, p.Code, p.Languages)
		}
	}
	if scr.script != "" { // a broken script is found now, not after the power-on
		if err := checkScript(scr.script); err != nil {
			return prog.Fail(stderr, err)
		}
	}
	if err := platform.PowerOn(cfg.RNG, cfg.StateDir, cfg.ProgramSHA256, stdout); errors.Is(err, platform.ErrPowerOn) {
		fmt.Fprintln(stdout, "POWER-ON FAILURE: play stays disabled.")
		return 1
	} else if err != nil {
		return prog.Fail(stderr, err)
	}
	return runPlatform(cfg, scr, stdout, stderr)
}

// screenFlags are `egm run`'s flags for the cabinet screen (handed to the screen
// process) and the floor link.
type screenFlags struct {
	windowed   bool
	screenshot string
	frames     int
	scene      string
	sas        string
	sasAddr    int
	sound      sound.Flags
	script     string
	dev        bool
	screen     string
	backoff    string
	watchdog   string
	wiring     string
	vnc        int    // the VNC server's port on 127.0.0.1 (0: none)
	lang       string // the player's language the screen starts in ("": the profile's)
}

// checkScript reads and checks a screen script whole (package script): the screen
// program reads it again when it starts.
func checkScript(path string) error {
	titles, err := games.All()
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("egm run: --script: %w", err)
	}
	defer f.Close()
	_, err = script.Read(f, path, titles)
	return err
}
