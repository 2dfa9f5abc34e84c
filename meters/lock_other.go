//go:build !unix

package meters

import (
	"errors"
	"io"
)

func lockFile(string) (io.Closer, error) {
	return nil, errors.New("meters: file locking is not supported on this system")
}

func lockShared(string) (io.Closer, error) {
	return nil, errors.New("meters: file locking is not supported on this system")
}
