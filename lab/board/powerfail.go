package board

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"syscall"
	"time"

	"egm/floor"
	"egm/lab"
	"egm/lab/campaign"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// PowerfailOptions are the board power-cut campaign's: the test image
// (image/, `make image`) booted in QEMU with the lab autoplay mode, its power
// cut by SIGKILL of the emulator (the guest's page cache, every write its kernel
// had not yet sent to the virtual disk, is lost, as in a real cut; the disk is
// attached with cache=none, so QEMU itself holds none).
type PowerfailOptions struct {
	Boot  string // image/boot.sh: boots the image (SAS_PORT, DATA, AUTOPLAY, OUT)
	Image string // image/out: vmlinuz, initrd.cpio.gz, data-empty.img (the fresh data disk)
	Dir   string // working directory: the board's data disk, console logs, checks
	Cuts  int
	Seed  uint64 // the cut instants
	// MaxUp: a cut falls at a random instant up to MaxUp after the platform first
	// answered SAS (default 8 s); BootTimeout: a board whose SAS does not answer
	// this long after power-on is a violation (default 3 min).
	MaxUp       time.Duration
	BootTimeout time.Duration
	Progress    campaign.Progress
	// Context, if not nil, stops the campaign: the board's power is cut (the
	// boot script's whole process group), and Powerfail returns ctx's error.
	Context context.Context
}

// PowerfailReport is the campaign's summary: the power-fail checks over the
// data disk after every cut (PowerfailReport, whose Kills are the cuts), what the
// floor read over SAS, and the boot times.
type PowerfailReport struct {
	campaign.PowerfailReport
	Boots int `json:"boots"`
	// BootToReadyMs: from starting QEMU (the kernel's start: no firmware) to the
	// first SAS meters reply, per boot; PlatformStartS: the guest's uptime when
	// init started the platform.
	BootToReadyMs  []int64   `json:"boot_to_ready_ms"`
	PlatformStartS []float64 `json:"platform_start_uptime_s"`
	SASReads       int       `json:"sas_meter_reads"`
	FloorErrors    int       `json:"floor_errors"`         // SAS reads or jackpot cycles that failed (floor.log)
	JackpotsPaid   int       `json:"linked_hits_paid"`     // Grand and Major hits the floor's controller answered
	FsckFixes      int       `json:"fsck_fixed_summaries"` // e2fsck exit 1 after a cut: free counts, as after any unclean stop
}

// Powerfail boots the image, lets the scripted player play, cuts the power
// at a random instant, and after every cut checks the data disk as the next
// boot finds it (its ext4 journal replayed by e2fsck, critical memory read by
// PowerfailChecker: credits exact, no meter down, the event chain whole, no
// outcome redrawn), then boots again and checks over SAS that no meter the
// floor had read went back and that the machine resumed the game in progress
// with the same outcome (the "resumed game" line on the console). A last boot
// must answer SAS and play on. An error is a campaign that could not run.
func Powerfail(o PowerfailOptions) (PowerfailReport, error) {
	var rep PowerfailReport
	if o.MaxUp <= 0 {
		o.MaxUp = 8 * time.Second
	}
	if o.BootTimeout <= 0 {
		o.BootTimeout = 3 * time.Minute
	}
	for _, f := range []string{o.Boot, filepath.Join(o.Image, "data-empty.img")} {
		if _, err := os.Stat(f); err != nil {
			return rep, fmt.Errorf("board: powerfail: %w (make image builds the test image)", err)
		}
	}
	for _, tool := range []string{"e2fsck", "debugfs"} {
		if _, err := exec.LookPath(tool); err != nil {
			return rep, fmt.Errorf("board: powerfail: %s: %w (Debian: e2fsprogs)", tool, err)
		}
	}
	start := time.Now()
	disk := filepath.Join(o.Dir, "data.img")
	if err := copyDisk(filepath.Join(o.Image, "data-empty.img"), disk); err != nil {
		return rep, err
	}
	timing := rng.NewSeeded(o.Seed ^ 0x626f617264) // lab timing of the cuts, not game outcomes
	c := campaign.NewPowerfailChecker()
	fl, err := openBoardFloor(o.Dir)
	if err != nil {
		return rep, err
	}
	defer fl.Close()
	var floorSaw floor.Meters // the last meters the floor read over SAS
	started := false
	bad := func(format string, a ...any) { rep.Violations = append(rep.Violations, fmt.Sprintf(format, a...)) }
	if o.Context == nil {
		o.Context = context.Background()
	}
	for boot := 1; boot <= o.Cuts+1; boot++ {
		if err := o.Context.Err(); err != nil {
			return rep, err
		}
		final := boot == o.Cuts+1
		b, err := startBoard(o, disk, boot)
		if err != nil {
			return rep, err
		}
		rep.Boots++
		m, err := b.awaitSAS(o.BootTimeout)
		if err != nil {
			bad("boot %d: %v", boot, err)
		} else {
			rep.BootToReadyMs = append(rep.BootToReadyMs, time.Since(b.started).Milliseconds())
			rep.SASReads++
			for _, v := range floorWentBack(floorSaw, m) {
				bad("boot %d, over SAS: %s", boot, v)
			}
			floorSaw = m
			up := time.Duration(rng.Uint64n(timing, uint64(o.MaxUp)))
			if final {
				up = o.MaxUp // the last boot plays on for a while, and must
			}
			// The floor polls the board until the cut (meters, and the linked
			// jackpots: a Grand or Major hit waits for the controller's amount);
			// whatever it read must still be there after the cut.
			cutAt := time.Now().Add(up)
			var done func(floor.Meters) bool
			if final { // the last boot must play on: up to a minute more for a game
				booted := m.GamesPlayed
				done = func(m floor.Meters) bool { return m.GamesPlayed > booted }
			}
			run := b.serve(fl, floorSaw, cutAt, done, cutAt.Add(time.Minute))
			floorSaw = run.saw
			rep.SASReads += run.reads
			rep.FloorErrors += run.errors
			for _, v := range run.wentBack {
				bad("boot %d, over SAS: %s", boot, v)
			}
			switch {
			case run.stopped != nil:
				bad("boot %d: the board stopped by itself: %v", boot, run.stopped)
			case final && run.done:
				rep.FinalRunExitOK = true
			case final:
				bad("last boot: no game played over SAS's view in %v", o.MaxUp+time.Minute)
			}
		}
		b.cut()
		if err := o.Context.Err(); err != nil {
			return rep, err
		}
		console, _ := os.ReadFile(b.console)
		for _, v := range c.ChildSaid(string(console), &rep.PowerfailReport) {
			bad("boot %d: %s", boot, v)
		}
		if s, ok := platformStart(console); ok {
			rep.PlatformStartS = append(rep.PlatformStartS, s)
		}
		if final {
			// Every game in progress at a cut has been resumed by now; one in
			// progress at the last power-off has no boot after it.
			rep.Unverified = c.Unverified()
		} else {
			rep.Kills++
		}
		// The disk as the next boot finds it.
		dir, fixed, err := readDisk(o.Dir, disk)
		switch {
		case err != nil:
			bad("after cut %d: %v", boot, err)
		default:
			if fixed {
				rep.FsckFixes++
			}
			started = c.CheckDir(dir, boot, started, &rep.PowerfailReport)
			if mem, err := campaign.ReadMemory(dir); err == nil {
				for _, v := range diskBehindFloor(floorSaw, mem) {
					bad("after cut %d: %s", boot, v)
				}
			}
		}
		o.Progress.Report(min(boot, o.Cuts))
		if len(rep.Violations) > 50 {
			break
		}
	}
	rep.JackpotsPaid = fl.paidHits()
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// board is one boot of the image.
type board struct {
	cmd     *exec.Cmd
	port    string
	console string
	started time.Time
	exited  chan error
	conn    net.Conn
	host    *floor.Poller
	ctx     context.Context // the campaign's (nil: never stopped)
}

// stopping reports whether the campaign was stopped.
func (b *board) stopping() bool { return b.ctx != nil && b.ctx.Err() != nil }

func startBoard(o PowerfailOptions, disk string, boot int) (*board, error) {
	return bootBoard(o.Context, "board-powerfail", o.Boot, filepath.Join(o.Dir, fmt.Sprintf("console-%03d.log", boot)),
		"DATA="+disk, "AUTOPLAY=1", "OUT="+o.Image)
}

// freePort is a TCP port of the loopback that nothing listens on now.
func freePort(what string) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("board: %s: a free port: %w", what, err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), nil
}

// bootBoard powers the board on: the boot script with env (and SAS_PORT, a free
// port), its console to the file console. what names the campaign in errors.
func bootBoard(ctx context.Context, what, script, console string, env ...string) (*board, error) {
	port, err := freePort(what)
	if err != nil {
		return nil, err
	}
	b := &board{port: port, console: console, exited: make(chan error, 1)}
	out, err := os.Create(b.console)
	if err != nil {
		return nil, fmt.Errorf("board: %s: %w", what, err)
	}
	// boot.sh execs QEMU: the process killed is the emulator itself.
	b.ctx = ctx
	b.cmd = exec.Command(script)
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group: a cut reaches whatever the script started
	b.cmd.Env = append(append(os.Environ(), "SAS_PORT="+port), env...)
	b.cmd.Stdout, b.cmd.Stderr, b.cmd.Stdin = out, out, nil
	b.started = time.Now()
	if err := b.cmd.Start(); err != nil {
		out.Close()
		return nil, fmt.Errorf("board: %s: boot: %w", what, err)
	}
	go func() { b.exited <- b.cmd.Wait(); out.Close() }()
	return b, nil
}

// awaitSAS polls the board's meters over SAS until they answer.
func (b *board) awaitSAS(timeout time.Duration) (floor.Meters, error) {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) && !b.stopping() {
		select {
		case err := <-b.exited:
			b.exited <- err
			return floor.Meters{}, fmt.Errorf("the board stopped before SAS answered: %v", err)
		default:
		}
		m, err := b.meters()
		if err == nil {
			return m, nil
		}
		last = err
		time.Sleep(200 * time.Millisecond)
	}
	return floor.Meters{}, fmt.Errorf("SAS did not answer in %v: %v", timeout, last)
}

// meters reads the board's meters as `egm-floor run` does (long poll 2F), over one
// TCP connection to the emulated UART kept for the boot. The gap that ends a
// reply is longer than a floor's: an emulated UART under a busy host can pause
// between bytes.
func (b *board) meters() (floor.Meters, error) {
	p, err := b.poller()
	if err != nil {
		return floor.Meters{}, err
	}
	return p.Meters()
}

// poller is the floor's poller of the board, on the connection kept for the boot.
func (b *board) poller() (*floor.Poller, error) {
	if b.host == nil {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+b.port, time.Second)
		if err != nil {
			return nil, err
		}
		b.conn = c
		b.host = &floor.Poller{Addr: 1, Host: &sas.Host{Port: c.(*net.TCPConn), Timeout: time.Second, Gap: 250 * time.Millisecond}}
	}
	return b.host, nil
}

// cut cuts the power: SIGKILL of the emulator.
func (b *board) cut() {
	if b.conn != nil {
		b.conn.Close()
	}
	syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	b.cmd.Process.Kill()
	<-b.exited
}

// floorWentBack is a meter the floor had read that a later read shows lower.
func floorWentBack(old, m floor.Meters) []string {
	var vs []string
	for _, x := range []struct {
		name     string
		was, now uint64
	}{
		{"coin_in", old.CoinIn, m.CoinIn}, {"coin_out", old.CoinOut, m.CoinOut}, {"jackpot", old.Jackpot, m.Jackpot},
		{"handpay", old.Handpay, m.Handpay}, {"cancelled_credits", old.Cancelled, m.Cancelled},
		{"games_played", old.GamesPlayed, m.GamesPlayed}, {"games_won", old.GamesWon, m.GamesWon}, {"games_lost", old.GamesLost, m.GamesLost},
	} {
		if x.now < x.was {
			vs = append(vs, fmt.Sprintf("%s went back from %d to %d", x.name, x.was, x.now))
		}
	}
	return vs
}

// diskBehindFloor is a meter the floor read before the cut that the disk no
// longer holds: the machine reported a value it had not made durable.
func diskBehindFloor(saw floor.Meters, mem campaign.Memory) []string {
	played := uint64(mem.Meters.Get(meters.GamesPlayed))
	coinIn := uint64(mem.Meters.Get(meters.CoinIn))
	var vs []string
	if played < saw.GamesPlayed {
		vs = append(vs, fmt.Sprintf("games_played %d on the disk, but the floor read %d before the cut", played, saw.GamesPlayed))
	}
	if coinIn < saw.CoinIn {
		vs = append(vs, fmt.Sprintf("coin_in %d on the disk, but the floor read %d before the cut", coinIn, saw.CoinIn))
	}
	return vs
}

// readDisk copies the board's data disk, replays its journal and checks it with
// e2fsck (as the kernel's mount would replay it), and dumps its root directory
// (the platform's state) into a fresh directory. fixed: e2fsck corrected
// something (exit 1: after an unclean stop, the free counts); exit 4 or more is an
// error (a damaged file system).
func readDisk(work, disk string) (dir string, fixed bool, err error) {
	img := filepath.Join(work, "check.img")
	if err := copyDisk(disk, img); err != nil {
		return "", false, err
	}
	var out bytes.Buffer
	fsck := exec.Command("e2fsck", "-fy", img)
	fsck.Stdout, fsck.Stderr = &out, &out
	if err := fsck.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() >= 4 {
			return "", false, fmt.Errorf("e2fsck: %v: %s", err, out.String())
		}
		fixed = true
	}
	dir = filepath.Join(work, "state")
	if err := os.RemoveAll(dir); err != nil {
		return "", false, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", false, err
	}
	out.Reset()
	dump := exec.Command("debugfs", "-R", "rdump / "+dir, img)
	dump.Stdout, dump.Stderr = &out, &out
	if err := dump.Run(); err != nil {
		return "", false, fmt.Errorf("debugfs: %v: %s", err, out.String())
	}
	return dir, fixed, nil
}

// copyDisk copies a disk image, sparse where the source is.
func copyDisk(from, to string) error {
	if out, err := exec.Command("cp", "--sparse=always", from, to).CombinedOutput(); err != nil {
		return fmt.Errorf("board: powerfail: copy %s: %v: %s", from, err, out)
	}
	return nil
}

var rePlatformStart = regexp.MustCompile(`egm: starting the platform at uptime ([0-9.]+)s`)

// platformStart is the guest's uptime when init started the platform (the
// first start on this console).
func platformStart(console []byte) (float64, bool) {
	m := rePlatformStart.FindSubmatch(console)
	if m == nil {
		return 0, false
	}
	s, err := strconv.ParseFloat(string(m[1]), 64)
	return s, err == nil
}

// Exercised tells whether the campaign reached what it is for: cuts with a game
// in progress, games resumed with their outcome, none left unverified, every
// boot answering SAS and a last boot that played on.
func (r PowerfailReport) Exercised() bool { return len(r.notExercised()) == 0 }

// notExercised names what the campaign did not reach.
func (r PowerfailReport) notExercised() []string {
	var miss []string
	if r.InGame == 0 || r.Resumed == 0 {
		miss = append(miss, "no cut fell inside a game that the next boot resumed (a short run can miss; run more cuts)")
	}
	if r.Unverified > 0 {
		miss = append(miss, fmt.Sprintf("%d games cut in progress were not seen again", r.Unverified))
	}
	if !r.FinalRunExitOK {
		miss = append(miss, "the last boot did not play on")
	}
	if len(r.BootToReadyMs) != r.Boots {
		miss = append(miss, fmt.Sprintf("%d of %d boots never answered SAS", r.Boots-len(r.BootToReadyMs), r.Boots))
	}
	return miss
}

// Print writes the report for people.
func (r PowerfailReport) Print(w io.Writer) {
	fmt.Fprintf(w, "board power-cut campaign: %d cuts, %d boots in %.0fs, %d games played\n", r.Kills, r.Boots, r.Seconds, r.GamesPlayed)
	if len(r.BootToReadyMs) > 0 {
		ms := slices.Clone(r.BootToReadyMs)
		slices.Sort(ms)
		fmt.Fprintf(w, "  boot to SAS answering            min %.1fs, median %.1fs, max %.1fs (%d boots)\n",
			float64(ms[0])/1000, float64(ms[len(ms)/2])/1000, float64(ms[len(ms)-1])/1000, len(ms))
	}
	if len(r.PlatformStartS) > 0 {
		s := slices.Clone(r.PlatformStartS)
		slices.Sort(s)
		fmt.Fprintf(w, "  kernel start to platform start   median %.2fs (guest uptime)\n", s[len(s)/2])
	}
	fmt.Fprintf(w, "  cut with a game in progress      %d (past step 0: %d, mid-gamble: %d, handpay: %d)\n", r.InGame, r.InFeature, r.InGamble, r.InHandpay)
	fmt.Fprintf(w, "  resumed with the same outcome    %d (not seen again: %d)\n", r.Resumed, r.Unverified)
	fmt.Fprintf(w, "  boots that repaired memory       %d\n", r.Repairs)
	fmt.Fprintf(w, "  e2fsck fixed free counts         %d (exit 1; a damaged file system is a violation)\n", r.FsckFixes)
	fmt.Fprintf(w, "  SAS meter reads checked          %d (failed reads or jackpot cycles: %d, floor.log)\n", r.SASReads, r.FloorErrors)
	fmt.Fprintf(w, "  linked hits paid by the floor    %d\n", r.JackpotsPaid)
	fmt.Fprintf(w, "  recall entries re-checked        %d\n", r.GamesChecked)
	fmt.Fprintf(w, "  last boot played on              %v\n", r.FinalRunExitOK)
	for _, m := range r.notExercised() {
		fmt.Fprintf(w, "  not exercised: %s\n", m)
	}
	lab.PrintViolations(w, r.Violations, "credits exact, no meter down on the disk or over SAS, the event chain whole, no game settled twice, no outcome redrawn")
}
