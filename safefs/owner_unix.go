//go:build unix

package safefs

import (
	"io/fs"
	"os"
	"syscall"
)

func owner(info fs.FileInfo) (uint32, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Uid, true
}

// Links is how many names the file has: a store file with a second one
// may be someone else's file, linked in.
func Links(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

func me() uint32 { return uint32(os.Getuid()) }

// modeBits: the permission bits say who may write.
const modeBits = true

// Open flags: a symlink is an error, not followed, and a FIFO with no
// reader fails at once instead of waiting for one.
const (
	NoFollow = syscall.O_NOFOLLOW
	NonBlock = syscall.O_NONBLOCK
)
