package sas

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// OpenTTY opens a serial device that carries the escaped stream itself (symbol.go),
// with no parity bit: raw, 8 data bits, no parity, 115200 baud, modem lines
// ignored. This is the line of an emulated board, whose UART (a 16550 on QEMU's
// PCI bus behind a TCP chardev) carries bytes and never a 9th bit: the host end
// (`egm-floor run --connect tcp:…` on the build machine) sends wake-up bytes as FF 00 b
// exactly as over the project's TCP transport, so the machine must read that
// stream as it is and write escaped replies (a Link serving this device keeps
// RawWrites false). A real SAS UART is OpenSerial's: with PARMRK, a received
// data FF would arrive doubled and an FF 00 b sent as plain bytes would be
// misread.
func OpenTTY(dev string) (*os.File, error) {
	f, err := os.OpenFile(dev, os.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("sas: open %s: %w", dev, err)
	}
	err = withFd(f, func(fd int) error {
		if err := makeRaw(fd); err != nil {
			return err
		}
		t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
		if err != nil {
			return err
		}
		t.Iflag &^= unix.INPCK | unix.IXOFF | unix.IGNPAR
		t.Cflag &^= unix.CBAUD | unix.CSTOPB | unix.CRTSCTS | unix.CMSPAR
		t.Cflag |= unix.CLOCAL | unix.CREAD | unix.B115200
		t.Ispeed, t.Ospeed = unix.B115200, unix.B115200
		return unix.IoctlSetTermios(fd, unix.TCSETS, t)
	})
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("sas: raw mode on %s: %w", dev, err)
	}
	return f, nil
}
