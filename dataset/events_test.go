package dataset_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// hangGuard bounds a wait that only a bug makes long: a guard, not a timing.
const hangGuard = 60 * time.Second

// nextEvent is the watcher's next event; false when its stream has closed.
func nextEvent(t *testing.T, w *dataset.Watcher) (dataset.Event, bool) {
	t.Helper()
	select {
	case e, ok := <-w.Events():
		return e, ok
	case <-time.After(hangGuard):
		t.Fatal("no event for a minute")
		return dataset.Event{}, false
	}
}

// A watched sync tells its progress in order, each batch's stored
// donations, once that every page is stored and the store's end begins
// (Ending), and its end with the count the store holds; a status read
// while it runs says a sync runs here, not in another process.
func TestWatchTellsItsOwnSyncInOrder(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			srv := server(t, sh.Of(demo.Options{Count: 450}))
			s, _ := tempStore(t)
			ticks := make(chan time.Time)
			w := dataset.Watch(t.Context(), s, dataset.WatchOptions{Ticks: ticks})
			events := make(chan []dataset.Event, 1)
			go func() {
				var got []dataset.Event
				for e := range w.Events() {
					if got = append(got, e); e.Done && e.By == dataset.ByMine {
						break
					}
				}
				events <- got
			}()
			ticked := false
			o := dataset.SyncOptions{OnProgress: func(dataset.Progress) {
				if !ticked { // the status is read while the sync runs, between its pages
					ticked = true
					ticks <- time.Now()
				}
			}}
			res, err := w.Sync(t.Context(), client(t, srv.URL), o)
			if err != nil {
				t.Fatal(err)
			}
			var got []dataset.Event
			select {
			case got = <-events:
			case <-time.After(hangGuard):
				t.Fatal("the sync's end was never told")
			}
			checkOwnSync(t, s, got, res)
		})
	}
}

func checkOwnSync(t *testing.T, s *store.Store, got []dataset.Event, res dataset.SyncResult) {
	t.Helper()
	held, err := s.Count(context.Background(), query.Query{})
	if err != nil {
		t.Fatal(err)
	}
	last := got[len(got)-1]
	if !last.Done || last.Err != nil || last.Result.New != held || last.Progress.Held != held || res.New != held {
		t.Fatalf("the last event %+v, the sync %+v: want done with the %d donations held", last, res, held)
	}
	stored, done, statuses, endings := 0, 0, 0, 0
	for i, e := range got[:len(got)-1] {
		switch {
		case e.Progress.Ending:
			// Told once, after every page: the store's end follows.
			endings++
			if i != len(got)-2 || e.Progress.Held != held || e.Stored != 0 {
				t.Errorf("the end told as event %d of %d, holding %d: %+v", i, len(got), held, e)
			}
		case e.Status != nil:
			statuses++
			if e.By != dataset.ByHere || !e.Status.Running || !e.Status.Here {
				t.Errorf("a status read during the sync: %+v by %v, want running here", *e.Status, e.By)
			}
		case e.By != dataset.ByMine || e.Done:
			t.Errorf("an event not of its own sync before its end: %+v", e)
		case e.Progress.Done < done:
			t.Errorf("progress went back: page %d stored after %d", e.Progress.Done, done)
		default:
			done, stored = e.Progress.Done, stored+e.Stored
		}
	}
	if endings != 1 {
		t.Errorf("the store's end was told %d times, want once", endings)
	}
	if statuses != 1 || stored != res.New+res.Updated || done == 0 {
		t.Errorf("%d status reads, %d stored over %d pages told; want 1 and the sync's %d", statuses, stored, done, res.New+res.Updated)
	}
}

// A watcher nobody reads holds no sync up, and ends with its context.
// Six pages show it as well as more would: the first event waits for the
// reader all the while, and each page's progress is queued behind it,
// merged into the progress before (a queue far short of queueMost
// whatever the pages).
func TestAWatcherNobodyReadsDoesNotStallASync(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			srv := server(t, sh.Of(demo.Options{Count: 600}))
			s, _ := tempStore(t)
			ctx, cancel := context.WithCancel(t.Context())
			w := dataset.Watch(ctx, s, dataset.WatchOptions{Ticks: make(chan time.Time)})
			synced := make(chan error, 1)
			go func() {
				_, err := w.Sync(t.Context(), client(t, srv.URL), dataset.SyncOptions{Concurrency: 4})
				synced <- err
			}()
			select {
			case err := <-synced:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(hangGuard):
				t.Fatal("a sync told to a watcher nobody reads did not end")
			}
			sameAsServer(t, s, srv)
			cancel()
			for {
				if _, ok := nextEvent(t, w); !ok {
					break
				}
			}
		})
	}
}

// Watchers that come and go, with syncs told to them, leave no goroutine.
func TestWatchersLeaveNoGoroutine(t *testing.T) {
	srv, s, _ := syncedCopy(t, demo.Options{Count: 300})
	c := client(t, srv.URL)
	sync(t, s, c, dataset.SyncOptions{}) // its connections stay for the syncs below
	before := runtime.NumGoroutine()
	for range 20 {
		ctx, cancel := context.WithCancel(t.Context())
		w := dataset.Watch(ctx, s, dataset.WatchOptions{})
		if _, err := w.Sync(ctx, c, dataset.SyncOptions{}); err != nil {
			t.Fatal(err)
		}
		cancel()
		for {
			if _, ok := nextEvent(t, w); !ok {
				break
			}
		}
	}
	deadline := time.Now().Add(hangGuard)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after the watchers ended, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// A store in memory has one connection, which a long query holds (the
// end of a first sync at a million holds it for minutes): a status read at
// a tick waits for it, and the events told meanwhile must not wait behind
// that read. Here a sync that cannot start ends at once while the store is
// held: its end is heard before the store is let go.
func TestEventsAreToldWhileTheStoreIsHeld(t *testing.T) {
	t.Parallel()
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	// Groups by donor and day, nearly one a gift: many more than the
	// groups read ahead of the first handed over, so the query is still
	// reading, the connection held, while the first one is.
	c := client(t, server(t, demo.Options{Count: 2500}).URL)
	sync(t, s, c, dataset.SyncOptions{})
	held, release := make(chan struct{}), make(chan struct{})
	reading := make(chan error, 1)
	go func() {
		reading <- s.EachGroup(context.Background(), query.Filter{}, []string{"donor", "day"}, time.UTC, func(store.Group) error {
			select {
			case held <- struct{}{}:
			default:
			}
			<-release
			return nil
		})
	}()
	<-held
	defer func() {
		close(release)
		if err := <-reading; err != nil {
			t.Error(err)
		}
	}()
	ticks := make(chan time.Time)
	w := dataset.Watch(t.Context(), s, dataset.WatchOptions{Ticks: ticks})
	ticks <- time.Now() // its status read now waits for the store
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.Sync(stopped, c, dataset.SyncOptions{}); err == nil {
		t.Fatal("a sync that could not start ended without an error")
	}
	for {
		e, ok := nextEvent(t, w)
		if !ok {
			t.Fatal("the stream closed before the sync's end was told")
		}
		if e.Done && e.By == dataset.ByMine {
			return
		}
	}
}
