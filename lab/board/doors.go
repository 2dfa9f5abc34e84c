package board

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"egm/floor"
	"egm/internal/testkit"
	"egm/lab/campaign"
	"egm/sas"
)

// DoorsOptions are the board door campaign's: the test image (image/,
// `make image`) booted in QEMU with its test kit (egm.testkit=1: uinput doors
// and deck, the deck's LEDs as the lamps, and the kit's headless screen, which
// the platform supervises as it would egm-screen), driven from here over the
// kit's control channel (boot.sh's DOORS_PORT) and watched over SAS.
type DoorsOptions struct {
	Boot  string // image/boot.sh: boots the image (SAS_PORT, DOORS_PORT, DATA, OUT, EXTRA)
	Image string // image/out: vmlinuz, initrd.cpio.gz, data-empty.img (the fresh data disk)
	Dir   string // working directory: the board's data disk, its console log
	// Kills is the number of screen kills (SIGKILL of the headless screen);
	// Openings the door openings, spread over the kills (at least one for each,
	// while the screen is dead) and over the three doors in turn.
	Kills    int
	Openings int
	// ScreenBackoff is the platform's screen restart back-off
	// (egm.screenbackoff=D:D; default 5 s): how long the killed screen has no
	// process at all. Whatever it is, the screen the supervisor restarts does
	// not connect before the campaign releases it (the kit's hold-screen), so
	// the openings of a kill are seen over SAS with no screen on any board.
	ScreenBackoff time.Duration
	// BootTimeout: longest wait from power-on to SAS and the kit answering
	// (default 3 min); StepTimeout: longest wait for an exception over SAS, a
	// lamp, or the screen's return past the back-off (default 30 s).
	BootTimeout time.Duration
	StepTimeout time.Duration
	Progress    campaign.Progress // after each screen kill's round
	// Context, if not nil, stops the campaign: the board's power is cut and
	// Doors returns ctx's error.
	Context context.Context
}

// The doors' exceptions: open, closed.
var doorExceptions = map[string][2]byte{
	"main":  {sas.ExSlotDoorOpen, sas.ExSlotDoorClosed},
	"logic": {sas.ExCardCageOpen, sas.ExCardCageClosed},
	"belly": {sas.ExBellyDoorOpen, sas.ExBellyDoorClosed},
}

// doorRound is what the campaign does around one screen kill: the doors it
// opens and closes while the screen is dead, then once it is back.
type doorRound struct{ dead, alive []string }

// planDoors spreads openings over kills rounds (the first rounds take one more
// when they do not divide) and over the three doors in turn; in each round the
// larger half is opened while the screen is dead.
func planDoors(openings, kills int) []doorRound {
	if kills < 1 {
		return nil
	}
	rounds := make([]doorRound, kills)
	i := 0
	for r := range rounds {
		n := openings / kills
		if r < openings%kills {
			n++
		}
		for j := range n {
			door := testkit.Doors[i%len(testkit.Doors)]
			i++
			if j < (n+1)/2 {
				rounds[r].dead = append(rounds[r].dead, door)
			} else {
				rounds[r].alive = append(rounds[r].alive, door)
			}
		}
	}
	return rounds
}

// Doors boots the image with the test kit and, for each screen kill,
// holds the screen and kills it, opens and closes doors while no screen is
// connected (each opening's two exceptions read over SAS, and the screen
// checked still away after them), checks a deck button's lamp, releases the
// screen and waits until the platform's supervisor has it back, and opens and
// closes more doors. Then it powers the board off in
// order and reads the data disk: every opening must have been seen over SAS,
// counted and logged. An error is a campaign that could not run.
func Doors(o DoorsOptions) (DoorsReport, error) {
	rep := newBoardDoorsReport()
	if o.ScreenBackoff <= 0 {
		o.ScreenBackoff = 5 * time.Second
	}
	if o.BootTimeout <= 0 {
		o.BootTimeout = 3 * time.Minute
	}
	if o.StepTimeout <= 0 {
		o.StepTimeout = 30 * time.Second
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	if o.Kills < 1 || o.Openings < o.Kills {
		return rep, fmt.Errorf("board: doors: %d openings over %d screen kills: want at least one kill and one opening a kill", o.Openings, o.Kills)
	}
	for _, f := range []string{o.Boot, filepath.Join(o.Image, "data-empty.img")} {
		if _, err := os.Stat(f); err != nil {
			return rep, fmt.Errorf("board: doors: %w (make image builds the test image)", err)
		}
	}
	for _, tool := range []string{"e2fsck", "debugfs"} {
		if _, err := exec.LookPath(tool); err != nil {
			return rep, fmt.Errorf("board: doors: %s: %w (Debian: e2fsprogs)", tool, err)
		}
	}
	start := time.Now()
	disk := filepath.Join(o.Dir, "data.img")
	if err := copyDisk(filepath.Join(o.Image, "data-empty.img"), disk); err != nil {
		return rep, err
	}
	kitPort, err := freePort("board-doors")
	if err != nil {
		return rep, err
	}
	backoff := o.ScreenBackoff.String()
	b, err := bootBoard(o.Context, "board-doors", o.Boot, filepath.Join(o.Dir, "console.log"),
		"DATA="+disk, "OUT="+o.Image, "AUTOPLAY=0", "DOORS_PORT="+kitPort,
		"EXTRA=egm.testkit=1 egm.screenbackoff="+backoff+":"+backoff)
	if err != nil {
		return rep, err
	}
	r := &doorRun{o: o, b: b, rep: &rep, driven: map[string]int{}}
	r.campaign(kitPort)
	if r.kit != nil {
		r.kit.Close()
	}
	b.cut() // powered off already, unless the campaign stopped short
	if err := o.Context.Err(); err != nil {
		return rep, err
	}
	console, _ := os.ReadFile(b.console)
	rep.ScreenStarts = strings.Count(string(console), "platform: screen started (pid")
	rep.ScreenDeaths = strings.Count(string(console), "platform: the screen died after")
	// The data disk as the platform left it.
	dir, _, err := readDisk(o.Dir, disk)
	if err == nil {
		var d doorsOnDisk
		if d, err = readDoorsDisk(dir); err == nil {
			rep.fromDisk(d)
		}
	}
	if err != nil {
		rep.Violations = append(rep.Violations, fmt.Sprintf("the data disk after the run: %v", err))
	}
	for door, n := range r.driven {
		t := rep.Doors[door]
		t.Driven = n
		rep.Doors[door] = t
	}
	rep.tally()
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// doorRun is one run of the campaign on its board.
type doorRun struct {
	o      DoorsOptions
	b      *board
	kit    *testkit.Client
	p      *floor.Poller
	rep    *DoorsReport
	driven map[string]int // door → openings driven
	// unacked is the exception whose acknowledgement (the next long poll) got
	// no good reply: the machine may report it again, and a repeat right after
	// it is not counted twice.
	unacked byte
	opening int // openings driven so far
}

func (r *doorRun) bad(format string, a ...any) {
	r.rep.Violations = append(r.rep.Violations, fmt.Sprintf(format, a...))
}

func (r *doorRun) stopping() bool { return r.o.Context.Err() != nil }

// campaign is the run on the board until its orderly power-off; a failure
// that ends it early is a violation.
func (r *doorRun) campaign(kitPort string) {
	if _, err := r.b.awaitSAS(r.o.BootTimeout); err != nil {
		r.bad("boot: %v", err)
		return
	}
	r.rep.BootToReadyMs = time.Since(r.b.started).Milliseconds()
	var err error
	if r.p, err = r.b.poller(); err != nil {
		r.bad("boot: SAS: %v", err)
		return
	}
	if err := r.dialKit(kitPort); err != nil {
		r.bad("boot: the test kit: %v", err)
		return
	}
	if _, err := r.awaitScreen(0, time.Now().Add(r.o.BootTimeout)); err != nil {
		r.bad("boot: %v", err)
		return
	}
	r.drain()
	if !r.lampCheck("at rest, the screen connected") {
		return
	}
	for i, round := range planDoors(r.o.Openings, r.o.Kills) {
		if r.stopping() || !r.round(i+1, round) {
			return
		}
		r.o.Progress.Report(i + 1)
	}
	if m, err := r.p.ExtendedMeters(sas.MeterDoorOpens); err != nil {
		r.bad("the last door_opens over SAS: %v", err)
	} else {
		t := r.rep.Doors["main"]
		t.CountedSAS = int(m[sas.MeterDoorOpens])
		r.rep.Doors["main"] = t
	}
	r.drain()
	r.powerOff()
}

// dialKit connects to the kit's control channel and waits for its hello.
func (r *doorRun) dialKit(port string) error {
	c, err := net.DialTimeout("tcp", "127.0.0.1:"+port, 5*time.Second)
	if err != nil {
		return err
	}
	r.kit = testkit.NewClient(c)
	_, err = r.kit.Do(testkit.OpHello, r.o.BootTimeout)
	return err
}

// do sends the kit a command.
func (r *doorRun) do(cmd string) (string, error) {
	reply, err := r.kit.Do(cmd, r.o.StepTimeout)
	if err != nil {
		r.bad("the test kit, %q: %v", cmd, err)
	}
	return reply, err
}

// round is one screen kill: the screen held (a screen the supervisor restarts
// waits, unconnected), the kill, the openings while no screen is connected, a
// lamp check, the screen released and back, the openings with the screen back.
func (r *doorRun) round(n int, round doorRound) bool {
	if _, err := r.do(testkit.OpHold); err != nil {
		return false
	}
	reply, err := r.do(testkit.OpKillScreen)
	if err != nil {
		return false
	}
	killed := time.Now()
	r.rep.ScreenKills++
	pid := 0
	if _, v, ok := strings.Cut(reply, "pid="); ok {
		pid, _ = strconv.Atoi(strings.Split(v, ",")[0])
	}
	gone := r.screenGone()
	for i, door := range round.dead {
		var ok bool
		if gone, ok = r.doorOpening(door, gone, i == 0); !ok {
			return false
		}
	}
	if !r.lampCheck(fmt.Sprintf("screen kill %d, no screen", n)) {
		return false
	}
	r.rep.DeadWorkMs = append(r.rep.DeadWorkMs, time.Since(killed).Milliseconds())
	if _, err := r.do(testkit.OpRelease); err != nil {
		return false
	}
	back, err := r.awaitScreen(pid, time.Now().Add(r.o.ScreenBackoff+r.o.StepTimeout))
	if err != nil {
		r.bad("screen kill %d: %v", n, err)
		return false
	}
	r.rep.ScreenBackMs = append(r.rep.ScreenBackMs, back.Sub(killed).Milliseconds())
	for _, door := range round.alive {
		if _, ok := r.doorOpening(door, screenGone{}, false); !ok {
			return false
		}
	}
	return true
}

// screenGone is what the campaign has seen of the screen since a door began
// to open: no screen connected to the platform (away), and no screen process
// at all (none: killed and not yet restarted by the supervisor).
type screenGone struct{ away, none bool }

// screenGone looks at the screen now.
func (r *doorRun) screenGone() screenGone {
	s, err := r.kit.Screen(r.o.StepTimeout)
	if err != nil {
		return screenGone{}
	}
	return screenGone{away: !s.Connected, none: s.PID == 0}
}

// awaitScreen waits until a screen other than process old is connected to the
// platform, and returns when it was seen so.
func (r *doorRun) awaitScreen(old int, deadline time.Time) (time.Time, error) {
	var last testkit.Screen
	for !r.stopping() {
		s, err := r.kit.Screen(r.o.StepTimeout)
		if err != nil {
			return time.Time{}, fmt.Errorf("the screen: %w", err)
		}
		if s.PID != 0 && s.PID != old && s.Connected {
			return time.Now(), nil
		}
		last = s
		if time.Now().After(deadline) {
			return time.Time{}, fmt.Errorf("no screen connected to the platform by the deadline (the kit says %q)", testkit.FormatScreen(last))
		}
		time.Sleep(250 * time.Millisecond)
	}
	return time.Time{}, r.o.Context.Err()
}

// doorOpening opens and closes one door and reads its two exceptions over SAS;
// the main door's count is read back over SAS too. gone: what was seen of the
// screen before the door opened; once SAS has seen the door close the screen
// is looked at again, and the opening counts as one with no screen connected
// (or with no screen process) only if that still holds (goneAfter). lamps:
// the lamps must follow it (HELP dark while it is open, lit again once it is
// closed). ok false: the campaign cannot go on.
func (r *doorRun) doorOpening(door string, gone screenGone, lamps bool) (goneAfter screenGone, ok bool) {
	r.opening++
	n := r.opening
	codes := doorExceptions[door]
	t0 := time.Now()
	if _, err := r.do(testkit.OpOpen + " " + door); err != nil {
		return screenGone{}, false
	}
	r.driven[door]++
	r.rep.Openings++
	if err := r.awaitException(codes[0]); err != nil {
		r.bad("opening %d (%s door): %v", n, door, err)
	} else {
		r.rep.OpenToSASMs = append(r.rep.OpenToSASMs, time.Since(t0).Milliseconds())
	}
	if lamps && !r.awaitLamps(fmt.Sprintf("opening %d (%s door open)", n, door), "help dark", func(ls map[string]testkit.Lamp) bool {
		return !ls["help"].LED && !ls["help"].Device
	}) {
		return screenGone{}, false
	}
	t1 := time.Now()
	if _, err := r.do(testkit.OpClose + " " + door); err != nil {
		return screenGone{}, false
	}
	if err := r.awaitException(codes[1]); err != nil {
		r.bad("opening %d (%s door), closing: %v", n, door, err)
	} else {
		r.rep.CloseToSASMs = append(r.rep.CloseToSASMs, time.Since(t1).Milliseconds())
	}
	if door == "main" {
		if m, err := r.p.ExtendedMeters(sas.MeterDoorOpens); err != nil {
			r.rep.SASErrors++
		} else if got := int(m[sas.MeterDoorOpens]); got != r.driven["main"] {
			r.bad("opening %d (main door): door_opens reads %d over SAS, after %d main door openings", n, got, r.driven["main"])
		}
	}
	if lamps && !r.awaitLamps(fmt.Sprintf("opening %d (%s door closed)", n, door), "help lit", func(ls map[string]testkit.Lamp) bool {
		return ls["help"].LED && ls["help"].Device
	}) {
		return screenGone{}, false
	}
	if !gone.away {
		return screenGone{}, true
	}
	now := r.screenGone()
	goneAfter = screenGone{away: now.away, none: gone.none && now.none}
	if goneAfter.away {
		r.rep.WhileAway++
	}
	if goneAfter.none {
		r.rep.WhileNoProcess++
	}
	return goneAfter, true
}

// awaitException polls the board until it reports want, counting every
// exception read on the way (a repeat of one whose acknowledgement failed is
// counted once).
func (r *doorRun) awaitException(want byte) error {
	deadline := time.Now().Add(r.o.StepTimeout)
	for !r.stopping() {
		code, err := r.exception()
		switch {
		case err != nil:
		case code == want:
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("exception %02X not read over SAS in %v", want, r.o.StepTimeout)
		}
		if code == sas.ExNone || err != nil {
			time.Sleep(50 * time.Millisecond)
		}
	}
	return r.o.Context.Err()
}

// exception is one general poll, and its acknowledgement when it reports one:
// the next long poll (SAS's implied ACK), here 6F's door_opens.
func (r *doorRun) exception() (byte, error) {
	code, err := r.p.Exception()
	if err != nil {
		r.rep.SASErrors++
		return 0, err
	}
	if code == sas.ExNone {
		return code, nil
	}
	repeat := code == r.unacked
	r.unacked = 0
	if _, err := r.p.ExtendedMeters(sas.MeterDoorOpens); err != nil {
		r.rep.SASErrors++
		r.unacked = code
	}
	if !repeat {
		r.rep.saw(code)
	}
	return code, nil
}

// drain reads the exceptions waiting (the power-up's, or any left at the end).
func (r *doorRun) drain() {
	for range sas.QueueCap + 1 {
		code, err := r.exception()
		if err == nil && code == sas.ExNone {
			return
		}
	}
}

// lampCheck checks the lamps at rest (HELP lit, SERVICE dark), then presses
// SERVICE (its lamp and the tower light's top lit) and presses it again
// (dark).
func (r *doorRun) lampCheck(when string) bool {
	r.rep.LampChecks++
	if !r.awaitLamps(when, "help lit, service dark", func(ls map[string]testkit.Lamp) bool {
		return ls["help"].LED && ls["help"].Device && !ls["service"].LED && !ls["service"].Device
	}) {
		return false
	}
	for _, on := range []bool{true, false} {
		if _, err := r.do(testkit.OpPress + " service"); err != nil {
			return false
		}
		want := map[bool]string{true: "service and tower_top lit", false: "service and tower_top dark"}[on]
		if !r.awaitLamps(when+", service pressed", want, func(ls map[string]testkit.Lamp) bool {
			s, top := ls["service"], ls["tower_top"]
			return s.LED == on && s.Device == on && top.LED == on && top.Device == on
		}) {
			return false
		}
	}
	return true
}

// awaitLamps reads the lamps back until ok holds (the platform writes them
// as the machine's status changes), up to the step timeout.
func (r *doorRun) awaitLamps(when, want string, ok func(map[string]testkit.Lamp) bool) bool {
	deadline := time.Now().Add(r.o.StepTimeout)
	var last map[string]testkit.Lamp
	for !r.stopping() {
		ls, err := r.kit.Lamps(r.o.StepTimeout)
		if err != nil {
			r.bad("lamps, %s: %v", when, err)
			return false
		}
		if ok(ls) {
			r.rep.LampReads++
			return true
		}
		last = ls
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.bad("lamps, %s: want %s, read %s", when, want, testkit.FormatLamps(last))
	return false
}

// powerOff asks the kit for an orderly power-off and waits for the emulator to
// end (the data partition unmounted); one that does not end is cut.
func (r *doorRun) powerOff() {
	if _, err := r.do(testkit.OpPoweroff); err != nil {
		return
	}
	select {
	case err := <-r.b.exited:
		r.b.exited <- err // for cut
		r.rep.PoweredOff = true
	case <-time.After(r.o.BootTimeout):
		r.bad("the board did not power off in %v: cut", r.o.BootTimeout)
	case <-ctxDone(r.o.Context):
	}
}

func ctxDone(ctx context.Context) <-chan struct{} {
	if ctx == nil {
		return nil
	}
	return ctx.Done()
}

// errNoDoors is a data disk with no critical memory.
var errNoDoors = errors.New("board: doors: the data disk holds no critical memory")
