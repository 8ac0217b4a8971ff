package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"
)

// What a sync asks of the store besides pages (PutPages): where it ends,
// how it begins, how it ends. The walks themselves are the dataset's.

// Tail is where the store ends: its count and newest id.
func (s *Store) Tail(ctx context.Context) (n int, maxID int64, err error) {
	var m sql.NullInt64
	err = s.db.QueryRowContext(ctx, `SELECT (`+countAll+`), max(id) FROM donations`).Scan(&n, &m)
	return n, m.Int64, s.explain(err)
}

// CountIDs is how many donations the store holds with an id from lo to
// hi, both included: where a walk is in the list, counted from a span.
// A span that holds every id (a sync's top span, from the list's start)
// is counted as countAll counts: count(*) reads every page of the
// donations, much of what a small sync costs in a large store.
func (s *Store) CountIDs(ctx context.Context, lo, hi int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT CASE WHEN ?1 <= (SELECT min(id) FROM donations) AND ?2 >= (SELECT max(id) FROM donations)
		THEN (`+countAll+`) ELSE (SELECT count(*) FROM donations WHERE id BETWEEN ?1 AND ?2) END`, lo, hi).Scan(&n)
	return n, s.explain(err)
}

// PageSize is the size of the server's pages when asked for asked: what a
// sync learned (a server may cap it lower), else asked.
func (s *Store) PageSize(ctx context.Context, asked int) (int, error) {
	v, err := s.meta(ctx, metaPerPage)
	if n, _ := strconv.Atoi(v); n > 0 && n < asked {
		return n, err
	}
	return asked, err
}

// Begin readies an empty store for its first sync: its coverage is
// recorded from now on (a store without that record was filled by an
// earlier version), and with deferUpkeep the row-by-row upkeep of the
// search index, the rollups and most indexes (see upkeep) stops until the
// sync ends: built once at the end they cost a fraction.
func (s *Store) Begin(ctx context.Context, deferUpkeep bool) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := setMeta(ctx, tx, metaExtent, "{}"); err != nil || !deferUpkeep {
			return err
		}
		if err := setMeta(ctx, tx, metaDeferred, "1"); err != nil {
			return err
		}
		return dropUpkeep(ctx, tx)
	})
}

// Finish records a sync that ended at at, having learned the server's page
// size per. It removes gone, what the dataset found the server no longer
// holds, and, when whole (a full walk that the server answered faithfully
// and that nothing moved under), records the sync as the last full one.
// The requests that brought the donations removed go too; those of
// donations read again went as their pages were stored (keepExchange). A
// whole sync also looks at every request, for those an earlier version,
// killed before its end, left behind.
func (s *Store) Finish(ctx context.Context, whole bool, gone []int64, per int, at time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := s.deleteDonations(ctx, tx, gone); err != nil {
			return err
		}
		if whole {
			if err := setMeta(ctx, tx, metaLastFullSync, strconv.FormatInt(at.UnixMilli(), 10)); err != nil {
				return err
			}
		}
		if whole || len(gone) > 0 {
			if err := dropUnreferenced(ctx, tx); err != nil {
				return err
			}
		}
		if err := setMeta(ctx, tx, metaPerPage, strconv.Itoa(per)); err != nil {
			return err
		}
		return setMeta(ctx, tx, metaLastSync, strconv.FormatInt(at.UnixMilli(), 10))
	})
}

// deleteDonations deletes the donations of ids. Its statement is prepared
// once for them all: preparing it codes every trigger on donations into
// it, which costs more than deleting a row.
func (s *Store) deleteDonations(ctx context.Context, tx *sql.Tx, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	stmt, err := s.writer.in(ctx, tx, `DELETE FROM donations WHERE id = ?`)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := stmt.ExecContext(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// Unseen is what the store holds that a full walk did not see, in id order.
func (s *Store) Unseen(ctx context.Context, seen map[int64]struct{}) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM donations ORDER BY id`)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	var gone []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		if _, ok := seen[id]; !ok {
			gone = append(gone, id)
		}
	}
	return gone, s.explain(rows.Err())
}

// Cover records that the store holds c complete, with no page: what a walk
// learns from a list found empty.
func (s *Store) Cover(ctx context.Context, c Cover) error {
	return s.write(ctx, func(tx *sql.Tx) error { return cover(ctx, tx, c.Span, c.Last) })
}

// LockPath is the file whose lock lets one sync of the store run at a
// time across processes (it goes with the store: Remove removes it); ""
// for a store in memory.
func (s *Store) LockPath() string {
	if s.path == "" {
		return ""
	}
	return lockPath(s.path)
}

func lockPath(path string) string { return path + lockSuffix }

const lockSuffix = ".lock"
