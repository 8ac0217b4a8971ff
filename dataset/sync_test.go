package dataset_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// Request counts are exact: with nothing new a sync costs at most 2 requests,
// with k new at most ceil(k/per)+2, when no window is re-read. The pages
// are of 10: the accounts end as one of a gift, one
// page, a part page after 9 full ones, 10 full pages and a part page after
// them would over pages of 100, and what is checked is counted in pages.
func TestIncrementalSyncReadsOnlyTheEnd(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, count := range []int{1, 10, 99, 100, 105} {
		t.Run(fmt.Sprint(count), func(t *testing.T) {
			t.Parallel()
			incrementalSync(t, count)
		})
	}
}

// incrementalSync is TestIncrementalSyncReadsOnlyTheEnd over an account of
// count donations.
func incrementalSync(t *testing.T, count int) {
	const per = 10
	srv := server(t, demo.Options{Count: count})
	c := client(t, srv.URL)
	s, _ := tempStore(t)
	first := sync(t, s, c, dataset.SyncOptions{Concurrency: 4, Window: 10, PerPage: per})
	if first.New != count || !first.Full {
		t.Fatalf("%d: first sync stored %d (full %v)", count, first.New, first.Full)
	}
	sameAsServer(t, s, srv)
	before := settled(srv)
	again := sync(t, s, c, dataset.SyncOptions{Concurrency: 4, PerPage: per})
	if n := srv.Requests() - before; n > 2 || again.New != 0 || again.Updated != 0 {
		t.Errorf("%d, nothing new: %d requests, %+v", count, n, again)
	}
	for _, k := range []int{1, 25} {
		srv.Add(k)
		before = settled(srv)
		r := sync(t, s, c, dataset.SyncOptions{Concurrency: 4, PerPage: per})
		if n, most := srv.Requests()-before, (k+per-1)/per+2; n > most || r.New != k {
			t.Errorf("%d, %d new: %d requests (at most %d), stored %d", count, k, n, most, r.New)
		}
		sameAsServer(t, s, srv)
	}
}

// A refund changes an old donation: the revalidation window finds it when it
// is recent, --full wherever it is. Ten pages put the old one seven pages
// past the window.
func TestRefundsFoundByWindowAndFull(t *testing.T) {
	t.Parallel()
	skipShort(t)
	srv, s, _ := syncedCopy(t, demo.Options{Count: 1000})
	c := client(t, srv.URL)
	all := srv.Match(demo.Filter{})
	recent, old := all[len(all)-150], all[10]
	srv.SetStatus(recent, "refunded")
	srv.SetStatus(old, "refunded")
	r := sync(t, s, c, dataset.SyncOptions{Window: 3})
	if r.Updated != 1 {
		t.Errorf("window of 3 pages: %d updated, want the recent one", r.Updated)
	}
	r = sync(t, s, c, dataset.SyncOptions{Full: true, Concurrency: 4})
	if r.Updated != 1 || r.Removed != 0 {
		t.Errorf("full: %+v, want the old one updated", r)
	}
	n, err := s.Count(context.Background(), query.Query{Filter: query.Filter{Search: "refunded", ID: old}})
	if err != nil || n != 1 {
		t.Errorf("the old refund is not in the store: %d %v", n, err)
	}
}

func TestFullSyncRemovesWhatTheServerDropped(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "what a full sync removes")
	srv := server(t, demo.Options{Count: 500})
	c := client(t, srv.URL)
	s, _ := tempStore(t)
	sync(t, s, c, dataset.SyncOptions{})
	all := srv.Match(demo.Filter{})
	srv.Remove(all[3])
	srv.Remove(all[400])
	r := sync(t, s, c, dataset.SyncOptions{Full: true})
	if r.Removed != 2 {
		t.Errorf("removed %d, want 2", r.Removed)
	}
	sameAsServer(t, s, srv)
	info, err := s.Info(context.Background())
	if err != nil || info.LastFullSync.IsZero() || info.Donations != 498 {
		t.Errorf("info after a full sync: %+v %v", info, err)
	}
}

// Removals shift the list under the store; a sync that does not find its
// newest donation where it should be reads everything rather than miss any.
func TestShiftedListFallsBackToAFullSync(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "what the fallback to a full sync counts")
	srv, s, _ := syncedCopy(t, demo.Options{Count: 1000})
	c := client(t, srv.URL)
	all := srv.Match(demo.Filter{})
	for _, id := range all[:150] {
		srv.Remove(id)
	}
	srv.Add(30)
	r := sync(t, s, c, dataset.SyncOptions{Window: 0})
	if !r.Full || r.Removed != 150 || r.New != 30 || len(r.Warnings) == 0 {
		t.Errorf("after 150 removals: %+v", r)
	}
	sameAsServer(t, s, srv)
}

// A server that ignores `page` shows the first page only: the sync keeps it,
// says so, and removes nothing on a full sync.
func TestServerIgnoringPage(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "what a full sync from a server ignoring page keeps")
	good := server(t, demo.Options{Count: 450})
	s, _ := tempStore(t)
	sync(t, s, client(t, good.URL), dataset.SyncOptions{})
	bad := server(t, demo.Options{Count: 450, IgnorePage: true})
	r := sync(t, s, client(t, bad.URL), dataset.SyncOptions{Full: true})
	if r.Removed != 0 || len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0], "ignore the page") {
		t.Errorf("against a server ignoring page: %+v", r)
	}
	sameAsServer(t, s, good)
}

// A first sync from a server that ignores `page` keeps its first page and
// says so, but does not take it for the whole list.
func TestFirstSyncFromAServerIgnoringPage(t *testing.T) {
	t.Parallel()
	bad := server(t, demo.Options{Count: 450, IgnorePage: true})
	s, _ := tempStore(t)
	r := sync(t, s, client(t, bad.URL), dataset.SyncOptions{})
	if r.New != 100 || len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0], "ignore the page") {
		t.Errorf("against a server ignoring page: %+v", r)
	}
	if h, err := s.Holds(context.Background(), api.DateRange{}); err != nil || h.Complete || h.All != 100 {
		t.Errorf("the store takes one page for the whole list: %+v %v", h, err)
	}
}

// An account of exactly one page, on a server that repeats its last page
// past the end, is held whole and warned of nothing: its page 2 repeats
// page 1 as a server that ignores `page` would have it.
func TestFirstSyncOfOnePageRepeatedPastTheEnd(t *testing.T) {
	t.Parallel()
	for _, sv := range apitest.Servers {
		srv := server(t, sv.Of(demo.Options{Count: 100, PastEnd: "last"}))
		s, _ := tempStore(t)
		r := sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
		if r.New != 100 || len(r.Warnings) != 0 {
			t.Errorf("%s: %+v", sv.Name, r)
		}
		if h, err := s.Holds(context.Background(), api.DateRange{}); err != nil || !h.Complete || h.All != 100 {
			t.Errorf("%s: the store does not hold its one page whole: %+v %v", sv.Name, h, err)
		}
	}
}

// Two processes syncing one store at once (two handles here) store every
// donation once.
func TestTwoSyncsAtOnce(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 1200})
	_, path := tempStore(t)
	a, b := open(t, path), open(t, path)
	errs := make(chan error, 2)
	for _, s := range []*store.Store{a, b} {
		go func() {
			_, err := dataset.Sync(context.Background(), s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 4})
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	sameAsServer(t, a, srv)
}

// Pages are stored on a goroutine of their own, several to a transaction
// when they wait: a first sync (newest first) stopped at any point keeps
// whole pages from the last, in order, with what it reported stored and a
// coverage that says so, and the next one completes it with nothing
// repeated. The stops fall at the first page, within the 8 a transaction
// stores at most, past them and past twice that; the race run's 15 pages
// stop at the first three. The pages are of 10 (SyncOptions.PerPage):
// the stops, the transactions and what is checked are counted in pages,
// whatever a page holds.
func TestStoppedSyncKeepsWholePagesInOrder(t *testing.T) {
	t.Parallel()
	const per = 10
	srv := server(t, demo.Options{Count: sized(25, 15) * per})
	want := srv.Match(demo.Filter{})
	stops := []int{1, 4, 11, 20}
	if testing.Short() {
		stops = stops[:3]
	}
	for _, stopAt := range stops {
		t.Run(fmt.Sprint("stop at ", stopAt), func(t *testing.T) {
			t.Parallel()
			s, _ := tempStore(t)
			ctx, cancel := context.WithCancel(context.Background())
			reported, pages := 0, 0
			_, err := dataset.Sync(ctx, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 8, PerPage: per, OnProgress: func(p dataset.Progress) {
				if p.Done <= pages || p.Total != len(want)/per {
					t.Errorf("stop at %d: progress went from %d pages to %d of %d", stopAt, pages, p.Done, p.Total)
				}
				reported, pages = p.New, p.Done
				if p.Done >= stopAt {
					cancel()
				}
			}})
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("stop at %d: %v", stopAt, err)
			}
			got := ids(t, s)
			if len(got)%per != 0 || len(got) < reported || !slices.Equal(got, want[len(want)-len(got):]) {
				t.Fatalf("stop at %d: %d stored (%d reported), not whole pages from the last", stopAt, len(got), reported)
			}
			coversExactly(t, s, got, len(want))
			if r := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 4, PerPage: per}); r.New != len(want)-len(got) {
				t.Errorf("stop at %d: the next sync stored %d, want %d", stopAt, r.New, len(want)-len(got))
			}
			sameAsServer(t, s, srv)
		})
	}
}
