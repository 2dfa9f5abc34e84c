package meters

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The crash test re-executes this test binary as a child that commits in a loop and
// is killed with SIGKILL at random instants; after each kill the parent reopens the
// store and checks it. EGM_METERS_KILLS scales the number of kills (default 200; the
// lab runs 1,000 and more).
const (
	crashChildEnv = "EGM_METERS_CRASH_CHILD"
	crashKillsEnv = "EGM_METERS_KILLS"
	crashKey      = "crash_n"
	crashCompact  = 48 << 10 // small, so that kills also land inside compactions
	crashSlowEnv  = "EGM_METERS_CRASH_SLOW"
)

// slowFS writes each buffer in four pieces with a pause between them, like a slow
// device, so that a kill often lands inside a frame and leaves it torn.
type slowFS struct{ OSFS }

func (f slowFS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	fl, err := f.OSFS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return slowFile{fl}, nil
}

type slowFile struct{ File }

func (f slowFile) Write(p []byte) (int, error) {
	total := 0
	for len(p) > 0 {
		n := min(len(p), max(64, len(p)/4+1))
		m, err := f.File.Write(p[:n])
		total += m
		if err != nil {
			return total, err
		}
		p = p[n:]
		time.Sleep(150 * time.Microsecond)
	}
	return total, nil
}

// crashStep is the child's i-th commit as a pure function of the meters before it:
// the parent replays it to know the exact meters after commit n.
func crashStep(cur Meters, i uint64) Meters {
	next := cur
	bet := int64(100 + (i*37)%40*10)
	switch i % 4 {
	case 1: // bet and outcome
		if next[CurrentCredits] < 4500 {
			next[WalletIn] += 20_000
			next[CurrentCredits] += 20_000
		}
		next[CoinIn] += bet
		next[GamesPlayed]++
		next[CurrentCredits] -= bet
	case 2: // a presented step: no meter moves
	case 3: // settlement
		win := int64(0)
		if i%3 == 0 {
			win = 3 * int64(100+((i-2)*37)%40*10)
		}
		next[WonToCredits] += win
		next[CurrentCredits] += win
		if win > 0 {
			next[GamesWon]++
		} else {
			next[GamesLost]++
		}
	case 0: // a cash-out now and then, else a door
		if i%20 == 0 {
			out := next[CurrentCredits] / 2
			next[WalletOut] += out
			next[CurrentCredits] -= out
		} else {
			next[DoorOpens]++
		}
	}
	return next
}

// crashCommit makes commit i in tx.
func crashCommit(tx *Tx, i uint64) error {
	cur := tx.Meters()
	next := crashStep(cur, i)
	for m := Meter(0); m < NumMeters; m++ {
		if m != CurrentCredits && next[m] != cur[m] {
			tx.Add(m, next[m]-cur[m])
		}
	}
	tx.SetCredits(next[CurrentCredits])
	switch i % 4 {
	case 1:
		tx.SetGame(GameInProgress{Number: i, Title: "t", DenomCents: 10, BetCents: next[CoinIn] - cur[CoinIn], Outcome: outcome(i, 1500)})
	case 2:
		tx.SetGameStep(int(i))
	case 3:
		g, _ := tx.Game()
		tx.ClearGame()
		tx.AppendRecall(RecallEntry{Number: g.Number, Title: g.Title, DenomCents: 10, BetCents: g.BetCents,
			CreditsAfterCents: next[CurrentCredits], WinCents: next[WonToCredits] - cur[WonToCredits], Outcome: g.Outcome})
	case 0:
		tx.Event(EvDoorOpen, time.Time{}, fmt.Sprintf("commit %d", i))
	}
	return tx.SetValue(crashKey, json.RawMessage(strconv.FormatUint(i, 10)))
}

func crashCounter(v *Snapshot) uint64 {
	b, ok := v.Value(crashKey)
	if !ok {
		return 0
	}
	n, _ := strconv.ParseUint(string(b), 10, 64)
	return n
}

// TestCrashChild is the child: it runs only when the parent sets the environment.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildEnv)
	if dir == "" {
		t.Skip("the crash test's child; runs only under TestCrashKill")
	}
	opts := Options{CompactBytes: crashCompact}
	if os.Getenv(crashSlowEnv) != "" {
		opts.FS = slowFS{}
	}
	st, err := Open(dir, opts)
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(3)
	}
	var n uint64
	st.View(func(v *Snapshot) { n = crashCounter(v) })
	for i := n + 1; ; i++ {
		if err := st.Update(func(tx *Tx) error { return crashCommit(tx, i) }); err != nil {
			fmt.Printf("commit failed: %v\n", err)
			os.Exit(4)
		}
		os.Stdout.WriteString("committed seq " + strconv.FormatUint(i, 10) + "\n")
		if i%50 == 0 {
			if err := st.Validate(); err != nil {
				fmt.Printf("validate failed: %v\n", err)
				os.Exit(5)
			}
		}
	}
}

func TestCrashKill(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	kills := 200
	if s := os.Getenv(crashKillsEnv); s != "" {
		var err error
		if kills, err = strconv.Atoi(s); err != nil || kills < 1 {
			t.Fatalf("%s=%q: want a positive count", crashKillsEnv, s)
		}
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	expected := []Meters{{}} // expected[n]: the meters after commit n
	var prevN, prevEvent uint64
	var recoveries, repairs, midCommitKills int
	start := time.Now()
	for k := 0; k < kills; k++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
		if k%2 == 1 {
			cmd.Env = append(cmd.Env, crashSlowEnv+"=1") // every other child writes slowly
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var last atomic.Uint64
		last.Store(prevN)
		var other strings.Builder
		done := make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if s, ok := strings.CutPrefix(sc.Text(), "committed seq "); ok {
					n, _ := strconv.ParseUint(s, 10, 64)
					last.Store(n)
				} else {
					other.WriteString(sc.Text() + "\n")
				}
			}
		}()
		// Kill at a random instant: during start-up and recovery, or mid-stream.
		time.Sleep(time.Duration(2_000+rng.IntN(48_000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		<-done
		cmd.Wait()
		if strings.Contains(other.String(), "failed") {
			t.Fatalf("kill %d: child: %s", k, other.String())
		}
		reported := last.Load()

		st, err := Open(dir, Options{})
		if err != nil {
			t.Fatalf("kill %d: reopen after kill (last reported commit %d): %v", k, reported, err)
		}
		var n uint64
		var got Meters
		var evs []Event
		var anchor Anchor
		var recall []RecallEntry
		st.View(func(v *Snapshot) {
			n, got, recall = crashCounter(v), v.Meters(), v.Recall()
			evs, anchor = v.Events()
		})
		if n < reported || n > reported+1 {
			t.Fatalf("kill %d: reopened at commit %d, child last reported %d", k, n, reported)
		}
		if n == reported+1 {
			midCommitKills++
		}
		for uint64(len(expected)) <= n {
			i := uint64(len(expected))
			expected = append(expected, crashStep(expected[i-1], i))
		}
		if got != expected[n] {
			t.Fatalf("kill %d: meters at commit %d:\n got %v\nwant %v", k, n, got, expected[n])
		}
		if n < prevN {
			t.Fatalf("kill %d: went back from commit %d to %d", k, prevN, n)
		}
		if err := got.Invariant(); err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		if settled := (n + 1) / 4; uint64(len(recall)) != min(settled, RecallDepth) ||
			settled > 0 && recall[0].Number != 4*settled-3 {
			t.Fatalf("kill %d: commit %d: recall has %d entries", k, n, len(recall))
		}
		if err := VerifyChain(anchor, evs); err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		// Every copy is now valid: repaired at Open if it was not.
		copies, _, err := st.readCopies()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range copies {
			if last, _ := c.lastSeq(); !c.perfect() || last != st.Seq() {
				t.Fatalf("kill %d: after reopen %s", k, c.describe())
			}
		}
		for _, e := range evs {
			if e.Seq <= prevEvent {
				continue
			}
			prevEvent = e.Seq
			switch e.Kind {
			case EvMemoryRecovery:
				recoveries++
			case EvMemoryRepair:
				repairs++
			}
		}
		st.Close()
		prevN = n
	}
	t.Logf("%d kills in %v: reached commit %d; %d kills left an unacknowledged commit that survived; recovery events (torn write discarded) %d, repair events %d",
		kills, time.Since(start).Round(time.Millisecond), prevN, midCommitKills, recoveries, repairs)
}

// TestLockedByAnotherProcess opens the store in a child process and checks that this
// one is refused clearly, read-only too, and that the lock dies with the child.
func TestLockedByAnotherProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "committed seq ") {
		cmd.Process.Kill()
		t.Fatalf("child did not commit: %q", sc.Text())
	}
	for _, opts := range []Options{{}, {ReadOnly: true}} {
		_, err := Open(dir, opts)
		if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "in use by another process") {
			t.Errorf("Open(ReadOnly=%v) while another process has it: %v", opts.ReadOnly, err)
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	go io.Copy(io.Discard, out)
	cmd.Wait()
	st, err := Open(dir, Options{})
	if err != nil {
		t.Fatalf("Open after the holder died: %v", err)
	}
	st.Close()
}
