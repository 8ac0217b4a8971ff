//go:build !unix

package safefs

import "io/fs"

// Elsewhere files carry no owner the program can read: the folders' ACLs
// are the system's to keep.
func owner(fs.FileInfo) (uint32, bool) { return 0, false }

// Links is 1: the system does not say.
func Links(fs.FileInfo) uint64 { return 1 }

func me() uint32 { return 0 }

// modeBits: the permission bits Go reports here say nothing of who else may write.
const modeBits = false

// Open flags the system lacks.
const (
	NoFollow = 0
	NonBlock = 0
)
