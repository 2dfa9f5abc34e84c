package jackpot

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/rng"
)

// The kill test re-executes this test binary as a child that applies a scripted
// stream of operations to the controller and reports each one on stdout after it
// returns (so after its commit); the parent SIGKILLs it at a random instant,
// reopens the database and checks it, and restarts the child a few operations
// before the last one reported, so that operations are also resent. Default 120
// kills; EGM_JACKPOT_KILLS sets another number.
const (
	killChildEnv = "EGM_JACKPOT_KILL_CHILD" // the database path
	killFromEnv  = "EGM_JACKPOT_KILL_FROM"  // the first operation to apply
	killsEnv     = "EGM_JACKPOT_KILLS"
)

// killOp is the scripted operation i: machine i%3, its game i/3+1; every tenth
// operation is a Grand or Major hit, the others contributions.
type killOp struct {
	machine string
	game    uint64
	hit     string // level, for a hit
	bet     int64  // for a contribution
}

func scriptOp(i int) killOp {
	op := killOp{machine: fmt.Sprintf("m%d", i%3), game: uint64(i/3 + 1)}
	if i%10 == 9 {
		op.hit = []string{Grand, Major}[(i/10)%2]
	} else {
		bets := betChoices()
		op.bet = bets[(i*7919)%len(bets)]
	}
	return op
}

func TestKillChild(t *testing.T) {
	path := os.Getenv(killChildEnv)
	if path == "" {
		t.Skip("the kill test's child")
	}
	from, _ := strconv.Atoi(os.Getenv(killFromEnv))
	c, err := Open(path, Options{Levels: smallLevels(), RNG: rng.NewSeeded(uint64(os.Getpid())), AwardLog: 1 << 30})
	if err != nil {
		fmt.Printf("error %v\n", err)
		os.Exit(3)
	}
	for _, m := range []string{"m0", "m1", "m2"} {
		if err := c.Register(m); err != nil {
			fmt.Printf("error %v\n", err)
			os.Exit(3)
		}
	}
	for i := from; i < from+100_000; i++ {
		op := scriptOp(i)
		var line string
		if op.hit != "" {
			a, err := c.Hit(op.machine, op.game, op.hit)
			if err != nil {
				fmt.Printf("error %d %v\n", i, err)
				os.Exit(3)
			}
			line = fmt.Sprintf("ok %d %s", i, fmtAward(a))
		} else {
			r, err := c.Contribute(op.machine, op.game, op.bet)
			if err != nil {
				fmt.Printf("error %d %v\n", i, err)
				os.Exit(3)
			}
			var parts []string
			for _, a := range r.Awards {
				parts = append(parts, fmtAward(a))
			}
			line = fmt.Sprintf("ok %d %s", i, strings.Join(parts, " "))
		}
		os.Stdout.WriteString(line + "\n")
	}
	os.Exit(0)
}

func fmtAward(a Award) string {
	return fmt.Sprintf("%d:%s:%d:%s:%d", a.Seq, a.Machine, a.Game, a.Level, a.Cents)
}

func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test in -short mode")
	}
	kills := 120
	if s := os.Getenv(killsEnv); s != "" {
		kills, _ = strconv.Atoi(s)
	}
	path := filepath.Join(t.TempDir(), "jackpot.db")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	prng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	reported := map[int]string{} // operation → its answer as first reported
	last := -1                   // the last operation reported
	resent, killedInside := 0, 0
	start := time.Now()
	for k := 0; k < kills; k++ {
		from := max(0, last+1-prng.IntN(4))
		if from <= last {
			resent += last + 1 - from
		}
		cmd := exec.Command(exe, "-test.run=^TestKillChild$")
		cmd.Env = append(os.Environ(), killChildEnv+"="+path, killFromEnv+"="+strconv.Itoa(from))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan []string)
		go func() {
			var got []string
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				got = append(got, sc.Text())
			}
			lines <- got
		}()
		time.Sleep(time.Duration(5+prng.IntN(120)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		got := <-lines
		cmd.Wait()
		for _, ln := range got {
			f := strings.SplitN(ln, " ", 3)
			if f[0] != "ok" || len(f) < 3 {
				t.Fatalf("child: %s", ln)
			}
			i, _ := strconv.Atoi(f[1])
			if old, ok := reported[i]; ok && old != f[2] {
				t.Fatalf("operation %d answered %q, first %q", i, f[2], old)
			}
			reported[i] = f[2]
			last = max(last, i)
		}
		if len(got) > 0 {
			killedInside++
		}
		if err := verifyKilled(path, reported, last); err != nil {
			t.Fatalf("after kill %d: %v", k+1, err)
		}
	}
	mysteries := 0
	for _, v := range reported {
		mysteries += strings.Count(v, ":"+MysteryName+":")
	}
	t.Logf("%d kills (%d after at least one reported operation) in %v: %d operations reported, %d resent, %d mystery awards reported",
		kills, killedInside, time.Since(start).Round(time.Millisecond), len(reported), resent, mysteries)
	if last < 200 || mysteries == 0 {
		t.Fatalf("the children did too little: %d operations, %d mystery awards", last+1, mysteries)
	}
}

// verifyKilled opens the database a killed child left and checks that the
// committed operations are a prefix of the script that holds every reported one,
// each exactly once, and that the accounting identity holds.
func verifyKilled(path string, reported map[int]string, last int) error {
	c, err := Open(path, Options{Levels: smallLevels(), RNG: rng.NewSeeded(5)})
	if err != nil {
		if os.IsNotExist(err) || last < 0 {
			return nil // killed before it created the database
		}
		return err
	}
	defer c.Close()
	if err := c.Check(); err != nil {
		return err
	}
	acc, err := c.Accounts()
	if err != nil {
		return err
	}
	if err := acc.Check(); err != nil {
		return err
	}
	log, err := c.Awards()
	if err != nil {
		return err
	}
	if uint64(len(log)) != c.st.AwardSeq {
		return fmt.Errorf("%d awards logged, %d counted", len(log), c.st.AwardSeq)
	}
	bySeq := map[string]bool{}
	var logged int64
	for i, a := range log {
		if a.Seq != uint64(i+1) {
			return fmt.Errorf("award %d numbered %d", i+1, a.Seq)
		}
		bySeq[fmtAward(a)] = true
		logged += a.Cents
	}
	var awarded int64
	for _, l := range c.st.Levels {
		awarded += l.Awarded
	}
	if logged*Unit != awarded {
		return fmt.Errorf("award log pays %d cents, the levels %d units", logged, awarded)
	}
	// Walk the script: committed operations form a prefix.
	var coinIn int64
	hits, contribs, mysteries := 0, 0, 0
	committed := -1
	err = boltDB(c).View(func(tx *bolt.Tx) error {
		for i := 0; ; i++ {
			op := scriptOp(i)
			var answer string
			if op.hit != "" {
				v := tx.Bucket(bHits).Get(append(append(gameKey(op.machine, op.game), 0), op.hit...))
				if v == nil {
					break
				}
				a, err := decodeAward(v)
				if err != nil {
					return err
				}
				if !bySeq[fmtAward(a)] {
					return fmt.Errorf("operation %d's hit award %+v is not in the award log", i, a)
				}
				hits++
				answer = fmtAward(a)
			} else {
				v := tx.Bucket(bGames).Get(gameKey(op.machine, op.game))
				if v == nil {
					break
				}
				g, err := decodeGame(v)
				if err != nil {
					return err
				}
				if g.Bet != op.bet {
					return fmt.Errorf("operation %d stored with bet %d, want %d", i, g.Bet, op.bet)
				}
				var parts []string
				for _, a := range g.Awards {
					if !bySeq[fmtAward(a)] {
						return fmt.Errorf("operation %d's mystery award %+v is not in the award log", i, a)
					}
					parts = append(parts, fmtAward(a))
				}
				mysteries += len(g.Awards)
				coinIn += op.bet
				contribs++
				answer = strings.Join(parts, " ")
			}
			if r, ok := reported[i]; ok && r != answer {
				return fmt.Errorf("operation %d reported %q, stored %q", i, r, answer)
			}
			committed = i
		}
		return nil
	})
	if err != nil {
		return err
	}
	if committed < last {
		return fmt.Errorf("operation %d was reported but only %d are committed", last, committed+1)
	}
	if committed > last+1 {
		return fmt.Errorf("%d operations committed, the child reached at most %d", committed+1, last+2)
	}
	if c.st.CoinIn != coinIn || c.st.Contributions != uint64(contribs) {
		return fmt.Errorf("coin-in %d in %d contributions, the script's prefix %d in %d", c.st.CoinIn, c.st.Contributions, coinIn, contribs)
	}
	if c.st.AwardSeq != uint64(hits+mysteries) {
		return fmt.Errorf("%d awards, the prefix has %d hits and %d mystery awards", c.st.AwardSeq, hits, mysteries)
	}
	return nil
}
