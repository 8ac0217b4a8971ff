package store

import (
	"context"
	"database/sql"
	"donations/query"
	"time"
)

// GroupTable is the table Groups reads for f, by and loc.
func (s *Store) GroupTable(ctx context.Context, f query.Filter, by []string, loc *time.Location) (string, error) {
	src, err := s.groupSource(ctx, filter{Filter: f}, by, loc)
	return src.table, err
}

// FreePages is how many pages the store's file holds free.
func (s *Store) FreePages(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `PRAGMA freelist_count`).Scan(&n)
	return n, err
}

// Integrity is what SQLite's integrity check finds: "ok" when nothing.
func (s *Store) Integrity(ctx context.Context) (string, error) {
	var r string
	err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&r)
	return r, err
}

// WithoutAutoVacuum makes the store as one made before stores had
// incremental auto-vacuum.
func (s *Store) WithoutAutoVacuum(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA auto_vacuum = NONE`); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `VACUUM`)
	return err
}

// AutoVacuum is the store's PRAGMA auto_vacuum: 2 for incremental.
func (s *Store) AutoVacuum(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `PRAGMA auto_vacuum`).Scan(&n)
	return n, err
}

// SetPrefixCap sets how many instances of a short word the vocabulary is
// read for, until the test ends; stores opened after it see it.
func SetPrefixCap(t interface{ Cleanup(func()) }, n int) {
	old := prefixCap
	prefixCap = n
	t.Cleanup(func() { prefixCap = old })
}

// DonorSource is what the donor view reads for f: a page by e-mail of
// the donors table's columns of a rule, or a GROUP BY over the donations.
func (s *Store) DonorSource(ctx context.Context, f query.Filter) (string, error) {
	rule, ok, from, _, err := s.donorSource(ctx, filter{Filter: f})
	if ok {
		return rulePage(rule, "email_key", false), err
	}
	return from, err
}

// SearchSegments is the size in pages of each segment of the search
// index, by its id (FTS5 keeps page numbers shifted left by one).
func (s *Store) SearchSegments(ctx context.Context) (map[int64]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT segid, max(pgno) >> 1 FROM donations_fts_idx GROUP BY segid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, pages int64
		if err := rows.Scan(&id, &pages); err != nil {
			return nil, err
		}
		out[id] = pages
	}
	return out, rows.Err()
}

// SearchAsBuiltBefore makes the store's search index as versions before
// buildSearch built it: rebuilt, then optimized into one segment.
func (s *Store) SearchAsBuiltBefore(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`,
			`INSERT INTO donations_fts(donations_fts) VALUES ('optimize')`,
			`DELETE FROM meta WHERE key = '` + metaSearchBuilt + `'`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}

// HeldJSON is the bytes of JSON the store holds, as the triggers keep it
// (added up first if it is not kept yet).
func (s *Store) HeldJSON(ctx context.Context) (n int64, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error { n, err = heldJSON(ctx, tx); return err })
	return n, err
}

// SchemaVersion is the version a store is upgraded to, for the tests that
// make a store of each older one.
const SchemaVersion = schemaVersion

// KindSortsValued is, for each sort of query.KindSorts, how many records
// of kind hold a value to sort by.
func (s *Store) KindSortsValued(ctx context.Context, kind string) (map[string]int, error) {
	out := map[string]int{}
	for i, by := range query.KindSorts {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT count(`+kindOrders[i]+`) FROM kind_rows k WHERE k.kind = ?`, kind).Scan(&n); err != nil {
			return nil, err
		}
		out[by] = n
	}
	return out, nil
}

// KindStatusesHeld is how many records of kind hold each status, as the
// store's status filter reads it.
func (s *Store) KindStatusesHeld(ctx context.Context, kind string) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT status_key, count(*) FROM kind_rows WHERE kind = ? AND status_key IS NOT NULL GROUP BY 1`, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[st] = n
	}
	return out, rows.Err()
}
