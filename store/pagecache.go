package store

import (
	"fmt"

	"modernc.org/sqlite"
	"modernc.org/sqlite/pcache"
)

// pageCacheErr is why the driver's page cache could not be registered,
// if it could not: open refuses a store then rather than hold one in
// memory at twice its size.
var pageCacheErr error

// SQLite's own page cache takes each page and its header in one
// allocation, just over a power of two, and the C allocator the driver
// runs on rounds each allocation up to the next one: twice the page. A
// store in memory (--no-cache) is nothing but its cached pages, so it
// would take twice its size. The driver's page cache allocates the page and
// its header apart (docs/performance.md, "Long fields"). It must be in
// place before SQLite opens its first connection: the package's init
// runs before any code that could open one.
func init() {
	if err := sqlite.RegisterPageCache(pcache.New()); err != nil {
		pageCacheErr = fmt.Errorf("SQLite's page cache: %w", err)
	}
}
