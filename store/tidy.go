package store

import (
	"context"
	"database/sql"
)

// Tidy ends a sync that changed the store (changed), or builds what a
// first sync deferred. Pages are stored without merging the search
// index's segments, one per page stored, which would double what each
// costs; here the few a sync added are merged (mergeSearch), never the
// whole index again: rewriting it would be most of what a small sync into
// a large store costs, and would leave the old index's pages free in the
// file. After a first sync the search index is built whole, the
// file compacted, then the indexes, triggers and sums it deferred made.
// What the sync left free is handed back to the file system (release),
// and the write-ahead log to the file.
func (s *Store) Tidy(ctx context.Context, changed bool) error {
	return s.tidy(ctx, changed, s.buildDeferred)
}

// tidy is Tidy, what a first sync deferred made by build.
func (s *Store) tidy(ctx context.Context, changed bool, build func(context.Context, *sql.Conn) error) error {
	deferred, err := s.meta(ctx, metaDeferred)
	if err != nil || !changed && deferred == "" {
		return err
	}
	return s.spilling(ctx, func(conn *sql.Conn) error {
		if deferred != "" {
			if err := build(ctx, conn); err != nil {
				return err
			}
		} else if err := s.writeOn(ctx, conn, func(tx *sql.Tx) error { return tidySearch(ctx, tx) }); err != nil {
			return err
		}
		if err := s.release(ctx, conn, deferred != ""); err != nil {
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
// meta key deferred set, and the next one builds it all again. A store on
// disk adds its sums up beside the writer (buildBeside).
func (s *Store) buildDeferred(ctx context.Context, conn *sql.Conn) error {
	if s.path != "" {
		return s.buildBeside(ctx, conn)
	}
	return s.buildInTurn(ctx, conn)
}

// buildInTurn is buildDeferred on one connection, one step after another.
func (s *Store) buildInTurn(ctx context.Context, conn *sql.Conn) error {
	if err := s.repack(ctx, conn); err != nil {
		return err
	}
	return s.sorting(ctx, conn, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred); err != nil {
			return err
		}
		if err := makeUpkeep(ctx, tx); err != nil {
			return err
		}
		return rebuildRollups(ctx, tx)
	})
}

// sorting runs f in a write transaction on conn, its cache a sorter's.
func (s *Store) sorting(ctx context.Context, conn *sql.Conn, f func(*sql.Tx) error) error {
	if err := sortIn(ctx, conn, sortCache); err != nil {
		return err
	}
	defer sortIn(context.WithoutCancel(ctx), conn, readerCache)
	return s.writeOn(ctx, conn, f)
}

// buildSearch builds the search index of every donation as one segment
// on a level far above the first (fillSearch), and says so.
func buildSearch(ctx context.Context, tx *sql.Tx) error {
	if err := fillSearch(ctx, tx, ""); err != nil {
		return err
	}
	return setMeta(ctx, tx, metaSearchBuilt, "1")
}

// writer writes and reads: a transaction, or the connection that builds
// beside a first sync's writer.
type writer interface {
	execer
	querier
}

// fillSearch indexes every donation in the search index of the schema in
// ("" for the store's own, else "name."), as one segment on a level far
// above the first. FTS5 merges all segments of a level into one on the
// next level: built as FTS5 builds it ('rebuild', then 'optimize' into
// one segment) the index would lie on the level the merges of later syncs
// write to, and every few syncs one of them would rewrite it whole, a
// cost that grows with the store. Above the empty levels deepen makes it
// is merged once the levels below are full, after some 4^deepSteps
// merges. FTS5 writes an index optimized from segments on several levels
// past the deepest level it ever had, so the index is first made deep
// (deepen), and a segment kept on another level than those the donations
// are written to.
func fillSearch(ctx context.Context, x writer, in string) error {
	if _, err := x.ExecContext(ctx, `INSERT INTO `+in+`donations_fts(donations_fts) VALUES ('delete-all')`); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, searchSetting(in, "pgsz", seedPageSize)); err != nil {
		return err
	}
	last, err := deepen(ctx, x, in)
	if err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, searchSetting(in, "pgsz", searchPageSize)); err != nil {
		return err
	}
	// Written one segment per megabyte, merged into one once: with
	// a lower crisismerge FTS5 merges them on the way, and the merge into
	// one rewrites what those wrote. 1999 lets a level hold as many
	// segments as FTS5 allows (its FTS5_MAX_SEGMENT less one).
	if _, err := x.ExecContext(ctx, searchSetting(in, "crisismerge", 1999)); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, `INSERT INTO `+in+`donations_fts(rowid, search) SELECT id, `+searched("")+` FROM donations WHERE id > ?`, last); err != nil {
		return err
	}
	if err := optimizeSearch(ctx, x, in); err != nil {
		return err
	}
	_, err = x.ExecContext(ctx, searchSetting(in, "crisismerge", 64))
	return err
}

// metaSearchBuilt is set in a store whose search index buildSearch built,
// or that was made empty by a version that does: a store made by an earlier
// one holds an index optimized onto the first level, rewritten whole by
// every few syncs.
const metaSearchBuilt = "search_built"

// tidySearch merges the segments a sync added to the search index; in a
// store made by an earlier version it builds the index again, once.
func tidySearch(ctx context.Context, tx *sql.Tx) error {
	var built int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM meta WHERE key = ?`, metaSearchBuilt).Scan(&built); err != nil {
		return err
	}
	if built == 0 {
		return buildSearch(ctx, tx)
	}
	return mergeSearch(ctx, tx)
}

func optimizeSearch(ctx context.Context, x execer, in string) error {
	_, err := x.ExecContext(ctx, `INSERT INTO `+in+`donations_fts(donations_fts) VALUES ('optimize')`)
	return err
}

// deepen indexes the first donations into one segment (the seed) above
// the first level, in an index FTS5 has made deep, and returns the last
// id it indexed. FTS5 writes an index optimized from segments on several
// levels past the deepest level it ever had, not past the seed's: the
// depth is made first, on a few pages (makeDeep), and the seed grown
// after it to a size no segment FTS5 writes from memory reaches. Made
// deep by merging it with one donation after another, the seed would be
// rewritten again and again, most of what the index costs to build. The
// last donation is left to the rest, so that a
// seed of them all is still merged with a newer segment onto the deep
// level.
func deepen(ctx context.Context, x writer, in string) (int64, error) {
	var end sql.NullInt64
	if err := x.QueryRowContext(ctx, `SELECT max(id) FROM donations`).Scan(&end); err != nil || !end.Valid {
		return 0, err
	}
	at := &indexing{x: x, in: in, end: end.Int64}
	if more, err := at.makeDeep(ctx); err != nil || !more {
		return at.last, err
	}
	return at.last, at.growSeed(ctx)
}

// indexing is where deepen is: the search index of the schema in, the last
// id indexed, and the id it leaves to the rest.
type indexing struct {
	x    writer
	in   string
	last int64
	end  int64
}

// makeDeep indexes depthBase donations, then merges one more donation at
// a time with them, which FTS5 writes two levels deeper. FTS5 moves a
// segment no larger than a newer one down to that one's level (promotes
// it): merged with one donation each, a segment of one page joined it on
// the first level and went no deeper.
func (at *indexing) makeDeep(ctx context.Context) (more bool, err error) {
	n := depthBase
	for range deepSteps {
		if more, err = at.next(ctx, n); err != nil || !more {
			return more, err
		}
		n = 1
	}
	return true, nil
}

// growSeed merges donations into the seed until it is larger than the
// segments FTS5 writes while it indexes the rest: else the first of them
// would promote it, and all would lie on one level.
func (at *indexing) growSeed(ctx context.Context) error {
	indexed := 0
	for n := seedFirst; ; {
		more, err := at.next(ctx, n)
		if err != nil || !more {
			return err
		}
		indexed += n
		// Page numbers are kept shifted left by one (FTS5's %_idx).
		var pages int
		if err := at.x.QueryRowContext(ctx, `SELECT coalesce(max(pgno), 0) >> 1 FROM `+at.in+`donations_fts_idx`).Scan(&pages); err != nil {
			return err
		}
		if pages >= seedPages {
			return nil
		}
		// As many more as the pages so far say it needs, and an eighth
		// over: pages grow a little slower than donations.
		n = max(indexed*seedPages/max(pages, 1)*9/8-indexed, seedFirst)
	}
}

// next indexes the n donations after the last and before the end,
// merges the whole index into one segment, and moves the last on; false
// when none was left.
func (at *indexing) next(ctx context.Context, n int) (bool, error) {
	var upto sql.NullInt64
	err := at.x.QueryRowContext(ctx, `SELECT max(id) FROM (SELECT id FROM donations WHERE id > ? AND id < ? ORDER BY id LIMIT ?)`, at.last, at.end, n).Scan(&upto)
	if err != nil || !upto.Valid {
		return false, err
	}
	if _, err := at.x.ExecContext(ctx, `INSERT INTO `+at.in+`donations_fts(rowid, search) SELECT id, `+searched("")+` FROM donations WHERE id > ? AND id <= ?`, at.last, upto.Int64); err != nil {
		return false, err
	}
	at.last = upto.Int64
	return true, optimizeSearch(ctx, at.x, at.in)
}

// deepSteps steps of makeDeep make the index 2*deepSteps-3 levels deep,
// and the seed and the rest are merged two past that: level 9, as deep as
// the seed's own steps make it at 10,000 donations and more in large
// pages (a store of fewer gets level 7). The built index
// is merged once the levels below it are full, after some 4^deepSteps
// merges of later syncs.
const deepSteps = 5

// depthBase donations take some 140 pages of seedPageSize (one donation
// takes a few): more than one donation, so that the merges of makeDeep are
// not promoted, and no more, as each of its merges rewrites them whole, a
// large share of what the index of a few hundred donations costs.
const depthBase = 64

// seedFirst donations are indexed into the seed first, to learn how many
// it needs.
const seedFirst = 2048

// seedPages bounds the seed's size from below: FTS5 writes what it holds
// in memory once it reaches a megabyte (its hashsize), which takes fewer
// pages of searchPageSize bytes on disk than that.
const seedPages = 1 << 20 / searchPageSize

// searchPageSize is FTS5's page size (its pgsz), which the index is
// written in: seedPageSize is set only while the seed is made (fillSearch).
const searchPageSize = 4050

// seedPageSize is the page size the seed is written in. FTS5 compares
// segments by their pages, and the seed needs more of them than the
// segments written after it: in pages of searchPageSize that takes
// thousands of donations (their trigrams are nearly as many as the whole
// index's), each of its steps merged whole again; in pages of 128 the
// depth's few dozen donations take enough. The index is merged into
// pages of searchPageSize after it.
const seedPageSize = 128

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
