package store

import (
	"os"
	"path/filepath"
	"strings"
)

// Dir is the folder of the stores: $XDG_CACHE_HOME/donations, or
// ~/.cache/donations.
func Dir(getenv func(string) string) string {
	base := getenv("XDG_CACHE_HOME")
	if base == "" {
		home := getenv("HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		base = filepath.Join(home, ".cache")
	}
	return filepath.Join(base, "donations")
}

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

// Remove deletes a store file and its companions; a missing one is no error.
func Remove(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
