package dataset

import (
	"context"
	"os"

	"donations/api"
	"donations/store"
)

// Commands that answer from the API alone (list, summary) learn the server
// as a sync does: what they learn is kept in the account's store too, so
// that the next process sends the date form that worked at once, with no
// refused try and no page fetched only to check the filter.

// Recall teaches src what the account's store at path remembers of its
// server. Nothing is taught when there is no store (path "": the account
// keeps none) or it cannot be read: the server is then learned again,
// which costs a request or two, never a wrong answer. The store is opened
// Unfinished, here and in Remember: a first sync stopped at its end left
// its search index and sums to the next open, seconds of work a command
// that answers from the API never reads, and Remember, which runs as the
// command ends, cannot be stopped. It returns what it taught, for
// Remember.
func Recall(ctx context.Context, path string, src Source) api.Profile {
	if path == "" {
		return api.Profile{}
	}
	if _, err := os.Lstat(path); err != nil {
		return api.Profile{}
	}
	s, err := store.OpenWith(ctx, path, store.Opening{Unfinished: true})
	if err != nil {
		return api.Profile{}
	}
	defer s.Close()
	p, err := s.Profile(ctx)
	if err != nil {
		return api.Profile{}
	}
	src.Teach(p)
	return p
}

// Remember keeps in the account's store at path what src has learned of
// its server, when that differs from what the store remembers; the store
// is made if the account has none yet (a later sync fills it). When src
// learned nothing beyond recalled, what Recall taught it, the store is
// not opened: opening one reads its whole schema (about 3 ms), which
// `list --pages 1` paid twice, 1.17× curl for the same page at 50 ms of
// latency.
func Remember(ctx context.Context, path string, src Source, recalled api.Profile) error {
	p := src.Profile()
	if path == "" || p == (api.Profile{}) || p == recalled {
		return nil
	}
	s, err := store.OpenWith(ctx, path, store.Opening{Unfinished: true})
	if err != nil {
		return err
	}
	defer s.Close()
	known, err := s.Profile(ctx)
	if err != nil || known == p {
		return err
	}
	return s.SaveProfile(ctx, p)
}
