package store

import (
	"encoding/json"
	"os"
	"path/filepath"

	"donations/api"
	"donations/safefs"
)

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
