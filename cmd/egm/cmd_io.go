package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"egm/cabinet"
)

// ioState is what `egm io` shows: every wired input's level (true: open,
// turned or pressed) and every lamp's (true: lit).
type ioState struct {
	Board  string          `json:"board"`
	Inputs map[string]bool `json:"inputs"`
	Lamps  map[string]bool `json:"lamps"`
}

// cmdIO reads the cabinet's switches (EVIOCGKEY/EVIOCGSW, beside a running
// platform: evdev devices are never grabbed) and its lamps (the LED class);
// --watch then prints every event of the wired inputs until interrupted.
func cmdIO(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("io", "io [--state DIR] [--config FILE] [--wiring FILE] [--leds DIR] [--json] [--watch]", stderr)
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	stateDir := fs.String("state", "", "the cabinet's state directory (its configuration's wiring)")
	wiringPath := fs.String("wiring", "", `wiring file ("default": the embedded wiring); default: the configuration's`)
	ledDir := fs.String("leds", "", "the LED class directory (default /sys/class/leds)")
	asJSON := fs.Bool("json", false, "one JSON object")
	watch := fs.Bool("watch", false, "then print each input's change as it comes, until interrupted")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	cfg, err := loadConfig(*cfgPath, *stateDir)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if *wiringPath != "" {
		cfg.Wiring = *wiringPath
	}
	w, err := cabinet.LoadWiring(cfg.Wiring)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	if w.None() {
		fmt.Fprintf(stdout, "board %s: no cabinet I/O is wired (egm io --wiring FILE, or the configuration's wiring)\n", w.Board)
		return 0
	}
	devs := map[string]cabinet.Device{}
	defer func() {
		for _, d := range devs {
			d.Close()
		}
	}()
	for name, spec := range w.Devices {
		d, err := cabinet.OpenDevice("", spec)
		if err != nil {
			return prog.Fail(stderr, fmt.Errorf("egm io: device %q: %w", name, err))
		}
		devs[name] = d
	}
	st := ioState{Board: w.Board, Lamps: map[string]bool{}}
	st.Inputs, err = cabinet.Levels(w, devs)
	if err != nil {
		fmt.Fprintf(stderr, "egm io: %v\n", err)
	}
	leds := &cabinet.LEDs{Dir: *ledDir}
	for _, l := range w.Lamps {
		on, err := leds.Get(l.LED)
		if err != nil {
			fmt.Fprintf(stderr, "egm io: %v\n", err)
			continue
		}
		st.Lamps[l.Name] = on
	}
	if *asJSON {
		b, _ := json.MarshalIndent(st, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stdout, "board %s\n", w.Board)
		for _, in := range w.Inputs {
			v, ok := st.Inputs[in.Name]
			fmt.Fprintf(stdout, "  %-14s %-8s %-6s code %-4d %s\n", in.Name, in.Device, in.Type, in.Code, levelWord(in.Name, v, ok))
		}
		for _, l := range w.Lamps {
			v, ok := st.Lamps[l.Name]
			word := "unreadable"
			if ok {
				word = map[bool]string{true: "lit", false: "dark"}[v]
			}
			fmt.Fprintf(stdout, "  lamp %-14s %-20s %s\n", l.Name, l.LED, word)
		}
	}
	if !*watch {
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	byCode := map[string]map[[2]uint16]cabinet.Input{}
	for _, in := range w.Inputs {
		if byCode[in.Device] == nil {
			byCode[in.Device] = map[[2]uint16]cabinet.Input{}
		}
		typ := cabinet.EvKey
		if in.Type == "switch" {
			typ = cabinet.EvSw
		}
		byCode[in.Device][[2]uint16{typ, in.Code}] = in
	}
	lines := make(chan string)
	for name, d := range devs {
		go func() {
			err := cabinet.ReadEvents(d, cabinet.EventSize, func(b []cabinet.Event) {
				for _, e := range b {
					if in, ok := byCode[name][[2]uint16{e.Type, e.Code}]; ok && e.Value != 2 {
						active := (e.Value != 0) != (in.Active == "low")
						lines <- fmt.Sprintf("%s %-14s %s", e.Time.Format("15:04:05.000"), in.Name, levelWord(in.Name, active, true))
					}
				}
			})
			if err != nil && ctx.Err() == nil {
				lines <- fmt.Sprintf("egm io: device %q: %v", name, err)
			}
		}()
	}
	for {
		select {
		case <-ctx.Done():
			return 0
		case l := <-lines:
			fmt.Fprintln(stdout, l)
		}
	}
}

func levelWord(name string, active, ok bool) string {
	switch {
	case !ok:
		return "unreadable"
	case len(name) > 5 && name[len(name)-5:] == "_door":
		return map[bool]string{true: "OPEN", false: "closed"}[active]
	case len(name) > 4 && name[len(name)-4:] == "_key":
		return map[bool]string{true: "TURNED", false: "off"}[active]
	}
	return map[bool]string{true: "PRESSED", false: "released"}[active]
}
