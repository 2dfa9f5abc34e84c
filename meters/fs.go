package meters

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// FS is the file-system seam: the store does all its I/O through it, so tests can
// inject a full disk, a read-only file system or a failing sync. OSFS is the real one.
type FS interface {
	MkdirAll(dir string) error
	ReadFile(name string) ([]byte, error) // fs.ErrNotExist when absent
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	SyncDir(dir string) error
	// Lock takes an exclusive, non-blocking lock on the named file (created if need
	// be) and returns ErrLocked if another process holds it.
	Lock(name string) (io.Closer, error)
}

// File is an open copy file.
type File interface {
	Write(p []byte) (int, error)
	// Sync makes the written data durable (fdatasync on Linux).
	Sync() error
	Truncate(size int64) error
	Close() error
}

// writebackStarter is implemented by files that can start write-back of a range
// without waiting for it (sync_file_range on Linux).
type writebackStarter interface {
	StartWriteback(off, n int64) error
}

// fileReaderInto is implemented by file systems that can read a file into a
// caller's buffer, so that Validate does not allocate a megabyte per call.
type fileReaderInto interface {
	ReadFileInto(name string, buf []byte) ([]byte, error)
}

// ErrLocked is returned (wrapped, errors.Is) when another process has the state
// directory open.
var ErrLocked = errors.New("meters: state directory is in use by another process")

// OSFS is the real file system.
type OSFS struct{}

func (OSFS) MkdirAll(dir string) error            { return os.MkdirAll(dir, 0o750) }
func (OSFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

// ReadFileInto reads the whole file into buf (grown as needed) and returns it.
func (OSFS) ReadFileInto(name string, buf []byte) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	n := int(fi.Size())
	if cap(buf) < n+512 {
		buf = make([]byte, 0, n+n/4+512)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
func (OSFS) Rename(o, n string) error { return os.Rename(o, n) }
func (OSFS) Remove(name string) error { return os.Remove(name) }

func (OSFS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (OSFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

func (OSFS) Lock(name string) (io.Closer, error) { return lockFile(name) }

type osFile struct{ *os.File }

func (f osFile) Sync() error                       { return datasync(f.File) }
func (f osFile) StartWriteback(off, n int64) error { return startWriteback(f.File, off, n) }

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
