package safefs

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ReadSmall reads a small file the program wrote (the browser's state, what
// was learned of a server): only a regular file of the user's that no one
// else may write, never through a symlink and never past max bytes. Opened
// without blocking, a FIFO is found out by its mode instead of waiting for
// a writer, and /dev/zero by the cap instead of being read for good. A
// missing file is an error os.IsNotExist knows.
func ReadSmall(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|NoFollow|NonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err == nil {
		err = File(path, info, false)
	}
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		err = fmt.Errorf("%s is larger than %d KB", path, max>>10)
	}
	return b, err
}

// Replace writes b to path whole or not at all: into a new private file
// (0600) beside it, then renamed over it, so that a crash or a full disk
// leaves the old file, and a reader never sees half of the new one. A
// symlink at path is replaced, never followed.
func Replace(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), replacing(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// replacing is the pattern of the new file Replace writes path through.
func replacing(path string) string { return "." + filepath.Base(path) + "-*" }

// Leftovers are the new files Replace began for path and a crash left
// before it renamed one over path: whoever removes path removes them too.
func Leftovers(path string) []string {
	names, _ := filepath.Glob(filepath.Join(filepath.Dir(path), replacing(path)))
	return names
}
