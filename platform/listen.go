package platform

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
)

// Listen makes the screen's socket at path, readable and writable by the
// platform's user only (0600). A socket left by a platform that died is removed
// first; any other file there is an error.
func Listen(path string) (net.Listener, error) {
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&fs.ModeSocket == 0 {
			return nil, fmt.Errorf("platform: %s exists and is not a socket", path)
		}
		if c, err := net.Dial("unix", path); err == nil {
			c.Close()
			return nil, fmt.Errorf("platform: %s: another platform serves it", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("platform: remove the stale socket: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("platform: %w", err)
	}
	old := umask(0o177)
	ln, err := net.Listen("unix", path)
	umask(old)
	if err != nil {
		return nil, fmt.Errorf("platform: listen: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("platform: %w", err)
	}
	return ln, nil
}
