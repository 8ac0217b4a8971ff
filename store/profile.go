package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"

	"donations/api"
	"donations/safefs"
)

// metaProfile holds what a client learned of the account's server (its
// list's order, the page size it serves, the date form it takes), so the
// next one does not learn it again: as JSON, in words (api.Profile).
const metaProfile = "profile"

// Profile is what the store remembers of the account's server; the zero
// value when nothing is (a new store, or one of an earlier version).
func (s *Store) Profile(ctx context.Context) (api.Profile, error) {
	var p api.Profile
	v, err := s.meta(ctx, metaProfile)
	if err != nil || v == "" {
		return p, err
	}
	if json.Unmarshal([]byte(v), &p) != nil {
		return api.Profile{}, nil // a damaged record: learned again
	}
	return p, nil
}

// SaveProfile remembers p, in the meta table where it differs from what
// it holds, and in the file beside the store (see Learned). The page size
// goes where the store's estimates read it (Holds, PageSize) too, so a
// first sync cut short after it was learned counts the account with the
// size really served.
func (s *Store) SaveProfile(ctx context.Context, p api.Profile) error {
	known, err := s.Profile(ctx)
	if err != nil {
		return err
	}
	if known != p {
		if err := s.saveProfile(ctx, p); err != nil {
			return err
		}
	}
	if s.path != "" {
		keepLearned(s.path, p)
	}
	return nil
}

func (s *Store) saveProfile(ctx context.Context, p api.Profile) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if p.PerPage > 0 {
			if err := setMeta(ctx, tx, metaPerPage, strconv.Itoa(p.PerPage)); err != nil {
				return err
			}
		}
		return setMeta(ctx, tx, metaProfile, string(b))
	})
}

// What a store remembers of its server (api.Profile) is kept twice: in its
// meta table, which a sync and cache info read, and in a small file beside
// it, which list and summary read before their first request without
// opening the store. An open reads the store's whole schema, most of a
// new process's start before its first request (docs/performance.md).
// The file is only ever a hint: missing, damaged or behind, it costs a
// request or an open, never a wrong answer.

// learnedMax bounds the file: a profile takes some 60 bytes.
const learnedMax = 4 << 10

// learnedPath is the file beside the store at path.
func learnedPath(path string) string { return path + learnedSuffix }

const learnedSuffix = ".learned"

// Learned is what the file beside the store at path says of its server;
// false when there is none, or it is not the user's own private file in a
// folder only they may change (whoever else could write it could steer the
// walks), or it cannot be read.
func Learned(path string) (api.Profile, bool) {
	var p api.Profile
	if path == "" || safefs.Folders(filepath.Dir(path)) != nil {
		return p, false
	}
	b, err := safefs.ReadSmall(learnedPath(path), learnedMax)
	if err != nil || json.Unmarshal(b, &p) != nil {
		return api.Profile{}, false
	}
	return p, true
}

// keepLearned writes p to the file beside the store at path, whole or not
// at all. Where it cannot be written (no inode left, a folder at its
// name), that fails nothing (a first sync stopped on it), but what the
// file said before is removed: read instead of p, it would undo what the
// store now remembers.
func keepLearned(path string, p api.Profile) {
	b, err := json.Marshal(p)
	if err == nil {
		err = safefs.Replace(learnedPath(path), b)
	}
	// Only a file is removed: an empty folder at its name is not ours.
	if info, lerr := os.Lstat(learnedPath(path)); err != nil && lerr == nil && info.Mode().IsRegular() {
		os.Remove(learnedPath(path))
	}
}
