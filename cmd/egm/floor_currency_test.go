package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/sas"
)

// headlessOnSAS runs `egm run --headless … --sas tcp:127.0.0.1:0` with extra
// flags in this process and returns its floor link's address; the machine
// stops at the test's end.
func headlessOnSAS(t *testing.T, dir string, extra ...string) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	var errOut syncBuffer
	go func() {
		done <- session{stdin: inR}.run(append([]string{"run", "--headless", "--state", dir, "--seed", "3", "--sas", "tcp:127.0.0.1:0"}, extra...), outW, &errOut)
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the machine did not stop")
		}
	})
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var a string
			if _, err := fmt.Sscanf(sc.Text(), "sas: listening on tcp:%s", &a); err == nil {
				addrc <- a
			}
		}
	}()
	select {
	case addr := <-addrc:
		return addr
	case <-time.After(10 * time.Second):
		t.Fatalf("no floor link: %s", errOut.String())
		return ""
	}
}

// A Kazakh machine on its floor link: a euro floor refuses it, naming both
// currencies; a tenge floor reads it.
func TestFloorRefusesATengeMachine(t *testing.T) {
	dir := t.TempDir()
	addr := headlessOnSAS(t, dir, "--jurisdiction", "KZ")
	floor := func(db string, extra ...string) (int, string, string) {
		var out, e bytes.Buffer
		code := runProgram(append([]string{"egm-floor", "run", "--connect", "tcp:" + addr, "--db", filepath.Join(dir, db), "--once"}, extra...), &out, &e)
		return code, out.String(), e.String()
	}
	if code, out, e := floor("eur.db"); code == 0 || !strings.Contains(e, "floor: machine 1 counts in KZT, this floor in EUR: not linked") {
		t.Fatalf("EUR floor: %d\n%s%s", code, out, e)
	}
	if code, out, e := floor("kzt.db", "--currency", "KZT"); code != 0 || !strings.Contains(out, " KZT") {
		t.Fatalf("KZT floor: %d\n%s%s", code, out, e)
	}
	// a floor database keeps its currency
	if code, out, e := floor("eur.db", "--currency", "KZT"); code == 0 || !strings.Contains(e, "floor: the database counts in EUR, not KZT: refused") {
		t.Fatalf("a EUR database as KZT: %d\n%s%s", code, out, e)
	}
}

// The floor asks a machine for its ROM signature (long poll 21) and gets the
// CRC of the machine's program with the floor's seed, computed here over the
// same file (this test binary is the machine's program).
func TestFloorROMSignature(t *testing.T) {
	dir := t.TempDir()
	addr := headlessOnSAS(t, dir)
	prog, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%04X", uint16(sas.CRC(0x1A2B).Update(prog)))
	var out, e bytes.Buffer
	if code := runProgram([]string{"egm-floor", "run", "--connect", "tcp:" + addr, "--db", filepath.Join(dir, "f.db"), "--once", "--rom-signature", "1A2B", "--json"}, &out, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	var r struct{ Seed, Signature string }
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Seed != "1A2B" || r.Signature != want {
		t.Fatalf("%s (%v), want signature %s", out.String(), err, want)
	}
	for _, bad := range []string{"12", "XYZW", "12345"} {
		e.Reset()
		if code := runProgram([]string{"egm-floor", "run", "--connect", "tcp:" + addr, "--once", "--rom-signature", bad}, &out, &e); code != 2 || !strings.Contains(e.String(), "4 hex digits") {
			t.Errorf("--rom-signature %s: exit %d %s", bad, code, e.String())
		}
	}
}
