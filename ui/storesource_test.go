package ui

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// storeAccount is a demo server of count donations, a client of it, and a
// store in memory.
func storeAccount(t *testing.T, count int) (*demo.Server, *api.Client, *store.Store) {
	t.Helper()
	return storeAccountOf(t, demo.Options{Count: count})
}

// storeAccountOf is storeAccount of a server of opts (a shape's).
func storeAccountOf(t *testing.T, opts demo.Options) (*demo.Server, *api.Client, *store.Store) {
	t.Helper()
	srv := demo.New(opts)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	c, err := api.New(api.Config{BaseURL: hs.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return srv, c, st
}

func syncWith(st *store.Store, c *api.Client) Syncer {
	return StoreSyncer(dataset.Hold(st), c, dataset.SyncOptions{Concurrency: 4})
}

// Before a first sync the rows come from the server; once it has run, from
// the store, with what the background sync brought and no request.
func TestBrowserReadsTheStoreAndSyncsInTheBackground(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			srv, c, st := storeAccountOf(t, sh.Of(demo.Options{Count: 450}))
			d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
			d.settle()
			d.mustShow("synced just now")
			d.mustShow("synced: 450 new, 0 updated, 0 removed")
			before := srv.Requests()
			d.keys("G")
			if n := d.m.data.Len(); n != 450 || d.m.list.cursor != 449 || srv.Requests() != before {
				t.Errorf("after G: %d rows, cursor %d, %d requests", n, d.m.list.cursor, srv.Requests()-before)
			}
			d.keys("g")
			newest := srv.Match(demo.Filter{})[449]
			if got := d.m.data.At(0).Summary.ID.Value; got != newest || srv.Requests() != before {
				t.Errorf("newest first from the store: first row %d, want %d; %d requests", got, newest, srv.Requests()-before)
			}
			d.keys("o")
			oldest := srv.Match(demo.Filter{})[0]
			if got := d.m.data.At(0).Summary.ID.Value; got != oldest || srv.Requests() != before {
				t.Errorf("oldest first from the store: first row %d, want %d; %d requests", got, oldest, srv.Requests()-before)
			}
		})
	}
}

func TestSyncStatusInTheHeader(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		s    syncer
		want string
	}{
		{syncer{}, ""},
		{syncer{run: syncWith(nil, nil)}, "not synced"},
		{syncer{run: syncWith(nil, nil), other: true, last: now.Add(-2 * time.Minute)}, "syncing…"},
		{syncer{run: syncWith(nil, nil), running: true}, "syncing…"},
		{syncer{run: syncWith(nil, nil), running: true, progress: dataset.Progress{Page: 14, New: 1300}}, "syncing 0"},
		{syncer{run: syncWith(nil, nil), running: true, progress: dataset.Progress{Page: 151, Done: 50, Total: 200, New: 5000,
			Elapsed: 10 * time.Second, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 45}}},
			"syncing 0 · 50/200 pages · 45 requests left · ~30s left | syncing 0 · 50/200 pages · ~30s left | syncing 0 · ~30s left | syncing 0"},
		{syncer{run: syncWith(nil, nil), running: true, progress: dataset.Progress{Page: 106, Done: 106, Total: 300, New: 10600,
			Elapsed: 2 * time.Second, Budgeted: true, Budget: api.Budget{Limit: 120, Remaining: 0, Reset: now.Add(52 * time.Second)}}},
			"syncing 0 · 106/300 pages · 0 requests left · the budget resets in 52s | syncing 0 · 106/300 pages · the budget resets in 52s | syncing 0 · the budget resets in 52s | syncing 0"},
		{syncer{run: syncWith(nil, nil), running: true, progress: dataset.Progress{Page: 190, Done: 12, Total: 200,
			Wanted:     api.DateRange{Since: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC)},
			WantedPage: 3, WantedPages: 5, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 52}}},
			"syncing 0 · 2025-03 first · 52 requests left | syncing 0 · 2025-03 first | syncing 0"},
		{syncer{run: syncWith(nil, nil), running: true, progress: dataset.Progress{
			Wanted:     api.DateRange{Since: time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC), Until: time.Date(2025, 3, 11, 0, 0, 0, 0, time.UTC)},
			WantedPage: 1, WantedPages: 1}},
			"syncing 0 · 2025-03-04–2025-03-10 first | syncing 0"},
		{syncer{run: syncWith(nil, nil), last: now.Add(-2 * time.Minute)}, "synced 2 min ago"},
		{syncer{run: syncWith(nil, nil), last: now.Add(-3 * time.Hour)}, "synced 3 h ago"},
		{syncer{run: syncWith(nil, nil), last: now.Add(-72 * time.Hour)}, "synced 3 days ago"},
		{syncer{run: syncWith(nil, nil), last: now.Add(-2 * time.Minute), lastFull: now.Add(-50 * time.Hour)}, "synced 2 min ago (in full 2 days ago) | synced 2 min ago"},
	} {
		if got := strings.Join(tc.s.status(now, true), " | "); got != tc.want {
			t.Errorf("status = %q, want %q", got, tc.want)
		}
	}
}

// A status read while our own sync ran, arriving after it ended, is not
// another sync: the header says "synced", not "syncing…". Another
// process's sync, or one of this process (Live's) that tells its
// progress, is "syncing…" until it ends.
func TestAStatusReadBeforeOurSyncEndedIsNoOtherSync(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	_, _, st := storeAccount(t, 1)
	s := syncer{run: syncWith(st, nil), events: syncWith(st, nil).Watch(t.Context()), running: true}
	header := func(after string, want string, events ...dataset.Event) {
		t.Helper()
		for _, e := range events {
			s.onProgress(syncProgressMsg{e})
		}
		if got := strings.Join(s.status(now, true), " | "); got != want {
			t.Errorf("%s: %q, want %q", after, got, want)
		}
	}
	s.onDone(syncDoneMsg{}, now)
	header("after a late read of our own sync", "synced just now",
		dataset.Event{By: dataset.ByHere, Status: &dataset.SyncStatus{Running: true, Here: true}})
	// A read that finds one running, not of this process, is another's.
	header("another process's sync", "syncing…", dataset.Event{By: dataset.ByElsewhere, Status: &dataset.SyncStatus{Running: true}})
	header("another process's sync ended", "synced just now", dataset.Event{By: dataset.ByHere, Status: &dataset.SyncStatus{LastSync: now}})
	header("Live's sync", "syncing…", dataset.Event{By: dataset.ByHere, Progress: dataset.Progress{Page: 1}, Stored: 3})
	header("Live's sync ended", "synced just now", dataset.Event{By: dataset.ByHere, Done: true})
}
