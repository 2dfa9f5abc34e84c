package sas

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// OpenSerial opens the cabinet's SAS UART: 19200 baud, 8 data bits, space parity
// standing in for the 9th (wake-up) bit, 1 stop bit. With INPCK|PARMRK a received
// byte whose 9th bit is set fails space parity and arrives marked as FF 00 b, and a
// literal FF arrives as FF FF: exactly the escaped stream the Decoder reads. The
// machine's replies go out as plain bytes (the UART sends them with the 9th bit
// clear), so the Link serving this port must have RawWrites set.
func OpenSerial(dev string) (*os.File, error) {
	f, err := os.OpenFile(dev, os.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("sas: open %s: %w", dev, err)
	}
	if err := withFd(f, configureSerial); err != nil {
		f.Close()
		return nil, fmt.Errorf("sas: configure %s: %w", dev, err)
	}
	return f, nil
}

// configureSerial sets the termios of a SAS line.
func configureSerial(fd int) error {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.IGNPAR | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON | unix.IXOFF
	t.Iflag |= unix.INPCK | unix.PARMRK
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARODD | unix.CSTOPB | unix.CBAUD | unix.CRTSCTS
	t.Cflag |= unix.CS8 | unix.PARENB | unix.CMSPAR | unix.CLOCAL | unix.CREAD | unix.B19200
	t.Ispeed, t.Ospeed = unix.B19200, unix.B19200
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
	return unix.IoctlSetTermios(fd, unix.TCSETS, t)
}
