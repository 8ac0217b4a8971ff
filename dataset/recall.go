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
// which costs a request or two, never a wrong answer. What the store
// remembers is read from the file beside it (store.Learned), with no
// open; only a store without one, or with one it cannot trust, is opened.
// It is opened Unfinished, here and in Remember: a first sync stopped at
// its end left its search index and sums to the next open, seconds of
// work a command that answers from the API never reads, and Remember,
// which runs as the command ends, cannot be stopped.
func Recall(ctx context.Context, path string, src Source) {
	if path == "" {
		return
	}
	if _, err := os.Lstat(path); err != nil {
		return
	}
	p, ok := store.Learned(path)
	if !ok {
		s, err := store.OpenWith(ctx, path, store.Opening{Unfinished: true})
		if err != nil {
			return
		}
		defer s.Close()
		if p, err = s.Profile(ctx); err != nil {
			return
		}
	}
	src.Teach(p)
}

// Remember keeps in the account's store at path what src has learned of
// its server, and in the file beside it, when the file does not say that
// already; the store is made if the account has none yet (a later sync
// fills it). The store is not opened when the file says it all, beside
// a store: Recall reads no file beside none (one left where the store was
// removed by hand), so the store is made again.
func Remember(ctx context.Context, path string, src Source) error {
	p := src.Profile()
	if path == "" || p == (api.Profile{}) {
		return nil
	}
	if kept, ok := store.Learned(path); ok && kept == p {
		if _, err := os.Lstat(path); err == nil {
			return nil
		}
	}
	s, err := store.OpenWith(ctx, path, store.Opening{Unfinished: true})
	if err != nil {
		return err
	}
	defer s.Close()
	return s.SaveProfile(ctx, p)
}
