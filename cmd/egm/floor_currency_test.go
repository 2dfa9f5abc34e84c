package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A Kazakh machine on its floor link: a euro floor refuses it, naming both
// currencies; a tenge floor reads it.
func TestFloorRefusesATengeMachine(t *testing.T) {
	dir := t.TempDir()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	headlessInput = inR
	defer func() { headlessInput = nil }()
	done := make(chan int, 1)
	var errOut bytes.Buffer
	go func() {
		done <- run([]string{"run", "--headless", "--jurisdiction", "KZ", "--state", dir, "--seed", "3", "--sas", "tcp:127.0.0.1:0"}, outW, &errOut)
		outW.Close()
	}()
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
	var addr string
	select {
	case addr = <-addrc:
	case <-time.After(10 * time.Second):
		t.Fatalf("no floor link: %s", errOut.String())
	}
	floor := func(db string, extra ...string) (int, string, string) {
		var out, e bytes.Buffer
		code := run(append([]string{"floor", "--connect", "tcp:" + addr, "--db", filepath.Join(dir, db), "--once"}, extra...), &out, &e)
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
	inW.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the machine did not stop")
	}
}
