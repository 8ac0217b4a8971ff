//go:build unix

package dataset

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockFile takes the lock on the file at path, made private to the user if
// new. It is opened without following a symlink, and refused unless it is a
// regular file of the user's that no one else can write.
func lockFile(ctx context.Context, path string, wait bool, onWait func()) (*os.File, error) {
	f, err := openLock(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return f, nil
		case !errors.Is(err, syscall.EWOULDBLOCK):
			f.Close()
			return nil, fmt.Errorf("sync lock %s: %w", path, err)
		case !wait:
			f.Close()
			return nil, ErrSyncRunning
		}
		onWait()
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
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

// lockedElsewhere says whether a sync holds the lock at path, in another
// process or through another handle.
func lockedElsewhere(path string) bool {
	f, err := openLock(path, os.O_RDONLY)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	return errors.Is(err, syscall.EWOULDBLOCK)
}
