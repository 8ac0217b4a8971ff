package dataset_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// A few pages into the first sync of a
// rate-limited account, the month before the newest gift is held complete,
// exactly as the server lists it, while the whole account is not, and says
// what it lacks; the next sync completes it.
func TestNewestMonthHeldFirst(t *testing.T) {
	t.Parallel()
	skipShort(t)
	// The limit is counted and waited out on a clock whose waits end at once
	// and which moves only by them, so a loaded machine moves no window.
	// Of 25 pages, the sync cut short holds two or three; the next one
	// makes more requests than the limit lets through at once.
	const count = 2500
	clock := &apitest.Clock{From: demo.End}
	srv := server(t, demo.Options{Count: count, RateLimit: 25, RateWindow: time.Second, Now: clock.Now})
	c := clockedClient(t, srv.URL, clock)
	ctx := context.Background()
	newest, err := c.Newest(ctx, api.Query{}, 1)
	if err != nil || len(newest) != 1 {
		t.Fatal(newest, err)
	}
	at, _ := api.Time(newest[0].DonationDate)
	month := api.DateRange{Since: at.AddDate(0, -1, 0)}
	var want []int64
	w := c.RangeWalk(api.Query{}, month, 1)
	for !w.Done() {
		b, err := w.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range b.Donations {
			want = append(want, d.ID.Value)
		}
	}
	slices.Sort(want)

	s, _ := tempStore(t)
	pages := (len(want)+99)/100 + 1 // the month's pages, and one that starts before it
	cutShort(t, s, c, dataset.SyncOptions{Concurrency: 1}, pages)
	h, err := s.Holds(ctx, month)
	if err != nil || !h.Complete || h.Count != len(want) {
		t.Fatalf("after %d pages, the month since %v: %+v, %v; the server lists %d", pages, month.Since, h, err, len(want))
	}
	if got := monthIDs(t, s, month); !slices.Equal(got, want) {
		t.Fatalf("the store's month holds %d donations, the server's %d", len(got), len(want))
	}
	all, err := s.Holds(ctx, api.DateRange{})
	if err != nil || all.Complete || all.All >= count || all.About != count || all.Missing() != count-all.All {
		t.Fatalf("the whole account after %d pages: %+v, %v", pages, all, err)
	}
	older, err := s.Holds(ctx, api.DateRange{Since: at.AddDate(-1, 0, 0), Until: at.AddDate(0, -6, 0)})
	if err != nil || older.Complete {
		t.Fatalf("a range the store does not hold: %+v, %v", older, err)
	}
	sync(t, s, c, dataset.SyncOptions{Concurrency: 4})
	sameAsServer(t, s, srv)
	if all, err := s.Holds(ctx, api.DateRange{}); err != nil || !all.Complete || all.All != count {
		t.Fatalf("the whole account after the next sync: %+v, %v", all, err)
	}
}

func monthIDs(t *testing.T, s *store.Store, r api.DateRange) []int64 {
	t.Helper()
	var out []int64
	err := s.Donations(context.Background(), query.Query{Filter: query.Filter{Dates: r}, Sort: "id"}, 0, -1, func(d *api.Donation) error {
		out = append(out, d.ID.Value)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A first sync searches for the last page as many pages at once as it
// then reads: pages 2, 4, 8 and 16 are asked for together, not one after
// another. Over 9 pages the last of them is past the end, as a search's
// probes are, and the sync makes few round trips.
func TestFirstSyncSearchesForTheEndAsManyPagesAtOnceAsItReads(t *testing.T) {
	t.Parallel()
	// 250 ms of latency: long enough that requests sent together overlap
	// on a loaded machine.
	waves := apitest.NewWaves(demo.New(demo.Options{Count: 900, Latency: 250 * time.Millisecond}))
	srv := httptest.NewServer(waves)
	t.Cleanup(srv.Close)
	s, _ := tempStore(t)
	res := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 4})
	if res.New != 900 {
		t.Fatalf("the sync brought %d, want 900", res.New)
	}
	for _, page := range []int{2, 4, 8, 16} {
		if got := waves.Together(page); got != 4 {
			t.Errorf("page %d was asked for with %d in flight, want 4", page, got)
		}
	}
}
