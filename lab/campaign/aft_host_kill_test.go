package campaign

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

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
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

func aftKillOpen(dir string) (*machine.Machine, error) {
	return machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}})
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
	err = aftHostLoop(m, uint64(time.Now().UnixNano()), func(id string, typ byte, cents uint64) {
		fmt.Printf("done %s %02X %d\n", id, typ, cents)
	})
	fmt.Printf("loop failed: %v\n", err)
	os.Exit(4)
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
	var ledger AFTLedger
	scale := time.Duration(1) // lives grow while no transfer completes (a slow, loaded or -race run)
	for k := 0; k < kills; k++ {
		if ledger.Seen == 0 && k > 0 && scale < 64 {
			scale *= 2
		}
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
		time.Sleep(scale * time.Duration(20_000+rnd.IntN(130_000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		var failed []string
		for f := range lines {
			if len(f) == 4 && f[0] == "done" {
				typ, _ := strconv.ParseUint(f[2], 16, 8)
				cents, _ := strconv.ParseUint(f[3], 10, 64)
				ledger.Note(f[1], byte(typ), cents)
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
		if err := ledger.Check(m); err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		m.Close()
	}
	t.Logf("%d kills, %d transfers, %d committed but unreported at a kill; in %d out %d cents",
		kills, ledger.Seen, ledger.Unreported, ledger.In, ledger.Out)
	if ledger.Seen == 0 {
		t.Fatal("no transfer completed between the kills")
	}
}
