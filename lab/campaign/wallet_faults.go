package campaign

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/lab"
	"egm/rng"
	"egm/wallet"
)

// The QR files of `egm run --headless --qr-png DIR`, as the screen shows them.
const (
	qrCashIn  = "cashin.png"
	qrCashOut = "cashout.png"
)

// WalletFaultsOptions are the wallet fault campaign's.
type WalletFaultsOptions struct {
	Egm      Egm
	Dir      string // the working directory: the machine's state, its QR files, the floor database, logs
	Kills    int
	Seed     uint64        // the kill instants, victims and amounts
	MaxDelay time.Duration // the fault lands 10 ms + up to this long after the floor's scan starts (default 80 ms)
	Progress Progress
}

// WalletFaultsReport is the wallet fault campaign's summary.
type WalletFaultsReport struct {
	Kills         int      `json:"kills"`
	MachineKills  int      `json:"machine_kills"`
	FloorKills    int      `json:"floor_kills"`
	LinkCuts      int      `json:"link_cuts"`
	CashIns       int      `json:"cash_ins_committed"`
	CashOuts      int      `json:"cash_outs_committed"`
	Refused       int      `json:"transfers_refused"`
	Pending       int      `json:"left_pending_by_a_fault"` // transfers a fault left pending, resolved by recovery
	FundedCents   int64    `json:"funded_cents"`
	WalletsCents  int64    `json:"wallets_cents"`
	MachineCents  int64    `json:"machine_credits_cents"`
	Reconciled    int      `json:"reconciliations"`
	Seconds       float64  `json:"seconds"`
	Violations    []string `json:"violations"`
	TCPRuns       int      `json:"machine_lives_tcp"`
	PTYRuns       int      `json:"machine_lives_pty"`
	FinalBalances string   `json:"-"`
}

// Print writes the report for people.
func (r WalletFaultsReport) Print(w io.Writer) {
	fmt.Fprintf(w, "wallet fault campaign: %d faults in %.0fs (machine killed %d, floor killed %d, link cut %d); machine lives: %d on TCP, %d on a pty\n",
		r.Kills, r.Seconds, r.MachineKills, r.FloorKills, r.LinkCuts, r.TCPRuns, r.PTYRuns)
	fmt.Fprintf(w, "  transfers committed              %d cash-in, %d cash-out; %d refused\n", r.CashIns, r.CashOuts, r.Refused)
	fmt.Fprintf(w, "  left pending by a fault          %d, all resolved by recovery\n", r.Pending)
	fmt.Fprintf(w, "  reconciliations                  %d: wallets %s + machine %s = funded %s\n", r.Reconciled,
		lab.Euros(r.WalletsCents), lab.Euros(r.MachineCents), lab.Euros(r.FundedCents))
	lab.PrintViolations(w, r.Violations, "no money lost or made, to the cent, after every fault")
}

// wfMachine is the headless machine child.
type wfMachine struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	spec string
}

type wfRun struct {
	o       WalletFaultsOptions
	state   string
	qr      string
	db      string
	timing  *rng.Generator
	mach    *wfMachine
	lives   int
	rep     *WalletFaultsReport
	players []string
}

// WalletFaults runs the wallet's fault campaign: a headless machine on its SAS link
// (TCP and a pty, alternately) and the floor's `egm-floor wallet scan` as children;
// during each transfer, at a random instant, one of them is killed with SIGKILL or
// (on TCP) the link between them is cut; then the machine is restarted if needed,
// the floor recovers its pending transfers, and the books are reconciled with the
// machine's meters over SAS (checkWalletBooks) after every fault. An error is a
// campaign that could not run; violations are in the report.
func WalletFaults(o WalletFaultsOptions) (WalletFaultsReport, error) {
	if o.MaxDelay <= 0 {
		o.MaxDelay = 80 * time.Millisecond
	}
	start := time.Now()
	rep := &WalletFaultsReport{}
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return WalletFaultsReport{}, err
	}
	r := &wfRun{o: o, state: filepath.Join(o.Dir, "machine"), qr: filepath.Join(o.Dir, "qr"), db: filepath.Join(o.Dir, "floor.db"),
		timing: rng.NewSeeded(o.Seed ^ 0x77616c6c6574), rep: rep, players: []string{"alice", "bob"}}
	defer r.stopMachine(false)
	if err := r.startMachine(); err != nil {
		return *rep, err
	}
	if err := r.register(); err != nil {
		return *rep, err
	}
	for i := 0; i < o.Kills; i++ {
		if err := o.Egm.stopped(); err != nil {
			return *rep, err
		}
		if err := r.round(); err != nil {
			if stop := o.Egm.stopped(); stop != nil {
				return *rep, stop
			}
			return *rep, fmt.Errorf("campaign: wallet-faults: kill %d: %w", i+1, err)
		}
		o.Progress.Report(i + 1)
	}
	rep.Kills = o.Kills
	rep.Seconds = time.Since(start).Seconds()
	return *rep, nil
}

// register registers the machine with the floor's wallet (and its AFT), and opens
// the players' accounts.
func (r *wfRun) register() error {
	st, w, err := desk.OpenWalletAt(r.db, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	pub, err := os.ReadFile(filepath.Join(r.state, wallet.PubKeyFile))
	if err != nil {
		return err
	}
	if err := w.RegisterMachine(1, "EGM-0001", strings.TrimSpace(string(pub))); err != nil {
		return err
	}
	a, closeLink, err := desk.DialAFT(r.mach.spec, 1, w, 1)
	if err != nil {
		return err
	}
	defer closeLink()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := a.Register(ctx); err != nil {
		return err
	}
	for _, p := range r.players {
		if _, err := desk.OpenAccount(w, p, 100_000_000); err != nil {
			return err
		}
	}
	return nil
}

// startMachine starts the machine child, alternately on TCP and on a pty, and waits
// until it shows its cash-in code.
func (r *wfRun) startMachine() error {
	r.lives++
	spec := ""
	if r.lives%2 == 1 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		spec = "tcp:" + ln.Addr().String()
		ln.Close()
		r.rep.TCPRuns++
	} else {
		spec = "pty:" + filepath.Join(r.o.Dir, "sas-pty")
		r.rep.PTYRuns++
	}
	os.Remove(filepath.Join(r.qr, qrCashIn))
	cmd := r.o.Egm.Command("run", "--headless", "--state", r.state, "--sas", spec, "--qr-png", r.qr)
	logf, err := os.OpenFile(filepath.Join(r.o.Dir, "machine.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd.Stderr = logf
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r.mach = &wfMachine{cmd: cmd, in: in, spec: spec}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(r.qr, qrCashIn)); err == nil {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the machine showed no cash-in code within 20 s (see %s)", filepath.Join(r.o.Dir, "machine.log"))
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// stopMachine kills the machine child (SIGKILL) or stops it.
func (r *wfRun) stopMachine(kill bool) {
	if r.mach == nil {
		return
	}
	if kill {
		r.mach.cmd.Process.Signal(syscall.SIGKILL)
	} else {
		r.mach.in.Close()
		r.mach.cmd.Process.Signal(syscall.SIGTERM)
	}
	r.mach.cmd.Wait()
	r.mach = nil
}

// round is one transfer with one kill, then recovery and the check.
func (r *wfRun) round() error {
	rec, err := r.reconcile()
	if err != nil {
		return err
	}
	// What to do: the cash-out the machine shows, or a cash-in, or CASH OUT first.
	outPNG := filepath.Join(r.qr, qrCashOut)
	_, outErr := os.Stat(outPNG)
	if outErr != nil && rec.Credits > 0 && rng.Intn(r.timing, 3) == 0 {
		io.WriteString(r.mach.in, `{"kind":"cashout"}`+"\n")
		for i := 0; i < 300 && outErr != nil; i++ {
			time.Sleep(10 * time.Millisecond)
			_, outErr = os.Stat(outPNG)
		}
	}
	owner, err := r.owner()
	if err != nil {
		return err
	}
	// The fault: the machine killed, the floor killed, or (on TCP) the link cut
	// between them while both live on.
	fault := rng.Intn(r.timing, 3)
	connect := r.mach.spec
	var cut func()
	if fault == 2 {
		if target, ok := strings.CutPrefix(r.mach.spec, "tcp:"); ok {
			addr, c, err := cutProxy(target)
			if err != nil {
				return err
			}
			connect, cut = "tcp:"+addr, c
		} else {
			fault = rng.Intn(r.timing, 2)
		}
	}
	var args []string
	if outErr == nil {
		player := owner
		if player == "" {
			player = r.players[0]
		}
		b, err := os.ReadFile(outPNG)
		if err != nil {
			return err
		}
		pic := filepath.Join(r.o.Dir, "scan.png") // the phone's picture, taken now
		if err := os.WriteFile(pic, b, 0o644); err != nil {
			return err
		}
		args = []string{"scan", "--db", r.db, "--connect", connect, "--png", pic, "--player", player, "--timeout", "3s"}
	} else {
		player := owner
		if player == "" {
			player = r.players[rng.Intn(r.timing, len(r.players))]
		}
		b, err := os.ReadFile(filepath.Join(r.qr, qrCashIn))
		if err != nil {
			return err
		}
		pic := filepath.Join(r.o.Dir, "scan.png")
		if err := os.WriteFile(pic, b, 0o644); err != nil {
			return err
		}
		cents := 100 + int64(rng.Intn(r.timing, 50_000))
		args = []string{"scan", "--db", r.db, "--connect", connect, "--png", pic, "--player", player,
			"--cents", strconv.FormatInt(cents, 10), "--timeout", "3s"}
	}
	// The floor's scan as a child; one of the two dies at a random instant.
	scan := r.o.Egm.floorCommand(append([]string{"wallet"}, args...)...)
	if err := scan.Start(); err != nil {
		return err
	}
	// The child needs about 10 ms to start; the transfer follows within tens of ms.
	time.Sleep(10*time.Millisecond + time.Duration(rng.Uint64n(r.timing, uint64(r.o.MaxDelay))))
	switch fault {
	case 0:
		r.rep.MachineKills++
		r.stopMachine(true)
		scan.Wait()
		if err := r.startMachine(); err != nil {
			return err
		}
	case 1:
		r.rep.FloorKills++
		scan.Process.Signal(syscall.SIGKILL)
		scan.Wait()
	case 2:
		r.rep.LinkCuts++
		cut()
		scan.Wait()
	}
	// Recovery: the floor asks the machine about every pending transfer.
	st, w, err := desk.OpenWalletAt(r.db, nil)
	if err != nil {
		return err
	}
	pend, _ := w.Pending(0)
	st.Close()
	r.rep.Pending += len(pend)
	for try := 0; ; try++ {
		err := desk.OnWalletLink(r.db, r.mach.spec, 1, 1, 5*time.Second, func(ctx context.Context, w *desk.Wallet) error {
			_, err := w.Recover(ctx)
			return err
		})
		if err == nil {
			break
		}
		if try == 5 {
			return fmt.Errorf("recovery: %w (the machine's log: %s)", err, filepath.Join(r.o.Dir, "machine.log"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	after, err := r.reconcile()
	if err != nil {
		return err
	}
	r.rep.Violations = append(r.rep.Violations, checkWalletBooks(after)...)
	r.rep.FundedCents, r.rep.WalletsCents, r.rep.MachineCents = after.Funded, after.Wallets, after.Credits
	return r.count()
}

// reconcile checks the books against the machine's meters over SAS.
func (r *wfRun) reconcile() (desk.Reconciliation, error) {
	var err error
	for try := 0; try < 5; try++ {
		var mm desk.MachineMoney
		if mm, err = desk.MoneyAt(r.mach.spec, 1, 1); err == nil {
			var st *floor.Store
			var w *desk.Wallet
			if st, w, err = desk.OpenWalletAt(r.db, nil); err == nil {
				rec, rerr := w.Reconcile([]desk.MachineMoney{mm})
				st.Close()
				if rerr == nil {
					r.rep.Reconciled++
					return rec, nil
				}
				err = rerr
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return desk.Reconciliation{}, fmt.Errorf("reconcile: %w", err)
}

// owner is the wallet that owns the machine's balance ("" when none).
func (r *wfRun) owner() (string, error) {
	st, w, err := desk.OpenWalletAt(r.db, nil)
	if err != nil {
		return "", err
	}
	defer st.Close()
	ms, err := w.Machines()
	if err != nil || len(ms) != 1 {
		return "", errors.Join(err, fmt.Errorf("%d machines registered", len(ms)))
	}
	return ms[0].Owner, nil
}

// count tallies the journal's outcomes.
func (r *wfRun) count() error {
	st, w, err := desk.OpenWalletAt(r.db, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	j, err := w.Journal()
	if err != nil {
		return err
	}
	r.rep.CashIns, r.rep.CashOuts, r.rep.Refused = tallyJournal(j)
	return nil
}

// cutProxy forwards one connection to target until cut closes both sides (a cable
// pulled mid-transfer: the machine and the floor both live on).
func cutProxy(target string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	var mu sync.Mutex
	var conns []net.Conn
	cutDone := false
	keep := func(c net.Conn) bool {
		mu.Lock()
		defer mu.Unlock()
		if cutDone {
			c.Close()
			return false
		}
		conns = append(conns, c)
		return true
	}
	go func() {
		for {
			a, err := ln.Accept()
			if err != nil {
				return
			}
			if !keep(a) {
				continue
			}
			b, err := net.Dial("tcp", target)
			if err != nil {
				a.Close()
				continue
			}
			if !keep(b) {
				a.Close()
				continue
			}
			go func() { io.Copy(a, b); a.Close() }()
			go func() { io.Copy(b, a); b.Close() }()
		}
	}()
	return ln.Addr().String(), func() {
		mu.Lock()
		cutDone = true
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		ln.Close()
	}, nil
}
