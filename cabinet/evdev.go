package cabinet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The largest key and switch codes (linux/input-event-codes.h).
const (
	keyMax uint16 = 0x2ff
	swMax  uint16 = 0x10
)

// Device is one opened input device: its event stream and its current levels.
type Device interface {
	io.ReadCloser
	// Levels returns the bitmap of the keys (EvKey) or switches (EvSw) active
	// now, bit n of byte n/8 for code n.
	Levels(evType uint16) ([]byte, error)
}

// ioctl request numbers of the evdev interface: _IOC(_IOC_READ, 'E', nr, len).
func eviocRead(nr, size uintptr) uintptr { return 2<<30 | size<<16 | uintptr('E')<<8 | nr }

func eviocgname(size uintptr) uintptr { return eviocRead(0x06, size) }
func eviocgkey(size uintptr) uintptr  { return eviocRead(0x18, size) }
func eviocgsw(size uintptr) uintptr   { return eviocRead(0x1b, size) }

type evdev struct {
	*os.File
}

func ioctlBuf(f *os.File, req uintptr, buf []byte) error {
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, f.Fd(), req, uintptr(unsafe.Pointer(&buf[0])))
	if errno != 0 {
		return errno
	}
	return nil
}

func (d evdev) Levels(evType uint16) ([]byte, error) {
	var buf []byte
	var req uintptr
	switch evType {
	case EvKey:
		buf = make([]byte, int(keyMax)/8+1)
		req = eviocgkey(uintptr(len(buf)))
	case EvSw:
		buf = make([]byte, int(swMax)/8+1)
		req = eviocgsw(uintptr(len(buf)))
	default:
		return nil, fmt.Errorf("cabinet: no levels for event type %d", evType)
	}
	if err := ioctlBuf(d.File, req, buf); err != nil {
		return nil, fmt.Errorf("cabinet: read the levels of %s: %w", d.Name(), err)
	}
	return buf, nil
}

// deviceName is the kernel's name of an input device (EVIOCGNAME).
func deviceName(f *os.File) (string, error) {
	buf := make([]byte, 256)
	if err := ioctlBuf(f, eviocgname(uintptr(len(buf))), buf); err != nil {
		return "", err
	}
	if i := bytes.IndexByte(buf, 0); i >= 0 {
		buf = buf[:i]
	}
	return string(buf), nil
}

// OpenDevice opens an input device by path, or by its kernel name (no slash)
// among dir's event* nodes (dir "": /dev/input).
func OpenDevice(dir, spec string) (Device, error) {
	if strings.Contains(spec, "/") {
		f, err := os.Open(spec)
		if err != nil {
			return nil, fmt.Errorf("cabinet: input device: %w", err)
		}
		return evdev{f}, nil
	}
	if dir == "" {
		dir = "/dev/input"
	}
	nodes, _ := filepath.Glob(filepath.Join(dir, "event*"))
	var seen []string
	for _, p := range nodes {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		name, err := deviceName(f)
		if err == nil && name == spec {
			return evdev{f}, nil
		}
		if err == nil {
			seen = append(seen, fmt.Sprintf("%s %q", filepath.Base(p), name))
		}
		f.Close()
	}
	if len(seen) == 0 {
		return nil, fmt.Errorf("cabinet: no input device named %q: %s has no readable event device", spec, dir)
	}
	return nil, fmt.Errorf("cabinet: no input device named %q in %s (there are %s)", spec, dir, strings.Join(seen, ", "))
}

// bit reads code's bit of a levels bitmap.
func bit(levels []byte, code uint16) bool {
	i := int(code) / 8
	return i < len(levels) && levels[i]&(1<<(code%8)) != 0
}

// ErrNoLevels is what a device that cannot say its levels returns (a pipe
// standing in for a device).
var ErrNoLevels = errors.New("cabinet: the device cannot report its levels")
