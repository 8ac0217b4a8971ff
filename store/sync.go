package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"donations/api"
)

// SyncOptions say how much a sync reads.
type SyncOptions struct {
	Full        bool // read every page and remove what the server no longer returns
	Window      int  // pages before the store's end read again for changes (0: none)
	Concurrency int  // pages fetched at once past the store's end (0: 1)
	PerPage     int  // page size asked for (0: the API's 100)
	// From starts at this page rather than where the store ends, and Query
	// filters the pages: for a store that holds the last pages of a query
	// only (the browser's own, filled newest first).
	From       int
	Query      api.Query
	OnProgress func(Progress)
	// NoWait makes a sync return ErrSyncRunning at once when another sync
	// of the store runs; else it waits for it, and OnWait is told.
	NoWait bool
	OnWait func()
}

// Progress is told after each page is stored.
type Progress struct {
	Page, Pages int // the page just stored; the pages in all when the server says, else 0
	Requests    int
	New         int
	Updated     int
	Elapsed     time.Duration
	// Budget is the server's rate-limit budget after the page, when its
	// headers say it (Budgeted).
	Budget   api.Budget
	Budgeted bool
}

// SyncResult is what a sync changed and cost.
type SyncResult struct {
	New, Updated, Removed int
	Requests              int
	Full                  bool // it read every page (asked, first or fallen back to)
	LastPage              int  // the last page that held donations
	Elapsed               time.Duration
	Warnings              []string
}

// Sync brings the store up to date with the server. Each page is committed
// as it arrives, so an interrupted sync keeps what it stored and the next one
// reads on from the store's end. The API lists oldest first, so new
// donations are on the last pages: a sync reads from the page that holds the
// store's newest donation (less Window pages, re-read for changes) to the end.
// If that donation is not found where it should be, the list has shifted
// under the store (removals on the server) and every page is read instead.
// One sync of a store runs at a time (see lockSync).
func (s *Store) Sync(ctx context.Context, src Source, o SyncOptions) (SyncResult, error) {
	start := time.Now()
	st, unlock, err := s.lockSync(ctx, !o.NoWait, o.OnWait)
	if err != nil {
		return SyncResult{}, err
	}
	defer unlock()
	res, err := s.walk(ctx, src, o, start, st)
	res.Elapsed = time.Since(start)
	return res, err
}

// tail is where the store ends: its count and newest id.
func (s *Store) tail(ctx context.Context) (n int, maxID int64, err error) {
	var m sql.NullInt64
	err = s.db.QueryRowContext(ctx, `SELECT count(*), max(id) FROM donations`).Scan(&n, &m)
	return n, m.Int64, s.explain(err)
}

// pageSize is the size of the server's pages when asked for asked: what a
// sync learned (a server may cap it lower), else asked.
func (s *Store) pageSize(ctx context.Context, asked int) (int, error) {
	v, err := s.meta(ctx, metaPerPage)
	if n, _ := strconv.Atoi(v); n > 0 && n < asked {
		return n, err
	}
	return asked, err
}

func (s *Store) walk(ctx context.Context, src Source, o SyncOptions, start time.Time, st *syncState) (SyncResult, error) {
	n, maxID, err := s.tail(ctx)
	if err != nil {
		return SyncResult{}, err
	}
	q := o.Query
	q.PerPage = o.PerPage
	per, err := s.pageSize(ctx, q.EffectivePerPage())
	if err != nil {
		return SyncResult{}, err
	}
	first, anchor := 1, 0
	switch {
	case o.From > 0:
		first = o.From
	case !o.Full && n > 0:
		anchor = (n-1)/per + 1
		first = max(1, anchor-max(0, o.Window))
	}
	res := SyncResult{Full: first == 1}
	if n == 0 && o.From == 0 {
		if err := s.deferUpkeep(ctx); err != nil {
			return res, err
		}
	}
	p := src.Pager(q, api.OldestFirst).From(first)
	defer p.Close()
	var seen map[int64]struct{}
	if res.Full {
		seen = map[int64]struct{}{}
	}
	found, ramped := anchor == 0, false
	each := func(b api.Batch) {
		// Read-ahead costs up to Concurrency-1 requests past the end of the
		// list. A first sync pays that to read many pages fast; an
		// incremental one, which usually has few new pages, reads one at a
		// time until it is 8 pages past the store's end.
		if !ramped && b.Page != nil && b.Page.Number+1 >= rampAt(anchor) && o.Concurrency > 1 {
			p.SetConcurrency(o.Concurrency)
			ramped = true
		}
		if b.Page == nil {
			return
		}
		for _, d := range b.Page.Donations {
			found = found || d.ID.Value == maxID
			if seen != nil && d.ID.Valid {
				seen[d.ID.Value] = struct{}{}
			}
		}
	}
	r, err := s.run(ctx, pass{w: p, start: start, progress: o.OnProgress, budget: src.Budget, state: st, each: each})
	res.New, res.Updated, res.Requests, res.LastPage, res.Warnings = r.New, r.Updated, r.Requests, r.LastPage, r.Warnings
	if err != nil {
		return res, err
	}
	if !found {
		return s.fullInstead(ctx, src, o, start, st, res, maxID)
	}
	if err := s.finish(ctx, &res, seen, cmp.Or(r.PageSize, per), start); err != nil {
		return res, err
	}
	if err := s.tidy(ctx, res); err != nil {
		return res, err
	}
	if s.path != "" && res.New+res.Updated+res.Removed > 0 {
		// Hand the log back to the file and cut it: after a large sync it
		// would keep its size on disk. Busy readers make this a no-op.
		_, _ = s.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	return res, nil
}

// tidy merges the search index's segments, one per page stored, into one:
// pages are stored without merging, which would double what each costs. An
// index and rollups deferred by a first sync are built now, in one go.
func (s *Store) tidy(ctx context.Context, res SyncResult) error {
	deferred, err := s.meta(ctx, metaDeferred)
	if err != nil || res.New+res.Updated+res.Removed == 0 && deferred == "" {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if deferred != "" {
			if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`); err != nil {
				return err
			}
			return rebuildRollups(ctx, tx)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts) VALUES ('optimize')`)
		return err
	})
}

// deferUpkeep stops the row-by-row upkeep of the search index and the
// rollups while a first sync fills the store: built once at the end they
// cost a fraction.
func (s *Store) deferUpkeep(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error { return setMeta(ctx, tx, metaDeferred, "1") })
}

// fullInstead reads every page after a sync that did not find the store's
// newest donation where the list should hold it, adding to what it did.
func (s *Store) fullInstead(ctx context.Context, src Source, o SyncOptions, start time.Time, st *syncState, res SyncResult, maxID int64) (SyncResult, error) {
	o.Full = true
	full, err := s.walk(ctx, src, o, start, st)
	full.New, full.Updated, full.Requests = full.New+res.New, full.Updated+res.Updated, full.Requests+res.Requests
	full.Warnings = append(res.Warnings, fmt.Sprintf("the store's newest donation (%d) was not where the list should hold it: every page was read again", maxID))
	return full, err
}

// finish records the sync and, after a full walk that the server answered
// faithfully, removes what it no longer returns.
func (s *Store) finish(ctx context.Context, res *SyncResult, seen map[int64]struct{}, per int, at time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if seen != nil && len(res.Warnings) == 0 {
			gone, err := unseen(ctx, tx, seen)
			if err != nil {
				return err
			}
			for _, id := range gone {
				if _, err := tx.ExecContext(ctx, `DELETE FROM donations WHERE id = ?`, id); err != nil {
					return err
				}
			}
			res.Removed = len(gone)
			if err := setMeta(ctx, tx, metaLastFullSync, strconv.FormatInt(at.UnixMilli(), 10)); err != nil {
				return err
			}
		}
		if err := setMeta(ctx, tx, metaPerPage, strconv.Itoa(per)); err != nil {
			return err
		}
		return setMeta(ctx, tx, metaLastSync, strconv.FormatInt(at.UnixMilli(), 10))
	})
}

func unseen(ctx context.Context, tx *sql.Tx, seen map[int64]struct{}) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM donations`)
	if err != nil {
		return nil, err
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
	return gone, rows.Err()
}

// rampAt is the page from which a sync fetches several pages at once.
func rampAt(anchor int) int {
	if anchor == 0 {
		return 2
	}
	return anchor + 9
}
