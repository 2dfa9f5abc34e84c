package sas

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// OpenPTY makes a pseudo-terminal for the link: the machine serves on the returned
// master, the host opens the slave, whose path is returned (and, if link is not
// empty, symlinked there so a host can be pointed at a stable name). Both ends are
// raw: no echo, no line editing, no newline translation. A pty has no parity bit,
// so the escaped stream carries the wake-up bits (see symbol.go).
func OpenPTY(link string) (master *os.File, slave string, err error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, "", fmt.Errorf("sas: open /dev/ptmx: %w", err)
	}
	fail := func(what string, err error) (*os.File, string, error) {
		m.Close()
		return nil, "", fmt.Errorf("sas: pty %s: %w", what, err)
	}
	var n int
	err = withFd(m, func(fd int) error {
		if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
			return fmt.Errorf("unlock: %w", err)
		}
		var err error
		if n, err = unix.IoctlGetInt(fd, unix.TIOCGPTN); err != nil {
			return fmt.Errorf("number: %w", err)
		}
		return makeRaw(fd)
	})
	if err != nil {
		return fail("setup", err)
	}
	slave = "/dev/pts/" + strconv.Itoa(n)
	if link != "" {
		_ = os.Remove(link)
		if err := os.Symlink(slave, link); err != nil {
			return fail("symlink", err)
		}
	}
	return m, slave, nil
}

// OpenPTYSlave opens the host's end of a pty made by OpenPTY, raw.
func OpenPTYSlave(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, fmt.Errorf("sas: open %s: %w", path, err)
	}
	if err := withFd(f, makeRaw); err != nil {
		f.Close()
		return nil, fmt.Errorf("sas: raw mode on %s: %w", path, err)
	}
	return f, nil
}

// makeRaw is cfmakeraw: 8 data bits, nothing interpreted.
func makeRaw(fd int) error {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARENB
	t.Cflag |= unix.CS8
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
	return unix.IoctlSetTermios(fd, unix.TCSETS, t)
}

// withFd runs fn on f's descriptor without File.Fd, which would switch the file to
// blocking mode and so disable read deadlines.
func withFd(f *os.File, fn func(fd int) error) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = fn(int(fd)) }); err != nil {
		return err
	}
	return ferr
}
