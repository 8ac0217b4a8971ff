package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"donations/safefs"
)

// maxFileSize bounds a config file: a few profiles take a few hundred bytes.
const maxFileSize = 1 << 20

// readPrivate reads a config file that only the user (or root) may change.
// Whoever can write it can set api_key_cmd, which runs as the user, or point
// base_url at a server that collects the key; so, as ssh does, a file or
// folder others may change is refused (see private). Only a regular file is read (a FIFO would
// block for good, /dev/zero would never end), and only up to maxFileSize.
func readPrivate(path string) ([]byte, fs.FileInfo, error) {
	// Opened without blocking, a FIFO is found out by its mode below instead
	// of waiting for a writer; nothing is read before the mode is checked.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if err := private(path, info); err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > maxFileSize {
		return nil, nil, &Error{fmt.Sprintf("config file %s is larger than 1 MB; a config file is a few lines", path)}
	}
	return data, info, nil
}

// private refuses a config file that is not a regular file, that someone
// other than the user or root owns or that its group or every user may
// write, or that is in a folder (at any height, before and after symlinks)
// that someone else could change, where they could replace the file.
func private(path string, info fs.FileInfo) error {
	var u *safefs.Unsafe
	err := safefs.File(path, info, true)
	if errors.As(err, &u) {
		if u.Kind != "" {
			return &Error{fmt.Sprintf("config file %s is not a regular file (%s); give the path of a file", path, u.Kind)}
		}
		return &Error{fmt.Sprintf("config file %s %s, who could make it run commands as you%s", path, u.Why(), fix(u))}
	}
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	for _, dir := range []string{filepath.Dir(path), filepath.Dir(real)} {
		err := safefs.Folders(dir)
		if errors.As(err, &u) {
			return &Error{fmt.Sprintf("config file %s is in folder %s, %s, so they could replace the file%s", path, u.Path, u.Which(), fix(u))}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func fix(u *safefs.Unsafe) string {
	if u.Fix == "" {
		return ""
	}
	return ": run  " + u.Fix
}
