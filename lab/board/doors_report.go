package board

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"egm/internal/testkit"
	"egm/lab"
	"egm/machine"
	"egm/meters"
)

// DoorsReport is the board door campaign's summary.
type DoorsReport struct {
	// Openings: door openings driven (the kit's switch opened, then closed);
	// WhileAway: those during which no screen was connected to the platform,
	// from before the door opened until SAS had read it close; WhileNoProcess:
	// those of them during which no screen process ran at all (killed, not yet
	// restarted by the supervisor: the back-off).
	Openings       int `json:"openings"`
	WhileAway      int `json:"while_screen_away"`
	WhileNoProcess int `json:"while_no_screen_process"`
	// Per door: driven, read over SAS, counted and logged on the data disk.
	Doors map[string]DoorTally `json:"doors"`
	// The totals over the doors: openings seen over SAS (both exceptions),
	// counted, logged, and lost (driven but missing from any of the three).
	SeenSAS int `json:"seen_sas"`
	Counted int `json:"counted"`
	Logged  int `json:"logged"`
	Lost    int `json:"lost"`
	// ScreenKills: SIGKILLs of the headless screen; ScreenStarts and
	// ScreenDeaths: the platform supervisor's starts and deaths seen, from the
	// console (one start more than kills); ScreenBackMs: kill to the new screen
	// connected, per kill.
	ScreenKills  int     `json:"screen_kills"`
	ScreenStarts int     `json:"screen_starts"`
	ScreenDeaths int     `json:"screen_deaths"`
	ScreenBackMs []int64 `json:"screen_back_ms"`
	// DeadWorkMs: kill to the end of the openings and the lamp check with no
	// screen, per kill (while it is shorter than the back-off, the screen has
	// no process throughout).
	DeadWorkMs []int64 `json:"dead_work_ms"`
	// LampChecks: SERVICE pressed and released with its lamp and the tower
	// light read back (at rest and once a kill, no screen connected); LampReads:
	// lamp states read back as wanted, the door openings' HELP lamp included.
	LampChecks int `json:"lamp_checks"`
	LampReads  int `json:"lamp_reads"`
	// Exceptions: every exception the host read, by code (hex); SASErrors:
	// polls that failed or got no good reply (asked again).
	Exceptions map[string]int `json:"exceptions"`
	SASErrors  int            `json:"sas_errors"`
	// OpenToSASMs, CloseToSASMs: from the kit's switch moving to the host
	// reading the door's exception; BootToReadyMs: power-on to SAS answering.
	OpenToSASMs   []int64  `json:"open_to_sas_ms"`
	CloseToSASMs  []int64  `json:"close_to_sas_ms"`
	BootToReadyMs int64    `json:"boot_to_ready_ms"`
	PoweredOff    bool     `json:"powered_off"` // the orderly power-off ended the emulator
	Seconds       float64  `json:"seconds"`
	Violations    []string `json:"violations,omitempty"`
}

// DoorTally is one door's openings.
type DoorTally struct {
	Driven   int `json:"driven"`
	SASOpen  int `json:"sas_open"`  // its open exception (11, 15, 1D) read
	SASClose int `json:"sas_close"` // its closed exception (12, 16, 1E) read
	// Counted: its count on the data disk after the run (main: the meter
	// door_opens; logic and belly: the machine's counts); CountedSAS (main
	// only): door_opens over SAS (6F) at the end.
	Counted    int `json:"counted"`
	CountedSAS int `json:"counted_sas,omitempty"`
	// LoggedOpen, LoggedClose: its events in the event log on the data disk.
	LoggedOpen  int `json:"logged_open"`
	LoggedClose int `json:"logged_close"`
}

func newBoardDoorsReport() DoorsReport {
	r := DoorsReport{Doors: map[string]DoorTally{}, Exceptions: map[string]int{}}
	for _, d := range testkit.Doors {
		r.Doors[d] = DoorTally{}
	}
	return r
}

// saw counts one exception read over SAS.
func (r *DoorsReport) saw(code byte) {
	r.Exceptions[fmt.Sprintf("%02X", code)]++
	for door, codes := range doorExceptions {
		t := r.Doors[door]
		switch code {
		case codes[0]:
			t.SASOpen++
		case codes[1]:
			t.SASClose++
		default:
			continue
		}
		r.Doors[door] = t
	}
}

// doorsOnDisk is what critical memory on the data disk holds of the doors.
type doorsOnDisk struct {
	counted       map[string]int // door → openings counted
	opens, closes map[string]int // door → events logged
}

// The doors' events (meters' for the main door, the machine's for the others).
var doorEvents = map[meters.EventKind]struct {
	door string
	open bool
}{
	meters.EvDoorOpen: {"main", true}, meters.EvDoorClose: {"main", false},
	machine.EvLogicDoorOpen: {"logic", true}, machine.EvLogicDoorClose: {"logic", false},
	machine.EvBellyDoorOpen: {"belly", true}, machine.EvBellyDoorClose: {"belly", false},
}

// tallyDoorEvents counts the doors' events of a log.
func tallyDoorEvents(evs []meters.Event) (opens, closes map[string]int) {
	opens, closes = map[string]int{}, map[string]int{}
	for _, e := range evs {
		d, ok := doorEvents[e.Kind]
		switch {
		case !ok:
		case d.open:
			opens[d.door]++
		default:
			closes[d.door]++
		}
	}
	return opens, closes
}

// readDoorsDisk reads the doors' counts and events from critical memory in dir
// (read-only, the board off): the main door's meter door_opens, the logic and
// belly doors' counters (machine.DoorOpensIn), and the event log (kept whole: the
// campaign logs far fewer than meters.EventTail events).
func readDoorsDisk(dir string) (doorsOnDisk, error) {
	st, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if err != nil {
		return doorsOnDisk{}, fmt.Errorf("%w: %v", errNoDoors, err)
	}
	defer st.Close()
	d := doorsOnDisk{counted: map[string]int{}}
	var verr error
	st.View(func(v *meters.Snapshot) {
		for door, n := range machine.DoorOpensIn(v) {
			d.counted[door] = int(n)
		}
		evs, anchor := v.Events()
		if anchor.Seq != 0 {
			verr = fmt.Errorf("board: doors: the event log was cut (its first %d events dropped): more events than meters.EventTail", anchor.Seq)
		}
		d.opens, d.closes = tallyDoorEvents(evs)
	})
	return d, verr
}

// fromDisk takes the doors' counts and events read from the data disk.
func (r *DoorsReport) fromDisk(d doorsOnDisk) {
	for door, t := range r.Doors {
		t.Counted, t.LoggedOpen, t.LoggedClose = d.counted[door], d.opens[door], d.closes[door]
		r.Doors[door] = t
	}
}

// tally sums the doors and names every opening lost or reported more often
// than it was driven.
func (r *DoorsReport) tally() {
	r.SeenSAS, r.Counted, r.Logged, r.Lost = 0, 0, 0, 0
	for _, door := range testkit.Doors {
		t := r.Doors[door]
		seen := min(t.SASOpen, t.SASClose, t.Driven)
		counted := min(t.Counted, t.Driven)
		logged := min(t.LoggedOpen, t.LoggedClose, t.Driven)
		r.SeenSAS += seen
		r.Counted += counted
		r.Logged += logged
		lost := t.Driven - min(seen, counted, logged)
		r.Lost += lost
		if lost > 0 {
			r.Violations = append(r.Violations, fmt.Sprintf("%s door: %d of %d openings lost (over SAS %d opened, %d closed; counted %d; logged %d opened, %d closed)",
				door, lost, t.Driven, t.SASOpen, t.SASClose, t.Counted, t.LoggedOpen, t.LoggedClose))
		}
		for _, x := range []struct {
			what string
			n    int
		}{{"open exceptions over SAS", t.SASOpen}, {"closed exceptions over SAS", t.SASClose}, {"counted", t.Counted},
			{"open events logged", t.LoggedOpen}, {"close events logged", t.LoggedClose}} {
			if x.n > t.Driven {
				r.Violations = append(r.Violations, fmt.Sprintf("%s door: %d %s for %d openings driven", door, x.n, x.what, t.Driven))
			}
		}
		if door == "main" && t.Driven > 0 && t.CountedSAS != t.Driven {
			r.Violations = append(r.Violations, fmt.Sprintf("main door: door_opens read %d over SAS at the end, after %d openings", t.CountedSAS, t.Driven))
		}
	}
}

// Clean is a campaign with no violation that did what it is for.
func (r DoorsReport) Clean() bool { return len(r.Violations) == 0 && len(r.notExercised()) == 0 }

// notExercised names what the campaign did not reach.
func (r DoorsReport) notExercised() []string {
	var miss []string
	if r.Openings == 0 {
		miss = append(miss, "no door was opened")
	}
	if r.ScreenKills > 0 && r.WhileAway < r.ScreenKills {
		miss = append(miss, fmt.Sprintf("only %d openings seen over SAS with no screen connected, for %d kills", r.WhileAway, r.ScreenKills))
	}
	if r.ScreenStarts != r.ScreenKills+1 || r.ScreenDeaths != r.ScreenKills || len(r.ScreenBackMs) != r.ScreenKills {
		miss = append(miss, fmt.Sprintf("%d screen kills, but the platform's console shows %d starts and %d deaths, %d returns seen", r.ScreenKills, r.ScreenStarts, r.ScreenDeaths, len(r.ScreenBackMs)))
	}
	if r.LampChecks == 0 {
		miss = append(miss, "no lamp was read back")
	}
	if !r.PoweredOff {
		miss = append(miss, "the board was not powered off in order")
	}
	return miss
}

// Print writes the report for people.
func (r DoorsReport) Print(w io.Writer) {
	fmt.Fprintf(w, "board door campaign: %d door openings, %d screen kills in %.0fs\n", r.Openings, r.ScreenKills, r.Seconds)
	fmt.Fprintf(w, "  openings with no screen           %d connected, %d of them with no screen process (seen over SAS before it was back)\n", r.WhileAway, r.WhileNoProcess)
	fmt.Fprintf(w, "  seen over SAS, counted, logged    %d, %d, %d\n", r.SeenSAS, r.Counted, r.Logged)
	fmt.Fprintf(w, "  lost                              %d\n", r.Lost)
	for _, door := range testkit.Doors {
		t := r.Doors[door]
		codes := doorExceptions[door]
		sasCount := ""
		if door == "main" {
			sasCount = fmt.Sprintf(", door_opens over SAS %d", t.CountedSAS)
		}
		fmt.Fprintf(w, "    %-5s door  driven %2d; SAS %02X×%d %02X×%d; counted %d%s; logged %d/%d\n",
			door, t.Driven, codes[0], t.SASOpen, codes[1], t.SASClose, t.Counted, sasCount, t.LoggedOpen, t.LoggedClose)
	}
	fmt.Fprintf(w, "  screen starts, deaths             %d, %d (the platform's supervisor)\n", r.ScreenStarts, r.ScreenDeaths)
	if len(r.ScreenBackMs) > 0 {
		fmt.Fprintf(w, "  kill to the screen back           %s\n", spread(r.ScreenBackMs))
	}
	if len(r.DeadWorkMs) > 0 {
		fmt.Fprintf(w, "  kill to the work with no screen   %s\n", spread(r.DeadWorkMs))
	}
	if len(r.OpenToSASMs) > 0 {
		fmt.Fprintf(w, "  switch to exception over SAS      open %s; close %s\n", spread(r.OpenToSASMs), spread(r.CloseToSASMs))
	}
	fmt.Fprintf(w, "  boot to SAS answering             %.1fs\n", float64(r.BootToReadyMs)/1000)
	fmt.Fprintf(w, "  lamp checks (SERVICE, HELP)       %d, %d lamp states read back\n", r.LampChecks, r.LampReads)
	fmt.Fprintf(w, "  exceptions read                   %s (failed polls asked again: %d)\n", exceptionList(r.Exceptions), r.SASErrors)
	fmt.Fprintf(w, "  powered off in order              %v\n", r.PoweredOff)
	for _, m := range r.notExercised() {
		fmt.Fprintf(w, "  not exercised: %s\n", m)
	}
	lab.PrintViolations(w, r.Violations, "every opening seen over SAS, counted and logged, none reported twice; the lamps followed the machine")
}

// spread is min, median and max of some durations in ms, in seconds.
func spread(ms []int64) string {
	if len(ms) == 0 {
		return "-"
	}
	s := slices.Clone(ms)
	slices.Sort(s)
	return fmt.Sprintf("min %.2fs, median %.2fs, max %.2fs", float64(s[0])/1000, float64(s[len(s)/2])/1000, float64(s[len(s)-1])/1000)
}

func exceptionList(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	codes := make([]string, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	var b strings.Builder
	for i, c := range codes {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s×%d", c, m[c])
	}
	return b.String()
}
