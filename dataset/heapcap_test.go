package dataset_test

import (
	"context"
	"math"
	"runtime/debug"
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// The heap's memory limit is process-wide: these tests are not parallel,
// so no other test's sync moves it while they read it.

// A first sync caps the heap while it runs (the collector would let the
// walk's sets of ids count twice), never below the floor that leaves a
// small account's sync as it was, and gives the limit back at its end.
func TestFirstSyncCapsTheHeap(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	var during []int64
	first(t, func(p dataset.Progress) { during = append(during, debug.SetMemoryLimit(-1)) })
	if len(during) == 0 {
		t.Fatal("the sync told no progress")
	}
	for i, limit := range during {
		if limit == math.MaxInt64 || limit < 120<<20 {
			t.Fatalf("after batch %d the memory limit is %d, want a cap of at least 120 MiB", i+1, limit)
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
	first(t, func(dataset.Progress) { during = append(during, debug.SetMemoryLimit(-1)) })
	for i, limit := range during {
		if limit != 1<<30 {
			t.Fatalf("after batch %d the memory limit is %d, want the user's 1 GiB", i+1, limit)
		}
	}
}

// first runs a first sync of a new store, calling progress after each batch.
func first(t *testing.T, progress func(dataset.Progress)) {
	t.Helper()
	srv := server(t, demo.Options{Count: 1500})
	s, _ := tempStore(t)
	if _, err := dataset.Sync(context.Background(), s, client(t, srv.URL), dataset.SyncOptions{OnProgress: progress}); err != nil {
		t.Fatal(err)
	}
}
