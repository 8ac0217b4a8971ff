package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"donations/config"
	"donations/safefs"
	"donations/ui"
)

// maxStateSize bounds the state file: a view, a few filters and a sort take
// a few hundred bytes.
const maxStateSize = 64 << 10

// stateFile keeps what the browser remembers of one account between runs,
// as JSON, in $XDG_STATE_HOME/donations/ (by default ~/.local/state/donations/),
// private to the user and written whole or not at all.
type stateFile struct{ path string }

// newStateFile is the state of one profile on one account: two accounts
// given by flags under one profile do not share what they remember.
func newStateFile(getenv func(string) string, profile, endpoint, username string) stateFile {
	dir := config.Dir(getenv, "XDG_STATE_HOME", filepath.Join(".local", "state"))
	if profile == "" {
		profile = "default"
	}
	sum := sha256.Sum256([]byte(endpoint + "\n" + strings.ToLower(username)))
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, profile) + "-" + hex.EncodeToString(sum[:6])
	return stateFile{filepath.Join(dir, name+".json")}
}

// Load reads the state, if there is one. Only a regular file of the user's
// that no one else may write is read, never through a symlink and never
// past maxStateSize: the browser would otherwise wait on a FIFO or read
// /dev/zero for good before it draws. What it holds is checked by the
// browser as it restores it.
func (f stateFile) Load() (ui.State, error) {
	var s ui.State
	file, err := os.OpenFile(f.path, os.O_RDONLY|safefs.NoFollow|safefs.NonBlock, 0)
	if os.IsNotExist(err) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("%s: %w", f.path, err)
	}
	defer file.Close()
	info, err := file.Stat()
	if err == nil {
		err = safefs.File(f.path, info, false)
	}
	if err != nil {
		return s, err
	}
	b, err := io.ReadAll(io.LimitReader(file, maxStateSize+1))
	switch {
	case err != nil:
	case len(b) > maxStateSize:
		err = fmt.Errorf("larger than %d KB", maxStateSize>>10)
	default:
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		return ui.State{}, fmt.Errorf("%s: %w", f.path, err)
	}
	return s, nil
}

func (f stateFile) Save(s ui.State) error {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
		return err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.path), ".state-*")
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
	return os.Rename(tmp.Name(), f.path)
}
