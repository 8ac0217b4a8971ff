package store

import (
	"context"
	"database/sql"
)

// Tidy ends a sync that changed the store (changed), or builds what a
// first sync deferred. Pages are stored without merging the search
// index's segments, one per page stored, which would double what each
// costs; here the few a sync added are merged (mergeSearch), never the
// whole index again: rewriting it after every sync was 85 % of what a
// sync of 250 new cost at a million, and left the old index's pages free
// in the file. After a first sync the search index is built whole, the
// file compacted, then the indexes, triggers and sums it deferred made.
// What the sync left free is handed back to the file system (release),
// and the write-ahead log to the file.
func (s *Store) Tidy(ctx context.Context, changed bool) error {
	deferred, err := s.meta(ctx, metaDeferred)
	if err != nil || !changed && deferred == "" {
		return err
	}
	return s.spilling(ctx, func(conn *sql.Conn) error {
		if deferred != "" {
			if err := s.buildDeferred(ctx, conn); err != nil {
				return err
			}
		} else if err := s.writeOn(ctx, conn, func(tx *sql.Tx) error { return mergeSearch(ctx, tx) }); err != nil {
			return err
		}
		if err := s.release(ctx, conn); err != nil {
			return err
		}
		if s.path != "" {
			// Hand the log back to the file and cut it: after a large sync
			// it would keep its size on disk. Busy readers make this a no-op.
			_, _ = conn.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
		}
		return nil
	})
}

// buildDeferred makes what a first sync deferred. The search index is
// built and merged into one segment before the file is compacted, so that
// the compaction drops the pages its build left behind; the indexes and
// sums after it: VACUUM copies what a table holds row by row, and it
// filled each index of a million rows in no order, while made after it
// they are written once, in order. A sync killed in between leaves the
// meta key deferred set, and the next one builds it all again.
func (s *Store) buildDeferred(ctx context.Context, conn *sql.Conn) error {
	err := s.writeOn(ctx, conn, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`); err != nil {
			return err
		}
		// A rebuild leaves one segment per megabyte of index, which the
		// next sync's merge would rewrite whole.
		_, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts) VALUES ('optimize')`)
		return err
	})
	if err == nil {
		err = s.compact(ctx, conn)
	}
	if err != nil {
		return err
	}
	return s.writeOn(ctx, conn, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred); err != nil {
			return err
		}
		if err := makeUpkeep(ctx, tx); err != nil {
			return err
		}
		return rebuildRollups(ctx, tx)
	})
}

// mergeSearch merges the search index's segments where some level holds
// several (FTS5's 'merge' with a positive budget), until none does: a
// sync's few new segments are merged together, and a level's segments
// into the next one only once it holds several, so that over many syncs
// each entry is rewritten a few times, not on every sync. FTS5 says a
// merge did something by changing more than one row.
func mergeSearch(ctx context.Context, tx *sql.Tx) error {
	for {
		var before, after int64
		if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts, rank) VALUES ('merge', 500)`); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&after); err != nil {
			return err
		}
		if after-before < 2 {
			return nil
		}
	}
}
