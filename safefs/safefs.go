// Package safefs checks the files the program reads and writes, and the
// folders they are in, as ssh's StrictModes does: whoever else could change
// them could change what the program does (a config file runs api_key_cmd)
// or read and rewrite the donor data it keeps.
package safefs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Unsafe is a file or folder that someone other than the user may change,
// or that is not what it should be. Exactly one of Kind, Owner and Who says
// what is wrong.
type Unsafe struct {
	Path   string
	Folder bool
	Kind   string      // what it is instead of a regular file or folder ("a named pipe")
	Owner  int         // the other user who owns it (uid), or -1
	Who    string      // "every user" or "its group", who may write it
	Mode   fs.FileMode // its permission bits
	Fix    string      // the command that makes it safe, or ""
}

func (u *Unsafe) Error() string {
	what := "file"
	if u.Folder {
		what = "folder"
	}
	msg := fmt.Sprintf("%s %s %s", what, u.Path, u.Why())
	if u.Fix != "" {
		msg += ": run  " + u.Fix
	}
	return msg
}

// Why is what is wrong: "can be changed by every user (mode 0777)".
func (u *Unsafe) Why() string {
	switch {
	case u.Kind != "" && u.Folder:
		return "is not a folder (" + u.Kind + ")"
	case u.Kind != "":
		return "is not a regular file (" + u.Kind + ")"
	case u.Owner >= 0:
		return fmt.Sprintf("belongs to another user (uid %d)", u.Owner)
	}
	return fmt.Sprintf("can be changed by %s (mode %04o)", u.Who, u.Mode)
}

// Which is Why after a name: "which every user can change (mode 0777)".
func (u *Unsafe) Which() string {
	if u.Kind != "" || u.Owner >= 0 {
		return "which " + u.Why()
	}
	return fmt.Sprintf("which %s can change (mode %04o)", u.Who, u.Mode)
}

// Kind names what a file that is not a regular one is, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0 || m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a file"
}

// File refuses a file that is not a regular one, belongs to someone other
// than the user (or root, when root may own it), or that its group or every
// user may write.
func File(path string, info fs.FileInfo, rootMay bool) error {
	if !info.Mode().IsRegular() {
		return &Unsafe{Path: path, Kind: Kind(info.Mode()), Owner: -1}
	}
	if uid, ok := owner(info); ok && uid != me() && !(rootMay && uid == 0) {
		return &Unsafe{Path: path, Owner: int(uid)}
	}
	return writable(path, info, false)
}

// writable refuses what the group or every user may write.
func writable(path string, info fs.FileInfo, folder bool) error {
	m := info.Mode().Perm()
	switch {
	case !modeBits:
		return nil
	case m&0o002 != 0:
		return &Unsafe{Path: path, Folder: folder, Owner: -1, Who: "every user", Mode: m, Fix: "chmod o-w " + path}
	case m&0o020 != 0:
		return &Unsafe{Path: path, Folder: folder, Owner: -1, Who: "its group", Mode: m, Fix: "chmod g-w " + path}
	}
	return nil
}

// Folders checks dir, the folder a file is in, and every folder above it,
// both as named and as reached after symbolic links: each must belong to the
// user or to root, and be writable by no one else. A folder above dir that
// every user may write is accepted when it has the sticky bit and belongs to
// root or the user (/tmp): others may add files there, but not rename or
// remove ours. dir itself may not be such a folder.
func Folders(dir string) error {
	named, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(named)
	if err != nil {
		return err
	}
	for _, chain := range []string{named, real} {
		for d, own := chain, true; ; d, own = filepath.Dir(d), false {
			if err := folder(d, own); err != nil {
				return err
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return nil
}

func folder(d string, own bool) error {
	info, err := os.Stat(d)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return &Unsafe{Path: d, Folder: true, Kind: Kind(info.Mode()), Owner: -1}
	}
	uid, known := owner(info)
	if known && uid != me() && uid != 0 {
		return &Unsafe{Path: d, Folder: true, Owner: int(uid)}
	}
	if !own && info.Mode()&fs.ModeSticky != 0 {
		return nil
	}
	return writable(d, info, true)
}

// Owned says whether the user owns info's file.
func Owned(info fs.FileInfo) bool {
	uid, ok := owner(info)
	return !ok || uid == me()
}
