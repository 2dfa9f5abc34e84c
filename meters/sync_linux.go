package meters

import (
	"os"

	"golang.org/x/sys/unix"
)

// datasync is fdatasync: the data and the metadata needed to read it back (the file
// size), without the timestamps fsync would also write.
func datasync(f *os.File) error {
	for {
		err := unix.Fdatasync(int(f.Fd()))
		if err != unix.EINTR {
			return err
		}
	}
}

// startWriteback asks the kernel to begin writing a range to the device now, without
// waiting: copy B's bytes head for the disk while copy A is synced.
func startWriteback(f *os.File, off, n int64) error {
	return unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
