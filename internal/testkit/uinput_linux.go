package testkit

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"egm/cabinet"
)

// uinput's ioctls (linux/uinput.h): _IOC(dir, 'U', nr, size).
func uiIOC(dir, nr, size uintptr) uintptr { return dir<<30 | size<<16 | uintptr('U')<<8 | nr }

const (
	iocWrite = 1
	iocRead  = 2
)

var (
	uiDevCreate  = uiIOC(0, 1, 0)
	uiDevDestroy = uiIOC(0, 2, 0)
	uiDevSetup   = uiIOC(iocWrite, 3, unsafe.Sizeof(uinputSetup{}))
	uiSetEvBit   = uiIOC(iocWrite, 100, 4)
	uiSetKeyBit  = uiIOC(iocWrite, 101, 4)
	uiSetLEDBit  = uiIOC(iocWrite, 105, 4)
	uiSetSwBit   = uiIOC(iocWrite, 109, 4)
)

func uiGetSysname(size uintptr) uintptr { return uiIOC(iocRead, 44, size) }

// uinputSetup is struct uinput_setup: the device's id, name and force-feedback
// effects (none).
type uinputSetup struct {
	bustype, vendor, product, version uint16
	name                              [80]byte
	ffEffectsMax                      uint32
}

// Uinput is one input device made through /dev/uinput.
type Uinput struct {
	fd      int
	Name    string // the kernel's name of it (EVIOCGNAME)
	Sysname string // inputN under /sys/class/input
}

// CreateUinput makes an input device named name with the event codes codes
// (EV_KEY, EV_SW, EV_LED), a virtual bus's, and waits until its event node and
// LEDs exist.
func CreateUinput(name string, codes Codes) (*Uinput, error) {
	fd, err := unix.Open("/dev/uinput", unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("testkit: /dev/uinput: %w (the uinput module loaded?)", err)
	}
	u := &Uinput{fd: fd, Name: name}
	fail := func(what string, err error) (*Uinput, error) {
		unix.Close(fd)
		return nil, fmt.Errorf("testkit: uinput device %s: %s: %w", name, what, err)
	}
	set := map[uint16]uintptr{cabinet.EvKey: uiSetKeyBit, cabinet.EvSw: uiSetSwBit, EvLED: uiSetLEDBit}
	for typ, cs := range codes {
		req, ok := set[typ]
		if !ok {
			return fail("declare", fmt.Errorf("event type %d", typ))
		}
		if err := ioctlInt(fd, uiSetEvBit, uintptr(typ)); err != nil {
			return fail("UI_SET_EVBIT", err)
		}
		for _, c := range cs {
			if err := ioctlInt(fd, req, uintptr(c)); err != nil {
				return fail(fmt.Sprintf("code %d of type %d", c, typ), err)
			}
		}
	}
	setup := uinputSetup{bustype: 0x06, vendor: 0x1d6b, product: 0x0e6d, version: 1} // BUS_VIRTUAL
	if len(name) >= len(setup.name) {
		return fail("name", errors.New("too long"))
	}
	copy(setup.name[:], name)
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uiDevSetup, uintptr(unsafe.Pointer(&setup))); errno != 0 {
		return fail("UI_DEV_SETUP", errno)
	}
	if err := ioctlInt(fd, uiDevCreate, 0); err != nil {
		return fail("UI_DEV_CREATE", err)
	}
	buf := make([]byte, 64)
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uiGetSysname(uintptr(len(buf))), uintptr(unsafe.Pointer(&buf[0]))); errno != 0 {
		u.Close()
		return nil, fmt.Errorf("testkit: uinput device %s: UI_GET_SYSNAME: %w", name, errno)
	}
	if i := bytes.IndexByte(buf, 0); i >= 0 {
		buf = buf[:i]
	}
	u.Sysname = string(buf)
	// The event node (devtmpfs) appears as the device registers; wait a little
	// for it all the same.
	for range 50 {
		if _, err := u.EventNode(); err == nil {
			return u, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, err = u.EventNode()
	u.Close()
	return nil, err
}

func ioctlInt(fd int, req, arg uintptr) error {
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), req, arg); errno != 0 {
		return errno
	}
	return nil
}

// EventNode is the device's evdev node (/dev/input/eventN).
func (u *Uinput) EventNode() (string, error) {
	m, _ := filepath.Glob(filepath.Join("/sys/class/input", u.Sysname, "event*"))
	if len(m) == 0 {
		return "", fmt.Errorf("testkit: uinput device %s (%s) has no event node (the evdev module loaded?)", u.Name, u.Sysname)
	}
	node := filepath.Join("/dev/input", filepath.Base(m[0]))
	if err := unix.Access(node, unix.F_OK); err != nil {
		return "", fmt.Errorf("testkit: %s: %w", node, err)
	}
	return node, nil
}

// Emit writes one event and a SYN_REPORT (the kernel stamps their time).
func (u *Uinput) Emit(typ, code uint16, value int32) error {
	var b []byte
	for _, e := range []cabinet.Event{{Type: typ, Code: code, Value: value}, {Type: cabinet.EvSyn}} {
		enc, err := cabinet.EncodeEvent(e, cabinet.EventSize)
		if err != nil {
			return err
		}
		b = append(b, enc...)
	}
	if _, err := unix.Write(u.fd, b); err != nil {
		return fmt.Errorf("testkit: write to %s: %w", u.Name, err)
	}
	return nil
}

// ReadLEDs reads the events the kernel sends the device (EV_LED: a lamp
// written through its LED-class file) and hands each LED's to fn, until the
// device is closed.
func (u *Uinput) ReadLEDs(fn func(code uint16, value int32)) error {
	buf := make([]byte, 64*cabinet.EventSize)
	for {
		n, err := unix.Read(u.fd, buf)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("testkit: read %s: %w", u.Name, err)
		}
		if n == 0 {
			return nil
		}
		for i := 0; i+cabinet.EventSize <= n; i += cabinet.EventSize {
			e, err := cabinet.DecodeEvent(buf[i : i+cabinet.EventSize])
			if err == nil && e.Type == EvLED {
				fn(e.Code, e.Value)
			}
		}
	}
}

// Close removes the device.
func (u *Uinput) Close() error {
	ioctlInt(u.fd, uiDevDestroy, 0)
	return unix.Close(u.fd)
}
