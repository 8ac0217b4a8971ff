package dataset_test

import (
	"context"
	"runtime"
	"runtime/debug"
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// The heap's memory limit is process-wide: these tests are not parallel,
// so no other test's sync moves it while they read it.

// A first sync caps the heap while it runs (the collector would let the
// walk's sets of ids count twice), at the floor where a first sync of
// 100,000 peaks anyway (this small one holds far less than two thirds of
// it live), and gives the limit back at its end.
func TestFirstSyncCapsTheHeap(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "") // the user's limit would be left alone
	before := debug.SetMemoryLimit(-1)
	runtime.GC() // what is live now, not what an earlier test held
	var during []int64
	if err := first(t, context.Background(), func(p dataset.Progress) { during = append(during, debug.SetMemoryLimit(-1)) }); err != nil {
		t.Fatal(err)
	}
	for i, limit := range during {
		if limit != 100<<20 {
			t.Fatalf("after batch %d the memory limit is %d, want a cap of 100 MiB", i+1, limit)
		}
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("after the sync the memory limit is %d, want %d as before it", after, before)
	}
}

// A limit the user set with GOMEMLIMIT is theirs: a first sync keeps it.
func TestFirstSyncKeepsTheUsersMemoryLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	old := debug.SetMemoryLimit(1 << 30)
	defer debug.SetMemoryLimit(old)
	var during []int64
	if err := first(t, context.Background(), func(dataset.Progress) { during = append(during, debug.SetMemoryLimit(-1)) }); err != nil {
		t.Fatal(err)
	}
	for i, limit := range during {
		if limit != 1<<30 {
			t.Fatalf("after batch %d the memory limit is %d, want the user's 1 GiB", i+1, limit)
		}
	}
}

// A first sync that ends by an error (here, cancelled as ctrl+c cancels
// it) gives the limit back as one that ends whole does.
func TestACancelledFirstSyncGivesTheLimitBack(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := first(t, ctx, func(dataset.Progress) { cancel() }); err == nil {
		t.Fatal("a sync cancelled after its first batch ended without an error")
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("after the cancelled sync the memory limit is %d, want %d as before it", after, before)
	}
}

// first runs a first sync of a new store, calling progress after each
// batch; it fails the test if the sync told no progress.
func first(t *testing.T, ctx context.Context, progress func(dataset.Progress)) error {
	t.Helper()
	srv := server(t, demo.Options{Count: 1500})
	s, _ := tempStore(t)
	told := false
	_, err := dataset.Sync(ctx, s, client(t, srv.URL), dataset.SyncOptions{OnProgress: func(p dataset.Progress) {
		told = true
		progress(p)
	}})
	if !told {
		t.Fatalf("the sync told no progress (%v)", err)
	}
	return err
}
