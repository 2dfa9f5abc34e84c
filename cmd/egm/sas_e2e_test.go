package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/jackpot"
	"egm/rng"
	"egm/sas"
)

// TestSASEndToEnd runs the headless machine with its floor link on loopback TCP and
// the floor simulator against it: the meters read over SAS equal `egm meters --json`,
// doors arrive as exceptions, and disable over SAS stops play.
func TestSASEndToEnd(t *testing.T) {
	dir := t.TempDir()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	var errOut bytes.Buffer
	go func() {
		done <- session{stdin: inR}.run([]string{"run", "--headless", "--state", dir, "--seed", "3", "--sas", "tcp:127.0.0.1:0"}, outW, &errOut)
		outW.Close()
	}()
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var addr string
	var outputs []string
	wait := func(pred func(string) bool) string {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the machine stopped: %s", errOut.String())
				}
				outputs = append(outputs, l)
				if pred(l) {
					return l
				}
			case <-timeout:
				t.Fatalf("timed out; outputs so far:\n%s", strings.Join(outputs, "\n"))
			}
		}
	}
	l := wait(func(s string) bool { return strings.HasPrefix(s, "sas: listening on tcp:") })
	fmt.Sscanf(l, "sas: listening on tcp:%s", &addr)
	send := func(in string) {
		t.Helper()
		if _, err := io.WriteString(inW, in+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"kind":"deposit","wallet":"w1","cents":5000}`)
	wait(func(s string) bool { return strings.Contains(s, `"credits_cents":5000`) })
	playGame := func() { // one game, answering the screen's part
		send(`{"kind":"spin"}`)
		for ended := false; !ended; {
			l := wait(func(string) bool { return true })
			var o struct {
				Kind   string `json:"kind"`
				Step   int    `json:"step"`
				Status *struct {
					State string `json:"state"`
				} `json:"status"`
			}
			json.Unmarshal([]byte(l), &o)
			switch {
			case o.Kind == "present":
				send(fmt.Sprintf(`{"kind":"step_shown","step":%d}`, o.Step))
			case o.Kind == "state" && o.Status != nil && o.Status.State == "gamble_offered":
				send(`{"kind":"take_win"}`)
			case o.Kind == "game_end":
				ended = true
			}
		}
	}
	for i := 0; i < 3; i++ {
		playGame()
	}
	send(`{"kind":"door_open"}`)
	send(`{"kind":"door_close"}`)
	wait(func(s string) bool {
		return strings.Contains(s, `"state":"idle"`) && !strings.Contains(s, "door_open\":true")
	})

	floorRun := func(extra ...string) floor.CycleReport {
		t.Helper()
		var out, e bytes.Buffer
		args := append([]string{"egm-floor", "run", "--connect", "tcp:" + addr, "--db", filepath.Join(dir, "floor.db"), "--once", "--json"}, extra...)
		if code := runProgram(args, &out, &e); code != 0 {
			t.Fatalf("floor: %d %s", code, e.String())
		}
		var r floor.CycleReport
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := floorRun()
	if r.Meters.GamesPlayed != 3 || r.Meters.CoinIn == 0 {
		t.Fatalf("meters over SAS %+v, want 3 games", r.Meters)
	}
	seen := map[byte]bool{}
	for _, e := range r.Exceptions {
		seen[e.Code] = true
	}
	if !seen[sas.ExACPowerApplied] || !seen[sas.ExSlotDoorOpen] || !seen[sas.ExSlotDoorClosed] || !seen[sas.ExGameStarted] || !seen[sas.ExGameEnded] {
		t.Fatalf("exceptions %+v", r.Exceptions)
	}
	// The linked jackpots: the first cycle takes the coin-in the floor has seen as
	// its baseline and broadcasts the levels; two more games are contributed.
	jp := filepath.Join(dir, "jackpot.db")
	floorRun("--jackpot", jp)
	playGame()
	playGame()
	r2 := floorRun("--jackpot", jp)
	c, err := jackpot.Open(jp, jackpot.Options{RNG: rng.NewSeeded(1)})
	if err != nil {
		t.Fatal(err)
	}
	acc, err := c.Accounts()
	c.Close()
	if err != nil {
		t.Fatal(err)
	}
	var contributed int64
	for _, mc := range acc.Machines {
		if mc.Machine == "sas-1" {
			contributed = mc.CoinInCents
		}
	}
	if contributed <= 0 || uint64(contributed) != r2.Meters.CoinIn-r.Meters.CoinIn {
		t.Fatalf("contributed %d cents, the machine's coin-in grew by %d", contributed, r2.Meters.CoinIn-r.Meters.CoinIn)
	}

	// Disable over SAS: a spin is refused.
	floorRun("--disable")
	send(`{"kind":"spin"}`)
	wait(func(s string) bool { return strings.Contains(s, `"error"`) })
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("machine exit %d: %s", code, errOut.String())
	}
	// After the machine stopped: its own meters equal what the floor read.
	var out, e bytes.Buffer
	if code := runProgram([]string{"meters", "--state", dir, "--json"}, &out, &e); code != 0 {
		t.Fatalf("meters: %s", e.String())
	}
	var mine map[string]any
	if err := json.Unmarshal(out.Bytes(), &mine); err != nil {
		t.Fatal(err)
	}
	num := func(k string) uint64 { f, _ := mine[k].(float64); return uint64(f) }
	if num("current_credits_cents") != r2.Meters.CurrentCredits || num("coin_in_cents") != r2.Meters.CoinIn ||
		num("games_played") != r2.Meters.GamesPlayed {
		t.Fatalf("machine %v, floor %+v", mine, r2.Meters)
	}
}
