//go:build unix

package meters

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// lockFile takes flock(LOCK_EX|LOCK_NB) on name. The lock goes with the open file
// description, so it is released when the process dies, however it dies.
func lockFile(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if err == unix.EWOULDBLOCK {
			return nil, ErrLocked
		}
		return nil, err
	}
	return f, nil
}

// lockShared is for a read-only open on a file system that will not open the lock
// file for writing: an exclusive flock on a read-only descriptor. It fails if the
// lock file does not exist there.
func lockShared(name string) (io.Closer, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if err == unix.EWOULDBLOCK {
			return nil, ErrLocked
		}
		return nil, err
	}
	return f, nil
}
