package store

import (
	"cmp"
	"context"
	"database/sql"
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
	// Want, when set, is asked between the pages of a walk back (a first
	// sync, or one resuming it) for the date range the browser's question
	// needs: one the store does not hold, below where the walk has come,
	// is read next, then the walk goes on from where it was.
	Want func() (api.DateRange, bool)
}

// Progress is told after each page is stored.
type Progress struct {
	Page, Pages int // the page just stored; the pages in all when the server says, else 0
	// Done is how many pages the sync has stored, of Total it expects to
	// read (0: not known).
	Done, Total int
	Requests    int
	New         int
	Updated     int
	Elapsed     time.Duration
	// Budget is the server's rate-limit budget after the page, when its
	// headers say it (Budgeted).
	Budget   api.Budget
	Budgeted bool
	// Wanted is the date range read first for Want while it is read, zero
	// otherwise: WantedPage pages of it stored, of about WantedPages.
	Wanted                  api.DateRange
	WantedPage, WantedPages int
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
// with what it completes of the list (Coverage), so an interrupted sync
// keeps what it stored and the next one goes on from there.
//
// A first sync reads newest first: it finds the last page and walks back
// to the first, so the newest gifts are held in seconds. Later ones read
// from the page that holds the store's newest donation (less Window pages,
// re-read for changes) to the end, then walk back over whatever the store
// does not hold yet (a first sync cut short). If that newest donation is
// not where it should be, the list has shifted under the store (removals on
// the server) and every page is read instead. One sync of a store runs at
// a time (see lockSync).
func (s *Store) Sync(ctx context.Context, src Source, o SyncOptions) (SyncResult, error) {
	start := time.Now()
	st, unlock, err := s.lockSync(ctx, !o.NoWait, o.OnWait)
	if err != nil {
		return SyncResult{}, err
	}
	defer unlock()
	r := &syncRun{s: s, src: src, o: o, start: start, state: st}
	err = r.sync(ctx)
	r.res.Warnings = append(r.res.Warnings, r.notes...)
	r.res.Elapsed = time.Since(start)
	return r.res, err
}

// syncRun is one sync under way: what its walks share.
type syncRun struct {
	s     *Store
	src   Source
	o     SyncOptions
	q     api.Query
	per   int // the server's page size, as known before the sync
	size  int // as this sync learned it; 0 if it did not
	start time.Time
	state *syncState
	done  int // pages stored
	res   SyncResult
	// notes are warnings of the sync's own, told after the server's: unlike
	// those, they do not stop a full read from removing what it did not see.
	notes []string
}

func (r *syncRun) sync(ctx context.Context) error {
	s := r.s
	n, maxID, err := s.tail(ctx)
	if err != nil {
		return err
	}
	cov, err := s.Coverage(ctx)
	if err != nil {
		return err
	}
	r.q = r.o.Query
	r.q.PerPage = r.o.PerPage
	if r.per, err = s.pageSize(ctx, r.q.EffectivePerPage()); err != nil {
		return err
	}
	if n == 0 {
		if err := s.begin(ctx, r.o.From == 0); err != nil {
			return err
		}
	}
	var seen map[int64]struct{}
	switch {
	case r.o.From > 0:
		_, err = r.forward(ctx, r.o.From, 0, 0, nil)
	case r.o.Full:
		seen = map[int64]struct{}{}
		r.res.Full = true
		_, err = r.forward(ctx, 1, 0, 0, seen)
	case n == 0:
		r.res.Full = true
		err = r.newestFirst(ctx)
	default:
		if len(cov.Spans) == 0 { // filled by Put: whole pages from the first
			cov.Spans = []Span{{From: 0, To: maxID, Page: 1}}
		}
		if seen, err = r.catchUp(ctx, cov.Spans[len(cov.Spans)-1], maxID); err == nil && !r.res.Full {
			seen, err = r.fillGaps(ctx)
		}
	}
	if err != nil {
		return err
	}
	return r.finish(ctx, seen)
}

// finish records the sync, builds what a first sync deferred, and hands
// the write-ahead log back to the file.
func (r *syncRun) finish(ctx context.Context, seen map[int64]struct{}) error {
	s := r.s
	if err := s.finish(ctx, &r.res, seen, cmp.Or(r.size, r.per), r.start); err != nil {
		return err
	}
	if err := s.tidy(ctx, r.res); err != nil {
		return err
	}
	if s.path != "" && r.res.New+r.res.Updated+r.res.Removed > 0 {
		// Hand the log back to the file and cut it: after a large sync it
		// would keep its size on disk. Busy readers make this a no-op.
		_, _ = s.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	return nil
}

// pass is the loop's pass over w, reporting as the sync does.
func (r *syncRun) pass(w api.Walker, span recorder, total int) pass {
	return pass{w: w, start: r.start, progress: r.o.OnProgress, budget: r.src.Budget, state: r.state,
		span: span, done: &r.done, total: total}
}

// add counts what a pass did into the sync's result.
func (r *syncRun) add(p passResult) {
	r.res.New, r.res.Updated, r.res.Requests = r.res.New+p.New, r.res.Updated+p.Updated, r.res.Requests+p.Requests
	r.res.LastPage = max(r.res.LastPage, p.LastPage)
	r.res.Warnings = append(r.res.Warnings, p.Warnings...)
	r.notes = append(r.notes, p.Skipped...)
	if p.PageSize > 0 {
		r.size = p.PageSize
	}
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

// tidy merges the search index's segments, one per page stored, into one:
// pages are stored without merging, which would double what each costs.
// After a first sync the file it filled is compacted, then what it
// deferred is made in one go: the indexes and triggers it dropped, the
// search index and the sums.
func (s *Store) tidy(ctx context.Context, res SyncResult) error {
	deferred, err := s.meta(ctx, metaDeferred)
	if err != nil || res.New+res.Updated+res.Removed == 0 && deferred == "" {
		return err
	}
	if deferred != "" {
		// Compacted before the indexes, the search index and the sums are
		// made: VACUUM copies what a table holds row by row, and it filled
		// each index of a million rows in no order; made after it, they are
		// written once, in order.
		if err := s.compact(ctx); err != nil {
			return err
		}
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if deferred != "" {
			if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred); err != nil {
				return err
			}
			if err := makeUpkeep(ctx, tx); err != nil {
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

// begin readies an empty store for its first sync: its coverage is
// recorded from now on (a store without that record was filled by an
// earlier version), and with deferUpkeep the row-by-row upkeep of the
// search index, the rollups and most indexes (see upkeep) stops until the
// sync ends: built once at the end they cost a fraction.
func (s *Store) begin(ctx context.Context, deferUpkeep bool) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := setMeta(ctx, tx, metaCoverage, "{}"); err != nil || !deferUpkeep {
			return err
		}
		if err := setMeta(ctx, tx, metaDeferred, "1"); err != nil {
			return err
		}
		return dropUpkeep(ctx, tx)
	})
}

// finish records the sync and, after a full walk that the server answered
// faithfully, removes what it no longer returns; the requests that brought
// donations read again or removed go too.
func (s *Store) finish(ctx context.Context, res *SyncResult, seen map[int64]struct{}, per int, at time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if res.Full && len(res.Warnings) == 0 {
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
		if err := dropUnreferenced(ctx, tx); err != nil {
			return err
		}
		if err := setMeta(ctx, tx, metaPerPage, strconv.Itoa(per)); err != nil {
			return err
		}
		return setMeta(ctx, tx, metaLastSync, strconv.FormatInt(at.UnixMilli(), 10))
	})
}

// unseen is what the store holds that a full walk did not see; nothing
// when the walk kept no record (a first sync, into an empty store).
func unseen(ctx context.Context, tx *sql.Tx, seen map[int64]struct{}) ([]int64, error) {
	if seen == nil {
		return nil, nil
	}
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
