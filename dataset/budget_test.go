package dataset_test

import (
	"context"
	"testing"
	"time"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A first sync bound by the server's request budget makes
// exactly the requests the same sync makes without one: none refused and
// sent again, none read ahead past the last page, none the server did not
// answer. How long it takes against the bound (requests ÷ rate) is
// scripts/perf's figure: nothing here is timed.
func TestBudgetedFirstSyncWastesNoRequest(t *testing.T) {
	t.Parallel()
	skipShort(t)
	const count, pages = 10_000, 100
	// The budget is counted and waited out on a clock whose waits end at
	// once and which moves only by them: what is checked is the requests,
	// not the time they took, and a loaded machine moves no window.
	clock := &apitest.Clock{From: demo.End}
	first := func(opts demo.Options) (dataset.SyncResult, int) {
		opts.Now = clock.Now
		srv := server(t, opts)
		s, err := store.Memory(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		r := sync(t, s, clockedClient(t, srv.URL, clock), dataset.SyncOptions{Concurrency: 4})
		if r.New != count {
			t.Fatalf("a first sync stored %d of %d", r.New, count)
		}
		return r, srv.Requests()
	}
	free, freeServed := first(demo.Options{Count: count})
	paced, pacedServed := first(demo.Options{Count: count, RateLimit: 40, RateWindow: time.Second})
	// Each of the 100 pages is read once: the search for the last page
	// (pages 1, 2, 4 … 128, then halving between 64 and 128) keeps what it
	// reads for the walk back. Past the end it reads 128, 112, 104, 102 and
	// 101, empty: the 5 requests that find where the list ends.
	if want := pages + 5; free.Requests != want || freeServed != want {
		t.Errorf("without a budget: %d requests counted, %d served, want %d", free.Requests, freeServed, want)
	}
	if paced.Requests != free.Requests || pacedServed != free.Requests {
		t.Errorf("under 40 requests a second: %d requests counted, %d served, want %d as without a budget",
			paced.Requests, pacedServed, free.Requests)
	}
}
