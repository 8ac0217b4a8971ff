package config

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// maxFileSize bounds a config file: a few profiles take a few hundred bytes.
const maxFileSize = 1 << 20

// readPrivate reads a config file that only its owner may change. Whoever can
// write it can set api_key_cmd, which runs as the user, or point base_url
// at a server that collects the key; so, as ssh does, a file or folder
// others may write to is refused. Only a regular file is read (a FIFO would
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
	if !info.Mode().IsRegular() {
		return nil, nil, &Error{fmt.Sprintf("config file %s is not a regular file (%s); give the path of a file", path, kindOf(info.Mode()))}
	}
	if err := notWritableByOthers(path, info); err != nil {
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

// notWritableByOthers refuses a file others may write, or one in a folder
// others may write without the sticky bit (where they could replace it).
// The folder is the one the file really lives in, after symlinks.
func notWritableByOthers(path string, info fs.FileInfo) error {
	if m := info.Mode().Perm(); m&0o002 != 0 {
		return &Error{fmt.Sprintf("config file %s can be changed by every user (mode %04o), who could make it run commands as you: run  chmod o-w %s", path, m, path)}
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(real)
	d, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if m := d.Mode(); m.Perm()&0o002 != 0 && m&fs.ModeSticky == 0 {
		return &Error{fmt.Sprintf("config file %s is in folder %s, which every user can change (mode %04o), so they could replace the file: run  chmod o-w %s", path, dir, m.Perm(), dir)}
	}
	return nil
}

func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0 || m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a file"
}
