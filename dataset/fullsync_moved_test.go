package dataset_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// A gift removed near the start of the list while a full sync reads it
// moves every later gift back by one, so the walk passes over one at a
// page boundary. The sync must not take that one for removed: it removes
// only what a page or an id lookup shows gone, says the list moved, and
// does not call the store whole; the next full sync makes it exact. Ten
// pages show it as well as more would: the walk passes over one gift, at
// page 5's start, however many pages follow.
func TestFullSyncKeepsWhatTheListMovedPast(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "what a full sync keeps when the list moves under it")
	srv, s, _ := syncedCopy(t, demo.Options{Count: 1000})
	c := client(t, srv.URL)
	before, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	all := srv.Match(demo.Filter{})
	gone := all[700] // removed before the sync: inside a page, surely gone
	srv.Remove(gone)
	// The server loses the gift as the walk asks for page 5: a removal
	// on page 1, already read, while the walk goes on.
	var removedLate atomic.Bool
	moving := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "5" && removedLate.CompareAndSwap(false, true) {
			srv.Remove(all[1])
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(moving.Close)
	r, err := dataset.Sync(context.Background(), s, client(t, moving.URL), dataset.SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if !removedLate.Load() {
		t.Fatal("the gift on page 1 was never removed during the sync")
	}
	if r.Removed != 1 {
		t.Errorf("removed %d, want only the gift removed before the sync", r.Removed)
	}
	held := ids(t, s)
	if slices.Contains(held, gone) {
		t.Errorf("the gift removed before the sync is still held")
	}
	for _, id := range srv.Match(demo.Filter{}) {
		if !slices.Contains(held, id) {
			t.Errorf("donation %d, which the server holds, is not in the store", id)
		}
	}
	if len(r.Warnings) == 0 || !strings.Contains(strings.Join(r.Warnings, " "), "the list changed while the sync read it") {
		t.Errorf("warnings %q do not say the list moved", r.Warnings)
	}
	cov, err := s.Extent(context.Background())
	if whole, _ := cov.Whole(); err != nil || whole {
		t.Errorf("the store says it holds the whole account after a walk the list moved under (%v)", err)
	}
	info, err := s.Info(context.Background())
	if err != nil || !info.LastFullSync.Equal(before.LastFullSync) {
		t.Errorf("recorded as a full sync: %v, was %v (%v)", info.LastFullSync, before.LastFullSync, err)
	}

	r = sync(t, s, c, dataset.SyncOptions{Full: true})
	if r.Removed != 1 || len(r.Warnings) != 0 {
		t.Errorf("the next full sync: %+v, want the gift removed during the first one removed", r)
	}
	sameAsServer(t, s, srv)
	cov, err = s.Extent(context.Background())
	if whole, _ := cov.Whole(); err != nil || !whole {
		t.Errorf("a quiet full sync leaves the store not whole (%v)", err)
	}
}

// A server that ignores the id filter cannot say whether a gift it did not
// list is gone: the sync keeps it, says so, and does not call the store
// whole.
func TestFullSyncKeepsWhatItCannotAskAfter(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "what a full sync keeps when no lookup vouches for it")
	srv, s, _ := syncedCopy(t, demo.Options{Count: 1000})
	all := srv.Match(demo.Filter{})
	srv.Remove(all[100]) // the last of page 1: between two pages
	deaf := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		q.Del("id")
		r.URL.RawQuery = q.Encode()
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(deaf.Close)
	r := sync(t, s, client(t, deaf.URL), dataset.SyncOptions{Full: true})
	if r.Removed != 0 || !slices.Contains(ids(t, s), all[100]) {
		t.Errorf("removed %d: a gift no lookup could vouch for is gone", r.Removed)
	}
	if !strings.Contains(strings.Join(r.Warnings, " "), "could not be checked") {
		t.Errorf("warnings %q do not say what was kept", r.Warnings)
	}
}
