//go:build unix

package platform

import "syscall"

func umask(m int) int { return syscall.Umask(m) }
