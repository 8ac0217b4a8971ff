package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"donations/config"
	"donations/dataset"
	"donations/safefs"
	"donations/ui"
)

// maxStateSize bounds the state file: a view, a few filters and a sort take
// a few hundred bytes.
const maxStateSize = 64 << 10

// stateFile keeps what the browser remembers of one account between runs,
// as JSON, in $XDG_STATE_HOME/donations/ (by default ~/.local/state/donations/),
// private to the user and written whole or not at all. legacy is where an
// earlier version kept it, read until the state is first saved.
type stateFile struct{ path, legacy string }

// newStateFile is the state of one account, named as its store is (by its
// base URL, path included, and user): two accounts given by flags under one
// profile, or at two paths of one host, do not share what they remember.
func newStateFile(getenv func(string) string, profile, endpoint, username string) stateFile {
	dir := config.Dir(getenv, "XDG_STATE_HOME", filepath.Join(".local", "state"))
	return stateFile{filepath.Join(dir, dataset.AccountName(endpoint, username)+".json"), legacyState(dir, profile, endpoint, username)}
}

// legacyState is the state's name before it was named as the store is:
// the profile's, and a hash of the endpoint and the user, so that it is
// this account's alone.
func legacyState(dir, profile, endpoint, username string) string {
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
	return filepath.Join(dir, name+".json")
}

// Load reads the state, if there is one. Only a regular file of the user's
// that no one else may write is read, never through a symlink and never
// past maxStateSize: the browser would otherwise wait on a FIFO or read
// /dev/zero for good before it draws. What it holds is checked by the
// browser as it restores it.
func (f stateFile) Load() (ui.State, error) {
	s, err := load(f.path)
	if os.IsNotExist(err) {
		s, err = load(f.legacy)
	}
	if os.IsNotExist(err) {
		return s, nil
	}
	return s, err
}

func load(path string) (ui.State, error) {
	var s ui.State
	b, err := safefs.ReadSmall(path, maxStateSize)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return ui.State{}, fmt.Errorf("%s: %w", path, err)
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
	if err := safefs.Replace(f.path, b); err != nil {
		return err
	}
	os.Remove(f.legacy) // read in, it is replaced
	return nil
}
