package store_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"donations/api/demo"
)

// A store in memory (--no-cache) takes about its pages' bytes outside the
// Go heap, with the headers, the statements and the allocator's slack,
// not twice that: SQLite's own page cache allocated each page with its
// header, which the driver's allocator rounds up to the next power of
// two (pagecache.go). Measured in a process of its own, where no other
// test allocates: the memory the process holds beyond what Go has
// mapped, over the store's pages.
func TestMemoryStoreHoldsItsPagesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("syncs 5,000 donations of long fields in a process of its own: left to go test ./...")
	}
	if os.Getenv(pagesOnceChild) == "1" {
		held, pages := memoryHeld(t)
		fmt.Printf("held %d pages %d\n", held, pages)
		return
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestMemoryStoreHoldsItsPagesOnce$", "-test.count=1")
	cmd.Env = append(os.Environ(), pagesOnceChild+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var held, pages int64
	if _, err := fmt.Sscanf(string(out), "held %d pages %d", &held, &pages); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if x := float64(held) / float64(pages); x > 1.8 {
		t.Fatalf("the store in memory takes %.2f× its pages (%d MB for %d MB)", x, held>>20, pages>>20)
	}
}

const pagesOnceChild = "DONATIONS_TEST_PAGES_ONCE"

// memoryHeld syncs a store in memory and gives what the process took for
// it outside the Go heap, and its pages' bytes.
func memoryHeld(t *testing.T) (held, pages int64) {
	srv := server(t, demo.Options{Count: 5_000, LongFields: 1})
	before := outsideGo(t)
	mem := memoryOf(t, srv)
	info, err := mem.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return outsideGo(t) - before, info.Bytes
}

// outsideGo is the process's anonymous resident memory less all Go has
// mapped and not handed back, after a collection: at least what the C
// allocator SQLite runs on holds.
func outsideGo(t *testing.T) int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "RssAnon:" {
			kib, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kib<<10 - int64(ms.Sys-ms.HeapReleased)
		}
	}
	t.Fatal("no RssAnon in /proc/self/status")
	return 0
}
