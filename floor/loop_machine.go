package floor

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"egm/money"
	"egm/sas"
)

// Machine is one machine the floor's loop polls, with its own link and Poller.
// Addr is its SAS address on its own line; Num is its number on the floor (its key
// in the floor's database, the jackpot controller and the wallet): the address,
// unless another machine of the floor has the same address on another line — the
// normal case of one machine per line, each at address 1.
type Machine struct {
	Addr byte
	Num  byte
	Spec string // its link: tcp:HOST:PORT or pty:PATH

	// Currency is the floor's currency (zero: EUR): a machine that counts in
	// another is not linked (currency.go).
	Currency money.Currency

	p          *Poller
	close      func()
	down       string      // the last error, while the link is down
	wallet     WalletHook  // the wallet's part of each cycle (nil: none)
	currencyOK bool        // the machine's currency was asked on this link and is the floor's
	unkept     []Exception // read from the machine, not yet recorded (the database failed)
}

// Poller is the machine's Poller while its link is up (nil: down).
func (m *Machine) Poller() *Poller { return m.p }

// ParseMachines turns the --connect values ([ADDR=]tcp:HOST:PORT or pty:PATH) into
// machines: an explicit ADDR= or the next address from first on. Each link is a
// line of its own, so two machines may have the same address; the floor numbers
// them apart: a machine's number is its address, or for an address already taken,
// the lowest number no machine of the list has as its address or number (the same
// --connect list gives the same numbers at every start).
func ParseMachines(specs []string, first int) ([]*Machine, error) {
	var out []*Machine
	addrs := map[byte]bool{}
	next := first
	for _, s := range specs {
		addr := next
		if a, rest, ok := strings.Cut(s, "="); ok {
			n, err := strconv.Atoi(a)
			if err != nil {
				return nil, fmt.Errorf("floor: --connect %q: address %q is not a number", s, a)
			}
			addr, s = n, rest
		}
		if addr < 1 || addr > 127 {
			return nil, fmt.Errorf("floor: --addr must be 1..127, not %d", addr)
		}
		if _, _, err := linkSpec(s); err != nil {
			return nil, err
		}
		for _, m := range out {
			if m.Spec == s {
				return nil, fmt.Errorf("floor: --connect %s given twice", s)
			}
		}
		addrs[byte(addr)] = true
		out = append(out, &Machine{Addr: byte(addr), Spec: s})
		next = addr + 1
	}
	taken := map[byte]bool{}
	for _, m := range out { // a machine alone at its address keeps it as its number
		if !taken[m.Addr] {
			m.Num, taken[m.Addr] = m.Addr, true
		}
	}
	for _, m := range out {
		if m.Num != 0 {
			continue
		}
		n := byte(1)
		for taken[n] || addrs[n] {
			n++
		}
		m.Num, taken[n] = n, true
	}
	return out, nil
}

// linkSpec splits a link's spec into its transport (tcp or pty) and target.
func linkSpec(spec string) (string, string, error) {
	kind, target, ok := strings.Cut(spec, ":")
	if !ok || target == "" {
		return "", "", fmt.Errorf("floor: --connect %q: want tcp:HOST:PORT or pty:PATH", spec)
	}
	if kind != "tcp" && kind != "pty" {
		return "", "", fmt.Errorf("floor: --connect %q: unknown transport %q (tcp or pty)", spec, kind)
	}
	return kind, target, nil
}

// DialSAS opens the host's end of a machine's SAS link (tcp:HOST:PORT or pty:PATH)
// and returns it with the function that closes it.
func DialSAS(spec string) (sas.Port, func(), error) {
	kind, target, err := linkSpec(spec)
	if err != nil {
		return nil, nil, err
	}
	if kind == "tcp" {
		c, err := net.DialTimeout("tcp", target, 3*time.Second)
		if err != nil {
			return nil, nil, fmt.Errorf("floor: %w", err)
		}
		return c.(*net.TCPConn), func() { c.Close() }, nil
	}
	f, err := sas.OpenPTYSlave(target)
	if err != nil {
		return nil, nil, fmt.Errorf("floor: %w", err)
	}
	return f, func() { f.Close() }, nil
}

// Dial opens the machine's link if it is down.
func (m *Machine) Dial() error {
	if m.p != nil {
		return nil
	}
	port, closePort, err := DialSAS(m.Spec)
	if err != nil {
		return err
	}
	m.p, m.close = &Poller{Addr: m.Addr, Num: m.Num, Host: &sas.Host{Port: port}}, closePort
	return nil
}

// Close closes the machine's link.
func (m *Machine) Close() {
	if m.close != nil {
		m.close()
	}
	m.p, m.close, m.currencyOK = nil, nil, false
}

// hangUp drops the machine's link after err; the next cycle dials again. It
// reports whether err is new (the link just went down, or for another reason).
func (m *Machine) hangUp(err error) bool {
	m.Close()
	if msg := err.Error(); msg != m.down {
		m.down = msg
		return true
	}
	return false
}

// Cycle polls the machine once: its currency once per link (a machine in
// another currency than the floor's is refused, a *CurrencyError, before any
// other poll), exceptions, meters, the linked jackpots (link: nil for none), the
// floor's record in st, and the wallet's recoveries and idle cash-outs when the
// loop runs the wallet.
func (m *Machine) Cycle(ctx context.Context, st *Store, link Jackpots) (*MetersRecord, []Exception, error) {
	if err := m.Dial(); err != nil {
		return nil, nil, err
	}
	if err := m.CheckCurrency(); err != nil {
		return nil, nil, err
	}
	ex, err := m.p.Drain(64, time.Now)
	if m.wallet != nil {
		m.wallet.Note(m, ex) // read is read: a cash-out request survives this cycle's failure
	}
	// Read is read on the floor's side too: what an earlier cycle read but could
	// not record (its database failed) goes first into this one's record.
	ex = append(m.unkept, ex...)
	m.unkept = ex
	if err != nil {
		return nil, ex, err
	}
	mt, err := m.p.Meters()
	if err != nil {
		return nil, ex, err
	}
	if link != nil {
		if err := link.Cycle(m.p, mt); err != nil {
			return nil, ex, err
		}
	}
	rec := &MetersRecord{Machine: m.Num, Time: time.Now(), Meters: mt, Currency: m.Currency.OrRecorded().Code}
	prev, found, err := st.LatestMeters(m.Num)
	if err != nil {
		return nil, ex, dbErr(err)
	}
	if f := backwardsFinding(m.Num, &prev, rec, m.p.meters6F <= 0); found && f != nil {
		ex = append(ex, *f)
	}
	if err := st.Record(rec, ex); err != nil {
		return nil, ex, err
	}
	m.unkept = nil
	if m.wallet != nil {
		m.wallet.Cycle(ctx, m)
	}
	m.down = ""
	return rec, ex, nil
}
