package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"donations/api"
	"donations/config"
	"donations/dataset"
	"donations/textsafe"
)

// storeFile is where an account's local store lives, or "" when it is kept
// in memory (--no-cache, or cache = false in the profile). A store an
// earlier version kept under the account's old name moves there when it
// is proven to be this account's (dataset.LocalFile); a store that cannot be,
// or cannot be moved, is left as it is, and the account gets its own.
func storeFile(ctx context.Context, a *app, s config.Settings) string {
	if a.g.noCache || s.NoCache {
		return ""
	}
	path, old, moved, err := dataset.LocalFile(ctx, cacheDir(a.getenv), s.Profile, s.BaseURL, s.Username)
	switch {
	case err != nil:
		fmt.Fprintf(a.stderr, "donations: the store at %s was not carried over to %s: %v\n", old, path, err)
	case moved:
		fmt.Fprintf(a.stderr, "donations: local store moved to %s (a store is now named after the account's base URL, path included, and user)\n", path)
	}
	return path
}

// offlineStore finds the account's store from flags, environment and config
// alone: reading it needs no API key and makes no request.
func offlineStore(ctx context.Context, a *app) (string, error) {
	if a.g.demo {
		return "", &config.Error{Msg: "--demo keeps no store on disk: its donations live in memory for one run; without --demo, the account's store is read"}
	}
	s, err := config.Resolve(ctx, config.Overrides{ConfigPath: a.g.configPath, Profile: a.g.profile,
		BaseURL: a.g.baseURL, Username: a.g.username, NoKey: true}, a.getenv)
	if err != nil {
		return "", err
	}
	path := storeFile(ctx, a, s)
	if path == "" {
		return "", &config.Error{Msg: "this profile keeps no local store (--no-cache or cache = false): there is nothing to read offline"}
	}
	return path, nil
}

// openSynced opens a store that a sync has filled, or says what to run.
func openSynced(ctx context.Context, a *app, path string) (dataset.Local, error) {
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return dataset.Local{}, &config.Error{Msg: fmt.Sprintf("this account was never synced (no store at %s): run  %s", path, syncAgain(a))}
	}
	s, err := openStore(ctx, a, path)
	if err != nil {
		return dataset.Local{}, err
	}
	// A first sync cut short still answers for what it holds (it reads
	// newest first); the answer then says what it lacks (noteCoverage).
	stored, err := s.Stored(ctx)
	if err == nil && !stored {
		err = &config.Error{Msg: "this account's first sync has not stored a page yet: run  " + syncAgain(a)}
	}
	if err != nil {
		s.Close()
		return dataset.Local{}, storeError(err)
	}
	return s, nil
}

// syncAgain is the sync to run for the account this command named: an
// account given by flags alone is another account without them, so a bare
// "donations sync" would fail with no account configured.
func syncAgain(a *app) string {
	cmd := "donations sync"
	for _, f := range []struct{ name, value string }{{"config", a.g.configPath}, {"profile", a.g.profile},
		{"base-url", api.ShownURL(a.g.baseURL)}, {"username", a.g.username}} {
		if f.value != "" {
			cmd += " --" + f.name + " " + shellWord(f.value)
		}
	}
	return cmd
}

// shellWord is s as one word a POSIX shell reads back as s: bare where
// nothing in it means anything to a shell, else quoted.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_+=:,./-") == "" {
		return s
	}
	return api.ShellQuote(s)
}

// openStore opens the store at path, or one in memory for "". When a
// first sync stopped at its end left the search index and the sums to
// this open, or the store is rebuilt for this version, stderr says so as
// the work starts: it takes seconds that the command would otherwise sit
// silent.
func openStore(ctx context.Context, a *app, path string) (dataset.Local, error) {
	var s dataset.Local
	var err error
	if path == "" {
		s, err = dataset.InMemory(ctx)
	} else {
		s, err = dataset.OpenLocal(ctx, path, dataset.Opening{Finishing: func() { fmt.Fprintln(a.stderr, finishingNote) },
			NoRoom: func() { fmt.Fprintln(a.stderr, noRoomNote) }, Rebuilding: rebuildNote(a)})
	}
	return s, storeError(err)
}

// finishingNote is what a command says while it finishes the local store a
// stopped sync left.
const finishingNote = "donations: finishing the local store a stopped sync left (search index, sums); ctrl+c stops it"

// noRoomNote is what a command says when the disk had no room to finish
// the store: it had just said it would (finishingNote).
const noRoomNote = "donations: the disk is full, so the local store is left unfinished: what it holds is whole, and searches are slower until a command finishes it once there is room"

// rebuildNote says on stderr how far the rebuild of a store written by an
// earlier version has come: on a terminal as one line it redraws with the
// share of the records read, else once as it starts; then that the sums
// are built, and how many records could not be read.
func rebuildNote(a *app) func(dataset.Rebuild) {
	t := a.terms.err
	return func(p dataset.Rebuild) {
		line := fmt.Sprintf("donations: rebuilding the local store for this version from its %s (no request; ctrl+c stops it and keeps it as it was)…",
			textsafe.Count(p.Records, "record"))
		switch {
		case p.Summing:
			fmt.Fprintln(a.stderr, "donations: every record read; building the search index and the sums")
		case t != nil:
			fmt.Fprintf(a.stderr, "\r%s %d%%", line, 100*p.Read/max(p.Records, 1))
			if p.Read == p.Records {
				fmt.Fprintln(a.stderr)
			}
		case p.Read == 0:
			fmt.Fprintln(a.stderr, line)
		}
		if p.Read == p.Records && p.Unreadable > 0 && !p.Summing {
			fmt.Fprintf(a.stderr, "donations: left out %s that could not be read; run  %s --full  to fetch them again\n",
				textsafe.Count(p.Unreadable, "record"), syncAgain(a))
		}
	}
}

// storeError says that err, from opening or clearing the local store, is
// a problem the user fixes (a damaged, newer or unwritable store: exit 2,
// with the command to run in its message); reportError maps it. The error
// itself is kept, not re-typed.
func storeError(err error) error {
	var ce *config.Error
	if err == nil || errors.As(err, &ce) || errors.Is(err, context.Canceled) {
		return err
	}
	return localFileError{err}
}

// localFileError is a local file the user must fix before the command can run.
type localFileError struct{ err error }

func (l localFileError) Error() string { return l.err.Error() }
func (l localFileError) Unwrap() error { return l.err }

// cacheDir is the folder of the local stores.
func cacheDir(getenv func(string) string) string {
	return config.Dir(getenv, "XDG_CACHE_HOME", ".cache")
}
