package machine

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// The AFT kill test: a child machine moves money in and out by AFT in a loop and
// reports each transfer it saw complete; the parent kills it with SIGKILL at random
// instants and, after each kill, reopens critical memory and checks that nothing
// was lost or made twice. EGM_AFT_KILLS sets the number of kills (default 20; the
// lab runs 300 and more).
const (
	aftKillChildEnv = "EGM_AFT_KILL_CHILD"
	aftKillsEnv     = "EGM_AFT_KILLS"
)

func aftKillOpen(dir string) (*Machine, error) {
	return Open(dir, DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(3)}})
}

// TestAFTKillChild is the child; it runs only under TestAFTKill.
func TestAFTKillChild(t *testing.T) {
	dir := os.Getenv(aftKillChildEnv)
	if dir == "" {
		t.Skip("the AFT kill test's child; runs only under TestAFTKill")
	}
	m, err := aftKillOpen(dir)
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(3)
	}
	m.AFTRegister(sas.AFTRegistration{Code: sas.AFTRegRegister, Asset: 1, Key: aftTestKey, POSID: 1})
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for {
		m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogate})
		credits := m.Status().CreditsCents
		req := sas.AFTTransfer{Code: sas.AFTFullOnly, Asset: 1, Key: aftTestKey}
		if credits == 0 {
			c, err := m.IssueCode(CodeCashIn)
			if err != nil {
				fmt.Printf("issue failed: %v\n", err)
				os.Exit(4)
			}
			req.Type, req.ID, req.Cashable = sas.AFTInHouseToMachine, c.ID, uint64(1+r.IntN(199_999))
		} else {
			c, err := m.IssueCode(CodeCashOut)
			if err != nil {
				fmt.Printf("issue failed: %v\n", err)
				os.Exit(4)
			}
			req.Type, req.ID, req.Cashable = sas.AFTInHouseToHost, c.ID, uint64(c.Cents)
		}
		rep := m.AFTTransfer(req)
		if rep.Status != sas.AFTStatusFull {
			fmt.Printf("transfer failed: %v\n", rep.Status)
			os.Exit(5)
		}
		fmt.Printf("done %s %02X %d\n", rep.ID, rep.Type, rep.Cashable)
	}
}

func TestAFTKill(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	kills := 20
	if s := os.Getenv(aftKillsEnv); s != "" {
		var err error
		if kills, err = strconv.Atoi(s); err != nil || kills < 1 {
			t.Fatalf("%s=%q: want a positive count", aftKillsEnv, s)
		}
	}
	dir := t.TempDir()
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))
	ledger := map[string]int64{} // transaction id → signed cents, as the host saw them complete
	var in, out int64
	note := func(id string, typ byte, cents int64) {
		if _, ok := ledger[id]; ok {
			return
		}
		if typ == sas.AFTInHouseToHost {
			cents = -cents
			out -= cents
		} else {
			in += cents
		}
		ledger[id] = cents
	}
	transfers, unreported := 0, 0
	for k := 0; k < kills; k++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAFTKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), aftKillChildEnv+"="+dir)
		pipe, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan []string, 1024)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				lines <- strings.Fields(sc.Text())
			}
		}()
		time.Sleep(time.Duration(20_000+rnd.IntN(130_000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		var failed []string
		for f := range lines {
			if len(f) == 4 && f[0] == "done" {
				typ, _ := strconv.ParseUint(f[2], 16, 8)
				cents, _ := strconv.ParseInt(f[3], 10, 64)
				note(f[1], byte(typ), cents)
				transfers++
			} else {
				failed = append(failed, strings.Join(f, " "))
			}
		}
		cmd.Wait()
		if len(failed) > 0 {
			t.Fatalf("kill %d: child: %v", k, failed)
		}

		m, err := aftKillOpen(dir)
		if err != nil {
			t.Fatalf("kill %d: reopen: %v", k, err)
		}
		last := m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogateStatusOnly})
		if last.Status.Pending() {
			t.Fatalf("kill %d: the last transfer is still pending after the boot: %+v", k, last)
		}
		if last.Status == sas.AFTStatusFull {
			if _, ok := ledger[last.ID]; !ok {
				unreported++ // committed before the kill, not yet reported: the host learns it now
			}
			note(last.ID, last.Type, int64(last.Cashable))
		}
		var credits, win, wout, cin, cout int64
		var inv error
		m.Store().View(func(v *meters.Snapshot) {
			ms, c := v.Meters(), v.Counters()
			credits, win, wout = ms.Get(meters.CurrentCredits), ms.Get(meters.WalletIn), ms.Get(meters.WalletOut)
			cin, cout = c[CounterAFTCashableIn], c[CounterAFTCashableOut]
			inv = ms.Invariant()
		})
		if inv != nil || credits != in-out || cin != in || cout != out || win != in || wout != out {
			t.Fatalf("kill %d: machine credits %d, AFT in %d out %d, wallet in %d out %d; the host saw in %d out %d (%v)",
				k, credits, cin, cout, win, wout, in, out, inv)
		}
		// Every transfer the host saw complete is in the history with its amount.
		for idx := 0xFF; idx > 0xFF-min(len(ledger), sas.AFTHistorySize); idx-- {
			h := m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTInterrogateStatusOnly, Index: byte(idx)})
			want, ok := ledger[h.ID]
			if !ok || h.Status != sas.AFTStatusFull || (want != int64(h.Cashable) && want != -int64(h.Cashable)) {
				t.Fatalf("kill %d: history %02X holds %+v, the host's ledger %d (%v)", k, idx, h, want, ok)
			}
		}
		m.Close()
	}
	t.Logf("%d kills, %d transfers reported, %d committed but unreported at a kill; in %d out %d cents",
		kills, transfers, unreported, in, out)
	if transfers == 0 {
		t.Fatal("no transfer completed between the kills")
	}
}
