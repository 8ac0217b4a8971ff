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
	const count, pages = 2_000, 20
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
	paced, pacedServed := first(demo.Options{Count: count, RateLimit: 22, RateWindow: time.Second})
	// Each of the 20 pages is read once: the search for the last page
	// keeps what it reads for the walk back. It asks 4 pages at a time:
	// page 1, then 2, 4, 8 and 16, then 32, 64, 128 and 256 (empty), then
	// 19, 22, 25 and 28 between 16 and 32 (the last three empty), then 20
	// and 21 (empty): the 8 requests past the end that find where the list
	// ends. The budget of 22 a second leaves the search its 4 at a time
	// (the search asks one at a time once fewer than two rounds are left,
	// and the 13 it makes before its last leave 9), and the walk
	// then spends the rest of the window and waits for the next.
	if want := pages + 8; free.Requests != want || freeServed != want {
		t.Errorf("without a budget: %d requests counted, %d served, want %d", free.Requests, freeServed, want)
	}
	if paced.Requests != free.Requests || pacedServed != free.Requests {
		t.Errorf("under 22 requests a second: %d requests counted, %d served, want %d as without a budget",
			paced.Requests, pacedServed, free.Requests)
	}
}
