package platform

import (
	"bufio"
	"io"
	"log"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"egm/platform/screen"
	"egm/platform/wire"
)

// FuzzServerLines sends the platform any line after a hello: whatever it is (not
// JSON, an unknown op, a malformed input, a huge number), the platform answers
// or ignores it and goes on serving: the next wire.Request is answered.
func FuzzServerLines(f *testing.F) {
	for _, s := range []string{
		`{"id":2,"op":"handle","input":{"kind":"spin"}}`,
		`{"id":2,"op":"handle","input":{"kind":"deposit","wallet":"w","cents":-5}}`,
		`{"id":2,"op":"handle"}`,
		`{"id":2,"op":"handle","input":{"kind":"bet_down"}}`,
		`{"id":2,"op":"handle","input":{"kind":"next_denom"}}`,
		`{"id":2,"op":"bet_range","title":"gems-secrets","denom":1}`, // an operation of version 1: refused
		`{"id":2,"op":"wallet_code","kind":9}`,
		`{"id":2,"op":"pin_verify","pin":"1"}`,
		`{"id":2,"op":"hello","version":2,"role":"reader"}`,
		`{"id":18446744073709551615,"op":"view"}`,
		`not json`, `{}`, `[]`, `{"id":"x"}`,
	} {
		f.Add(s)
	}
	r := newRig(f, &Server{Log: log.New(io.Discard, "", 0)}) // the log would be f's, which a fuzz target may not use
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.ReplaceAll(line, "\n", " ")
		nc, err := net.Dial("unix", r.sock)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		nc.SetDeadline(time.Now().Add(20 * time.Second))
		if _, err := nc.Write([]byte(`{"id":1,"op":"hello","version":` + strconv.Itoa(wire.Version) + `}` + "\n" + line + "\n" + `{"id":424242,"op":"seq"}` + "\n")); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(nc)
		sc.Buffer(make([]byte, 64<<10), wire.MaxLine)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), `{"id":424242`) {
				return
			}
		}
		// The connection may end only because the line was a second hello
		// of another version or role; then a new connection is served.
		c, err := screen.Dial(r.sock, 10*time.Second)
		if err != nil {
			t.Fatalf("after %q the platform serves no more: %v (%v)", line, err, sc.Err())
		}
		c.Close()
	})
}
