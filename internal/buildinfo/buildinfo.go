// Package buildinfo holds the version and commit stamped in by the Makefile's
// -ldflags, and the SHA-256 of the running program (program authentication). It owns
// nothing else and touches no game, money or device.
package buildinfo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// Set by -ldflags "-X egm/internal/buildinfo.Version=… -X …Commit=…".
var (
	Version = "dev"
	Commit  = "unknown"
)

// ProgramSHA256 hashes the executable file of the running process.
func ProgramSHA256() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("buildinfo: locate program: %w", err)
	}
	return FileSHA256(exe)
}

// FileSHA256 hashes one file.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("buildinfo: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("buildinfo: read %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
