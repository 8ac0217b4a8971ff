package store_test

import (
	"context"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// Long fields take no more room than the JSON that brings them: a donor's
// e-mail of 1 kB and a form's or campaign's name of 10 kB (the demo's
// LongFields) are held in their records, and the columns, indexes and
// sums derived from them hold a bounded key of each (keys.go): without
// it each index entry of such a key spills onto pages of its own
// (docs/performance.md, "Long fields"). A store in memory (--no-cache) is
// held to the same: it compresses its records too, and the search text
// keeps the ends of a long field (nameEnd, textEnd).
func TestLongFieldsStayWithinTheJSON(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("syncs 2,000 donations of long fields twice, on disk and in memory: left to go test ./...")
	}
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			t.Parallel()
			s, _, srv, _ := syncedFile(t, demo.Options{Count: 2_000, LongFields: 1, Shape: shape}, dataset.SyncOptions{})
			if x := sizeOverJSON(t, s); x > 1.5 {
				t.Fatalf("the store is %.2f× the JSON it holds", x)
			}
			mem := memoryOf(t, srv)
			if x := sizeOverJSON(t, mem); x > 1.5 {
				t.Fatalf("the store in memory is %.2f× the JSON it holds", x)
			}
			sameRecords(t, mem, records(t, s))
		})
	}
}

// memoryOf is a store in memory synced from srv, closed as the test ends.
func memoryOf(t *testing.T, srv *demo.Running) *store.Store {
	t.Helper()
	mem, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mem.Close() })
	sync(t, mem, client(t, srv.URL), dataset.SyncOptions{})
	return mem
}
