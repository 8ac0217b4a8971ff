package store

import (
	"fmt"

	"modernc.org/sqlite"
	"modernc.org/sqlite/pcache"
)

// pageCacheErr is why SQLite's pages are not held by pageCache, if they
// are not: open refuses a store then rather than hold one in memory at
// twice its size.
var pageCacheErr error

// SQLite's own page cache takes each page and its header in one
// allocation, 4 kB and some 250 bytes, and the C allocator the driver
// runs on gives each allocation a power of two: 8 kB a page. A store in
// memory (--no-cache) is nothing but its cached pages, so it took twice
// its size. The driver's page cache allocates the page and its header
// apart, 4 kB and 256 bytes. It must be in place before SQLite opens
// its first connection: the package's init runs before any code that
// could open one.
func init() {
	if err := sqlite.RegisterPageCache(pcache.New()); err != nil {
		pageCacheErr = fmt.Errorf("SQLite's page cache: %w", err)
	}
}
