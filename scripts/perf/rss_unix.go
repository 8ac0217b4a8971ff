//go:build unix

package main

import (
	"os"
	"syscall"
)

// maxRSS is a finished process's peak memory in KiB (ru_maxrss).
func maxRSS(ps *os.ProcessState) int64 {
	if u, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss
	}
	return 0
}
