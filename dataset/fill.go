package dataset

import (
	"cmp"
	"context"
	"time"

	"donations/api"
	"donations/store"
)

// pass is one walk of the page-to-store loop and what it tells as it goes.
type pass struct {
	w        api.Walker
	start    time.Time // the sync's: when its donations are recorded as seen
	progress func(Progress)
	budget   func() (api.Budget, bool)
	state    *syncState // the sync's, which Status reads; nil for none
	each     func(b api.Batch)
	span     recorder    // records what the walk completes; nil for none
	stop     func() bool // ends the walk early when true after a page
	done     *int        // pages stored by the sync so far, across its walks
	total    int         // pages the sync expects to read in all; 0 if unknown
	held     int         // donations the store held before the pass
	per      int         // the page size known before the pass; a full page it reads wins
	pages    int         // the server's pages in all as known before the pass; 0 if not
	pace     *pacer      // the sync's, across its walks; nil: the pace since the start
}

// recorder says what each page of a walk completes (f.cov) and what it is
// read for.
type recorder interface {
	record(b api.Batch, suspect bool, f *fetched)
}

// passResult is what a pass stored and learned.
type passResult struct {
	New, Updated, Requests int
	LastPage               int // the last page that held donations
	PageSize               int // the server's real page size, 0 if the pass did not show it
	Warnings               []string
	// Skipped says which records the store could not hold. Apart from the
	// walk's warnings: a skipped record says nothing against the walk, so
	// it does not keep a full sync from removing what the server dropped.
	Skipped []string
}

// run is the one loop that fills a store from pages: each page is handed to
// the writer as it arrives and committed with the pages waiting behind it,
// so an interrupted walk keeps whole pages. Every page-to-store path (sync,
// the in-memory stores of list and summary, Live) goes through it.
func run(ctx context.Context, s *store.Store, ps pass) (passResult, error) {
	return runWithin(ctx, s, ps, queueBytes)
}

// runWithin is run with the writer holding at most limit bytes of pages
// not yet stored.
func runWithin(ctx context.Context, s *store.Store, ps pass, limit int) (passResult, error) {
	var res passResult
	wr := startWriter(ctx, s, ps, limit)
	keep := &copies{}
	var sizes api.PageSizes
	var skips skipped
	var err error
	for !ps.w.Done() {
		var b api.Batch
		if b, err = ps.w.Next(ctx); err != nil {
			break
		}
		if ps.each != nil {
			ps.each(b)
		}
		f := fetched{Page: store.Page{Records: keep.keep(b)}, requests: requests(ps.w)}
		if ps.span != nil {
			ps.span.record(b, len(ps.w.Warnings()) > 0, &f)
		}
		if b.Page != nil {
			f.page, f.pages, f.Exchange = b.Page.Number, int(b.Page.Meta.TotalPages.Value), &b.Page.Exchange
			sizes.Add(b.Page)
			f.per = sizes.Size()
			skips.add(b.Page)
			if len(b.Page.Donations) > 0 {
				res.LastPage = max(res.LastPage, b.Page.Number)
			}
		}
		if !wr.send(f) || ps.stop != nil && ps.stop() {
			break
		}
	}
	r, werr := wr.close()
	res.New, res.Updated, res.Requests = r.New, r.Updated, requests(ps.w)
	res.PageSize, res.Warnings, res.Skipped = sizes.Size(), ps.w.Warnings(), skips.warnings()
	return res, cmp.Or(werr, err)
}

func fill(ctx context.Context, s *store.Store, w api.Walker, mine *Watcher) (SyncResult, error) {
	start := time.Now()
	st, unlock, err := lockSync(ctx, s, true, nil, mine)
	if err != nil {
		w.Close()
		mine.push(Event{Done: true, Err: err})
		return SyncResult{}, err
	}
	defer unlock()
	ps := pass{w: w, start: start, state: st}
	first, deferred := true, false
	ps.each = func(api.Batch) {
		if first {
			first = false
			deferred = !w.Done() && deferUpkeep(ctx, s)
		}
	}
	r, err := run(ctx, s, ps)
	w.Close()
	if err == nil && deferred {
		err = s.Tidy(ctx, true)
	}
	res := SyncResult{New: r.New, Updated: r.Updated, Requests: r.Requests, LastPage: r.LastPage,
		Warnings: append(r.Warnings, r.Skipped...), Elapsed: time.Since(start)}
	st.ended(res, err)
	return res, err
}

// deferUpkeep has an empty store, which a walk not done with its first
// page fills, filled as a first sync fills one: its search index, sums
// and most indexes built once at the end (Tidy) cost a fraction of
// keeping them row by row past a few pages, for a fixed cost that a walk
// of one page does not repay (docs/performance.md, "Online, into a store
// in memory"). A store that cannot be so readied (not empty, or an error,
// which leaves it as it was) is filled row by row.
func deferUpkeep(ctx context.Context, s *store.Store) bool {
	n, _, err := s.Tail(ctx)
	return err == nil && n == 0 && s.Begin(ctx, true) == nil
}
