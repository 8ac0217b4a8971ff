//go:build unix

package store

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: on a
// machine others share, a cost that wall time blurs.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
