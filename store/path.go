package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"donations/safefs"
)

// File is the store of one account in dir: named after its profile, or
// after its user and host when no profile names it.
func File(dir, profile, username, host string) string {
	name := profile
	if name == "" {
		name = username + "@" + host
	}
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == '@':
			return r
		}
		return '_'
	}, name)
	return filepath.Join(dir, strings.TrimLeft(safe, ".")+".db")
}

// companions are the files SQLite keeps beside a store, each read as part
// of it: the write-ahead log, its index, and the journal of a write cut short.
var companions = []string{"-wal", "-shm", "-journal"}

// privateFolder makes the store's folder if need be. The user's own folder
// is made 0700 if it was not (one that others could write, made by hand or
// under umask 0, may hold their files: each file is checked as it is opened).
// A folder that another user owns, or one above it that others could change,
// is refused: they could replace the store, or link it to another file.
func privateFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	info, err := os.Stat(dir)
	// A sticky folder (/tmp) is shared on purpose: it is refused below,
	// never made private, which would shut every other user out of it.
	if err == nil && info.IsDir() && safefs.Owned(info) && info.Mode().Perm() != 0o700 && info.Mode()&fs.ModeSticky == 0 {
		err = os.Chmod(dir, 0o700)
	}
	if err != nil {
		return err
	}
	return safefs.Folders(dir)
}

// privateFile checks the store's file, creating it (0600, before SQLite
// first opens it, since SQLite gives the -wal and -shm files its mode) if
// there is none, and returns what it found.
func privateFile(path string) (fs.FileInfo, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		var f *os.File
		if f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|safefs.NoFollow, 0o600); err == nil {
			f.Close()
			info, err = os.Lstat(path)
		}
	}
	if err != nil {
		return nil, err
	}
	return private(path, info)
}

// private refuses a store file, or a companion, that is not a regular file
// of the user's that only they can write, or that has a second name (a hard
// link from elsewhere: it may be any other file of theirs). Never through a
// symlink: through one the store chmodded its target and dropped its tables.
// The user's own file that others could read or write is made private; one
// they made read-only stays so.
func private(path string, info fs.FileInfo) (fs.FileInfo, error) {
	if info.Mode()&fs.ModeSymlink != 0 {
		to, _ := os.Readlink(path)
		return nil, fmt.Errorf("%s is a symbolic link (to %s): a store is never opened through one", path, to)
	}
	if n := safefs.Links(info); info.Mode().IsRegular() && n > 1 {
		return nil, fmt.Errorf("%s has %d names (hard links), so it may be another file of yours: a store has one", path, n)
	}
	if info.Mode().IsRegular() && safefs.Owned(info) && info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, info.Mode().Perm()&0o700); err != nil {
			return nil, err
		}
		var err error
		if info, err = os.Lstat(path); err != nil {
			return nil, err
		}
	}
	return info, safefs.File(path, info, false)
}

// privateFiles checks the store at path and its companions that exist.
func privateFiles(path string) (fs.FileInfo, error) {
	info, err := privateFile(path)
	if err != nil {
		return nil, err
	}
	for _, suffix := range companions {
		c, err := os.Lstat(path + suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			_, err = private(path+suffix, c)
		}
		if err != nil {
			return nil, err
		}
	}
	return info, nil
}

// Remove deletes a store file and its companions; a missing one is no error.
// A symlink or anything but a regular file at one of their names is refused
// and named, before anything is removed: removing the link alone and saying
// "removed" left the donor data where the link pointed.
func Remove(path string) error {
	names := append([]string{path}, companions...)
	for i := 1; i < len(names); i++ {
		names[i] = path + names[i]
	}
	names = append(names, lockPath(path))
	for _, p := range names {
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case info.Mode()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			return fmt.Errorf("%s is a symbolic link to %s, not a store this program made: nothing was removed; look at %s, and remove the link with  rm %s", p, to, to, p)
		case !info.Mode().IsRegular():
			return fmt.Errorf("%s is %s, not a store this program made: nothing was removed", p, safefs.Kind(info.Mode()))
		}
	}
	for _, p := range names {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
