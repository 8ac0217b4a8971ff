package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"strconv"
)

// compact rewrites a store on disk that a first sync has just filled, in
// id order. That sync stores the newest pages first, each below the ones
// before it, and a B-tree filled from the left leaves its pages about half
// empty; rewritten, the file is smaller than the JSON it holds, and the
// rewrite is quick beside the sync (docs/performance.md). SQLite writes the
// new file through the write-ahead log, so readers keep reading meanwhile.
func (s *Store) compact(ctx context.Context, conn *sql.Conn) error {
	if s.path == "" {
		return nil
	}
	_, err := conn.ExecContext(ctx, `VACUUM`)
	return s.explain(err)
}

// repack builds the search index again and compacts the file: the index
// as one deep segment (buildSearch), without what segments merged over
// many syncs keep of gifts removed or changed, and first, so that the
// compaction drops the pages its build left free.
func (s *Store) repack(ctx context.Context, conn *sql.Conn) error {
	if err := s.writeOn(ctx, conn, func(tx *sql.Tx) error { return buildSearch(ctx, tx) }); err != nil {
		return err
	}
	return s.compact(ctx, conn)
}

// release hands the pages a sync left free back to the file system, so
// that a store never holds more than what it keeps: a store made with
// incremental auto-vacuum (see migrate) moves its last pages into the
// free ones and truncates the file; an older one, once free pages are a
// sixteenth of it, is compacted once and made so. Then the file is kept
// within the JSON it holds (bounded); built says the search index was
// just built whole.
func (s *Store) release(ctx context.Context, conn *sql.Conn, built bool) error {
	if s.path == "" {
		return nil
	}
	var mode, free, pages int64
	err := conn.QueryRowContext(ctx, `SELECT auto_vacuum, freelist_count, page_count FROM pragma_auto_vacuum, pragma_freelist_count, pragma_page_count`).Scan(&mode, &free, &pages)
	switch {
	case err != nil || free == 0:
	case mode == autoVacuumIncremental:
		_, err = conn.ExecContext(ctx, `PRAGMA incremental_vacuum`)
	case free*16 >= pages:
		if _, err = conn.ExecContext(ctx, `PRAGMA auto_vacuum = INCREMENTAL`); err == nil {
			err = s.compact(ctx, conn)
		}
	}
	if err != nil {
		return s.explain(err)
	}
	return s.bounded(ctx, conn, built)
}

// bounded repacks the file when it takes more than the JSON it holds.
// Free pages are handed back after every sync, but what fills the pages
// in use thins as syncs go on: each gift stored splits a full leaf of
// each index it is put in no order (by donor, name, amount...) into two
// half-full ones, a removed or changed gift leaves a hole, and the search
// index keeps what it held of them. Those leaves fill again over later
// syncs, so a large store grows by less and less (docs/performance.md,
// "Syncing"), but a
// small one, or a run of removals, takes it past its JSON, which the
// check here, a read of two figures, rules out after any sequence of
// syncs. A store that takes more than its JSON even repacked (records
// that short, or donors whose gifts were removed) is repacked again only
// once it has grown by a sixteenth since (metaCompacted), not by every sync.
func (s *Store) bounded(ctx context.Context, conn *sql.Conn, built bool) error {
	var json, floor int64
	err := s.writeOn(ctx, conn, func(tx *sql.Tx) error {
		var err error
		if json, err = heldJSON(ctx, tx); err != nil {
			return err
		}
		v, err := metaIn(ctx, tx, metaCompacted)
		floor, _ = strconv.ParseInt(v, 10, 64)
		return err
	})
	if err != nil {
		return err
	}
	size, err := fileBytes(ctx, conn)
	if err != nil || size <= json || size <= floor+floor/16 {
		return s.explain(err)
	}
	if size, err = s.shrink(ctx, conn, json, built); err != nil {
		return s.explain(err)
	}
	return s.writeOn(ctx, conn, func(tx *sql.Tx) error {
		if size <= json {
			_, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaCompacted)
			return err
		}
		return setMeta(ctx, tx, metaCompacted, strconv.FormatInt(size, 10))
	})
}

// shrink compacts the file and, while it takes more than its json bytes
// of JSON, compresses a small store's records more tightly (tighten) and
// compacts it again, then builds the search index again with it
// (repack): building the index rewrites it whole, which small syncs
// otherwise never do (its segment stays). An index built whole by this
// sync's end (built) is what repack would build: it is left. It returns
// the file's size.
func (s *Store) shrink(ctx context.Context, conn *sql.Conn, json int64, built bool) (int64, error) {
	if err := s.compact(ctx, conn); err != nil {
		return 0, err
	}
	size, err := fileBytes(ctx, conn)
	if err != nil || size <= json {
		return size, err
	}
	tightened, err := s.tighten(ctx, conn, json, size-json)
	if err == nil && tightened {
		if err = s.compact(ctx, conn); err == nil {
			size, err = fileBytes(ctx, conn)
		}
	}
	if err != nil || size <= json || built {
		return size, err
	}
	if err := s.repack(ctx, conn); err != nil {
		return 0, err
	}
	return fileBytes(ctx, conn)
}

// metaCompacted is the size of a store that bounded compacted and that
// still took more than its JSON.
const metaCompacted = "compacted_bytes"

// fileBytes is what the database's pages take (its file, once the log is
// handed back).
func fileBytes(ctx context.Context, conn *sql.Conn) (int64, error) {
	var n int64
	err := conn.QueryRowContext(ctx, `SELECT page_count * page_size FROM pragma_page_count, pragma_page_size`).Scan(&n)
	return n, err
}

// autoVacuumIncremental is PRAGMA auto_vacuum's value for INCREMENTAL.
const autoVacuumIncremental = 2

// spilling runs f on one connection of the store whose sorts and
// temporary tables spill to temporary files rather than grow in memory
// (temp_store FILE; pages are stored with MEMORY, whose statement journals
// are cheaper): a VACUUM with MEMORY holds a copy of the whole store in
// memory. f must use conn only: a store in memory has no other connection.
func (s *Store) spilling(ctx context.Context, f func(conn *sql.Conn) error) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return s.explain(err)
	}
	defer conn.Close()
	if s.path != "" {
		// and whose cache is a reader's (the writer's larger one is set
		// again by each transaction that stores pages): VACUUM changes
		// every page of the file, and a large cache would keep them all.
		if _, err := conn.ExecContext(ctx, `PRAGMA temp_store = FILE`); err != nil {
			return s.explain(err)
		}
		if err := sortIn(ctx, conn, readerCache); err != nil {
			return s.explain(err)
		}
		defer restoreTemp(context.WithoutCancel(ctx), conn)
	}
	return f(conn)
}

// restoreTemp sets conn's temp_store back to MEMORY, and makes its
// vocabulary again, which setting temp_store drops: without it, the short
// searches read on conn failed (no such table) after every sync that
// changed something. A conn left without them is closed.
func restoreTemp(ctx context.Context, conn *sql.Conn) {
	_, err := conn.ExecContext(ctx, `PRAGMA temp_store = MEMORY`)
	if err == nil {
		_, err = conn.ExecContext(ctx, makeVocab)
	}
	if err != nil {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// The cache sizes of the connection that ends a first sync, in KiB:
// SQLite's own for a reader, and one that sorts. A sort (each index, each
// rollup, the donors) writes to its file runs of at most the cache's size
// and merges them: with a reader's small cache, the many runs of a large
// account's donors and rollups take several passes to merge. Both the
// cache and the sorter's runs take that much memory: sortCache gives runs
// few enough to merge in one pass for more rows than a million donations
// sort, and no more, since a larger cache only raises the sync's peak.
const (
	readerCache = 2000
	sortCache   = 16 << 10
)

// sortIn sets conn's cache to kib KiB.
func sortIn(ctx context.Context, conn *sql.Conn, kib int) error {
	_, err := conn.ExecContext(ctx, `PRAGMA cache_size = -`+strconv.Itoa(kib))
	return err
}
