//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// TryLockSync takes the store's sync lock (LockPath) if no sync holds it,
// in this process or another: an advisory lock on the file, which the
// system lets go of when a process dies, even by kill -9. ok is false
// when it is held; unlock lets go of it. The file is made private to the
// user if new, opened without following a symlink, and refused unless it
// is a regular file of the user's that no one else can write. A store in
// memory has no lock to take: ok.
func (s *Store) TryLockSync() (unlock func(), ok bool, err error) {
	if s.path == "" {
		return func() {}, true, nil
	}
	path := lockPath(s.path)
	f, err := openLock(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, false, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case err == nil:
		return func() { f.Close() }, true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, false, nil
	}
	f.Close()
	return nil, false, fmt.Errorf("sync lock %s: %w", path, err)
}

// SyncLockedElsewhere says whether a sync holds the store's lock, in
// another process or through another handle.
func (s *Store) SyncLockedElsewhere() bool {
	if s.path == "" {
		return false
	}
	f, err := openLock(lockPath(s.path), os.O_RDONLY)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	return errors.Is(err, syscall.EWOULDBLOCK)
}

func openLock(path string, flags int) (*os.File, error) {
	f, err := os.OpenFile(path, flags|syscall.O_NOFOLLOW|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sync lock: %w", err)
	}
	fi, err := f.Stat()
	if err == nil {
		st, ok := fi.Sys().(*syscall.Stat_t)
		switch {
		case !fi.Mode().IsRegular():
			err = fmt.Errorf("sync lock %s is not a regular file", path)
		case fi.Mode().Perm()&0o022 != 0 || ok && int(st.Uid) != os.Getuid():
			err = fmt.Errorf("sync lock %s is not private to you (mode %v): remove it", path, fi.Mode().Perm())
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
