package dataset_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	gosync "sync"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// When the list holds a donation twice (here page 2
// repeats page 1's last row), the copy updated last is stored, whichever
// page the walk reads first, and by --full too.
func TestNewerCopyOfADonationWins(t *testing.T) {
	t.Parallel()
	onePageAtATime(t, "which copy of a donation the store keeps")
	srv := demo.New(demo.Options{Count: 250, RepeatRows: 1})
	all := srv.Match(demo.Filter{})
	twice := all[99] // last on page 1, first on page 2
	var once gosync.Once
	// The refund happens while the walk is between the two pages: the page
	// read after it holds the newer copy.
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "2" {
			once.Do(func() { srv.SetStatus(twice, "refunded") })
		}
		srv.ServeHTTP(w, r)
	}))
	defer web.Close()
	s, _ := tempStore(t)
	c := client(t, web.URL)
	sync(t, s, c, dataset.SyncOptions{})
	if n := refunded(t, s, twice); n != 1 {
		t.Fatalf("first sync: the refund of %d read on page 2 is not what the store holds", twice)
	}
	srv.SetStatus(twice, "paid")
	once = gosync.Once{}
	r := sync(t, s, c, dataset.SyncOptions{Full: true})
	if n := refunded(t, s, twice); n != 1 {
		t.Fatalf("full sync: %+v; the store does not hold the refund read on page 2", r)
	}
}

func refunded(t *testing.T, s *store.Store, id int64) int {
	t.Helper()
	n, err := s.Count(context.Background(), query.Query{Filter: query.Filter{ID: id, Statuses: []string{"refunded"}}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A server that serves fewer rows than asked for has
// its page size learned, so that an incremental sync reads only the page
// holding the store's newest donation and the one after it.
func TestCappedPageSizeIsLearned(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, tc := range []struct{ size, count int }{{50, 1000}, {1, 150}, {37, 1000}} {
		srv := server(t, demo.Options{Count: tc.count, PageSize: tc.size})
		c := client(t, srv.URL)
		s, _ := tempStore(t)
		sync(t, s, c, dataset.SyncOptions{Concurrency: 8})
		sameAsServer(t, s, srv)
		before := settled(srv)
		r := sync(t, s, c, dataset.SyncOptions{Window: 0})
		if n := srv.Requests() - before; n != 2 || r.New+r.Updated != 0 {
			t.Errorf("page size %d, %d donations, nothing new: %d requests (want 2), %+v", tc.size, tc.count, n, r)
		}
		srv.Add(3 * tc.size)
		// From the page before the one holding the newest donation to the
		// new last page, and the empty page after it that ends the list.
		total := tc.count + 3*tc.size
		anchor, last := (tc.count+tc.size-1)/tc.size, (total+tc.size-1)/tc.size
		want := last - (anchor - 1) + 2
		before = settled(srv)
		r = sync(t, s, c, dataset.SyncOptions{Window: 1})
		if n := srv.Requests() - before; n != want || r.New != 3*tc.size {
			t.Errorf("page size %d, %d donations, 3 pages new, a window of 1: %d requests (want %d), %+v", tc.size, tc.count, n, want, r)
		}
		sameAsServer(t, s, srv)
	}
}

// One sync of a store runs at a time: a second one told not to wait says
// so at once, and one that waits is told it waits and runs after.
func TestOneSyncAtATime(t *testing.T) {
	t.Parallel()
	// The account's pages and the demo's latency keep the first sync
	// running long after its first page is stored, which is when the
	// second ones start: they ask for the lock well before it ends.
	srv := server(t, demo.Options{Count: 1500, Latency: 20 * time.Millisecond})
	_, path := tempStore(t)
	a, b := open(t, path), open(t, path)
	started := make(chan struct{})
	var once gosync.Once
	done := make(chan error, 1)
	go func() {
		_, err := dataset.Sync(context.Background(), a, client(t, srv.URL), dataset.SyncOptions{OnProgress: func(dataset.Progress) {
			once.Do(func() { close(started) })
		}})
		done <- err
	}()
	<-started
	for _, s := range []*store.Store{a, b} {
		st, err := dataset.Status(context.Background(), s)
		if err != nil || !st.Running {
			t.Errorf("status during a sync: %+v %v", st, err)
		}
	}
	if _, err := dataset.Sync(context.Background(), b, client(t, srv.URL), dataset.SyncOptions{NoWait: true}); !errors.Is(err, dataset.ErrSyncRunning) {
		t.Errorf("a second sync not waiting: %v", err)
	}
	waited := false
	r, err := dataset.Sync(context.Background(), b, client(t, srv.URL), dataset.SyncOptions{OnWait: func() { waited = true }})
	if err != nil || !waited || r.New != 0 {
		t.Errorf("a second sync that waits: waited %v, %+v, %v", waited, r, err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	st, err := dataset.Status(context.Background(), b)
	if err != nil || st.Running || st.LastSync.IsZero() {
		t.Errorf("status after: %+v %v", st, err)
	}
	sameAsServer(t, b, srv)
}
