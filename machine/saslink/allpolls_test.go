package saslink

import (
	"context"
	"net"
	"testing"
	"time"

	"egm/sas"
)

// everyPoll is the first set of long polls (issue list): command, data, whether it
// carries a CRC, and whether the answer is an ACK rather than a data reply.
var everyPoll = []struct {
	cmd  byte
	data []byte
	crc  bool
	ack  bool
}{
	{0x0F, nil, false, false}, {0x10, nil, false, false}, {0x11, nil, false, false}, {0x12, nil, false, false},
	{0x13, nil, false, false}, {0x14, nil, false, false}, {0x15, nil, false, false}, {0x16, nil, false, false},
	{0x17, nil, false, false}, {0x18, nil, false, false}, {0x19, nil, false, false}, {0x1A, nil, false, false},
	{0x1C, nil, false, false}, {0x1F, nil, false, false},
	{0x21, []byte{0x34, 0x12}, true, false},
	{0x2F, []byte{6, 0x00, 0x00, 0x00, 0x05, 0x0C, 0x01}, true, false},
	{0x51, nil, false, false}, {0x53, []byte{0x00, 0x07}, true, false}, {0x54, nil, false, false},
	{0x55, nil, false, false}, {0x56, nil, false, false}, {0x7E, nil, false, false},
	{0x7F, []byte{0x11, 0x30, 0x20, 0x26, 0x10, 0x20, 0x30}, true, true},
	{0x80, []byte{0x01, 0x01, 0x00, 0x00, 0x50, 0x00, 0x00}, true, true},
	{0x86, []byte{13, 0x01, 0x01, 0x00, 0x00, 0x50, 0x00, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00, 0x00}, true, true},
	{0x01, nil, true, true}, {0x02, nil, true, true},
}

// TestEveryLongPollOverTCPAndPTY asks the real machine every long poll of the first
// set over both transports the floor uses in development, and checks each answer's
// address, command and CRC (or the ACK).
func TestEveryLongPollOverTCPAndPTY(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "EGM-T", func() ([]byte, error) { return []byte("prog"), nil })
	if err != nil {
		t.Fatal(err)
	}
	link := &sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go link.ServeListener(ctx, ln)
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	master, slave, err := sas.OpenPTY("")
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	ptyLink := &sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}
	go ptyLink.Serve(ctx, master)
	host, err := sas.OpenPTYSlave(slave)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()

	for _, tr := range []struct {
		name string
		h    *sas.Host
	}{{"tcp", &sas.Host{Port: c.(*net.TCPConn)}}, {"pty", &sas.Host{Port: host}}} {
		for _, p := range everyPoll {
			if p.cmd == 0x21 {
				// The signature is computed off the link: a machine that has not
				// finished within sas.ROMInline (a loaded test machine) answers a
				// repeat of the 21, as a host asks again.
				if _, _, err := tr.h.ROMSignature(1, 0x1234, 30*time.Second, 50*time.Millisecond); err != nil {
					t.Errorf("%s 21: %v", tr.name, err)
				}
				continue
			}
			r, err := tr.h.LongPoll(1, p.cmd, p.data, p.crc)
			if err != nil {
				t.Fatalf("%s %02X: %v", tr.name, p.cmd, err)
			}
			switch {
			case p.ack:
				if len(r) != 1 || r[0] != 1 {
					t.Errorf("%s %02X: % X, want the ACK", tr.name, p.cmd, r)
				}
			case len(r) < 4 || r[0] != 1 || r[1] != p.cmd || !sas.CheckCRC(r):
				t.Errorf("%s %02X: malformed reply % X", tr.name, p.cmd, r)
			}
		}
	}
	if v, ok := b.Level(1, 2); !ok || v != 40000 {
		t.Fatalf("the Major broadcast was not kept: %d %v", v, ok)
	}
}
