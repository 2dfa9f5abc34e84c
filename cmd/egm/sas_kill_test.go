package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"egm/floor"
	"egm/sas"
)

// TestSASExceptionsSurviveKill: a door opens and closes on a machine whose floor
// link nobody polls; the machine is killed with SIGKILL; restarted with its link on
// a pseudo-terminal, it delivers both exceptions to the floor simulator.
func TestSASExceptionsSurviveKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	dir := t.TempDir()
	child := func(args ...string) (*exec.Cmd, io.WriteCloser, *bufio.Scanner) {
		cmd := testChild(args)
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, in, bufio.NewScanner(out)
	}
	waitFor := func(sc *bufio.Scanner, want string) string {
		t.Helper()
		got := make(chan string, 1)
		go func() {
			for sc.Scan() {
				if strings.Contains(sc.Text(), want) {
					got <- sc.Text()
					return
				}
			}
			close(got)
		}()
		select {
		case l, ok := <-got:
			if !ok {
				t.Fatalf("the machine ended before %q", want)
			}
			return l
		case <-time.After(20 * time.Second):
			t.Fatalf("no %q from the machine", want)
		}
		return ""
	}

	// First life: the floor link is up on a pty nobody opens.
	cmd, in, sc := child("run", "--headless", "--state", dir, "--seed", "9", "--sas", "pty:"+filepath.Join(dir, "sas-a"))
	waitFor(sc, "sas: pty")
	io.WriteString(in, `{"kind":"door_open"}`+"\n")
	waitFor(sc, `"door_open":true`)
	io.WriteString(in, `{"kind":"door_close"}`+"\n")
	waitFor(sc, `"state":"idle"`)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()

	// Second life: the floor reads what the first one raised.
	link := filepath.Join(dir, "sas-b")
	cmd, in, sc = child("run", "--headless", "--state", dir, "--seed", "9", "--sas", "pty:"+link)
	defer func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }()
	waitFor(sc, "sas: pty")
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"egm-floor", "run", "--connect", "pty:" + link, "--db", filepath.Join(dir, "floor.db"), "--once", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("floor: %d %s", code, errOut.String())
	}
	var r floor.CycleReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	var codes []byte
	for _, e := range r.Exceptions {
		codes = append(codes, e.Code)
	}
	want := map[byte]int{sas.ExACPowerApplied: 2, sas.ExSlotDoorOpen: 1, sas.ExSlotDoorClosed: 1}
	got := map[byte]int{}
	for _, c := range codes {
		got[c]++
	}
	for c, n := range want {
		if got[c] != n {
			t.Fatalf("exceptions after the kill % X: want %d of %02X", codes, n, c)
		}
	}
}
