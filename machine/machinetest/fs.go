package machinetest

import (
	"io/fs"
	"sync/atomic"
	"syscall"

	"egm/meters"
)

// FullFS is the real file system (meters.FS) until Full is set; then every
// open and write fails with ENOSPC, as on a full disk.
type FullFS struct {
	meters.OSFS
	Full *atomic.Bool
}

type fullFile struct {
	meters.File
	full *atomic.Bool
}

// OpenFile implements meters.FS.
func (f FullFS) OpenFile(name string, flag int, perm fs.FileMode) (meters.File, error) {
	if f.Full.Load() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ENOSPC}
	}
	file, err := f.OSFS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return fullFile{file, f.Full}, nil
}

func (f fullFile) Write(p []byte) (int, error) {
	if f.full.Load() {
		return 0, syscall.ENOSPC
	}
	return f.File.Write(p)
}
