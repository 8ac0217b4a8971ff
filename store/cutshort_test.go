package store_test

import (
	"context"
	"errors"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// cutShort is a store on disk as a first sync killed after it recorded
// its end but before it built the search index and the sums leaves it
// (meta deferred still set): made here as the kill leaves it, the index
// and sums emptied and deferred set again.
func cutShort(t *testing.T) (path string, srv *demo.Running) {
	t.Helper()
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	s.Close()
	craft(t, path,
		`INSERT INTO meta(key, value) VALUES ('deferred', '1')`,
		`INSERT INTO donations_fts(donations_fts) VALUES ('delete-all')`,
		`DELETE FROM rollup_day`, `DELETE FROM rollup_dims`, `DELETE FROM donors`)
	return path, srv
}

// openTold opens the store at path as o says, and counts how often it
// told that it was finishing what the sync left.
func openTold(t *testing.T, ctx context.Context, path string, o store.Opening) (*store.Store, int, error) {
	t.Helper()
	told := 0
	then := o.Finishing
	o.Finishing = func() {
		told++
		if then != nil {
			then()
		}
	}
	s, err := store.OpenWith(ctx, path, o)
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, told, err
}

// Such a store left search finding nothing, without a word, until the
// next sync. The next open builds what the sync left, and says so as it
// starts (a command tells the user why it waits) and how long it took
// after (a sync counts it in its time); the open after that has nothing
// to finish.
func TestIndexLeftUnbuiltIsBuiltOnOpen(t *testing.T) {
	path, srv := cutShort(t)
	s, told, err := openTold(t, context.Background(), path, store.Opening{})
	if err != nil {
		t.Fatal(err)
	}
	if told != 1 || s.Finished() <= 0 {
		t.Fatalf("the open that finished the store told it %d times and says it took %v; want once, and its time", told, s.Finished())
	}
	sameAsServer(t, s, srv)
	s.Close()
	s, told, err = openTold(t, context.Background(), path, store.Opening{})
	if err != nil {
		t.Fatal(err)
	}
	if told != 0 || s.Finished() != 0 {
		t.Fatalf("the open of a finished store told %d times and says it finished in %v; want neither", told, s.Finished())
	}
}

// ctrl+c while the open finishes the store stops it: the open fails as
// cancelled, the store is left as the sync left it, and the next open
// finishes it.
func TestCutShortBuildStoppedIsFinishedByTheNextOpen(t *testing.T) {
	path, srv := cutShort(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, _, err := openTold(t, ctx, path, store.Opening{Finishing: cancel}); !errors.Is(err, context.Canceled) {
		t.Fatalf("an open stopped as it finished the store: %v, want it cancelled", err)
	}
	s, told, err := openTold(t, context.Background(), path, store.Opening{})
	if err != nil {
		t.Fatal(err)
	}
	if told != 1 {
		t.Fatalf("the open after a stopped one told it finished the store %d times, want once", told)
	}
	sameAsServer(t, s, srv)
}

// An open that reads or keeps only what was learned of the server
// (Unfinished) leaves the build to the next: online commands must not
// wait seconds for an index they never read.
func TestUnfinishedOpenLeavesTheBuild(t *testing.T) {
	path, srv := cutShort(t)
	s, told, err := openTold(t, context.Background(), path, store.Opening{Unfinished: true})
	if err != nil {
		t.Fatal(err)
	}
	if told != 0 || s.Finished() != 0 {
		t.Fatalf("an Unfinished open told %d times and took %v finishing the store; want it left", told, s.Finished())
	}
	s.Close()
	s, told, err = openTold(t, context.Background(), path, store.Opening{})
	if err != nil {
		t.Fatal(err)
	}
	if told != 1 {
		t.Fatalf("the open after an Unfinished one told it finished the store %d times, want once", told)
	}
	sameAsServer(t, s, srv)
}
