package dataset

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"donations/api"
	"donations/store"
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
	From  int
	Query api.Query
	// OnProgress, when set, is called on the sync's own goroutine after each
	// batch is stored and before the next is: where a caller stops or steps
	// a sync at an exact point. What to show goes by Watch's events, which
	// come later and may be merged.
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
	// Kinds, when set, is the client the other kinds of records are read
	// with once the donations are synced (ReadKinds): src itself, so that
	// they share its pacing and budget and never delay the donations.
	Kinds *api.Client
	// mine is the Watcher that ran the sync (Watcher.Sync), told of it as
	// its own.
	mine *Watcher
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
	// Held is the donations the store holds; About how many the server
	// lists (its pages × the page size it serves, as Holds estimates it),
	// 0 when the server has not said its pages.
	Held, About int
	// PagePace is the time a page took over the last half minute (pacer),
	// 0 while not known.
	PagePace time.Duration
	// Ending says every page is stored and the store builds what it keeps
	// beside them: the end of a first sync (its indexes, search index and
	// sums, long for a large account) would otherwise show only a count
	// that no longer moves. A later sync's end takes a moment.
	Ending bool
}

// SyncResult is what a sync changed and cost.
type SyncResult struct {
	New, Updated, Removed int
	Requests              int
	Full                  bool // it read every page (asked, first or fallen back to)
	LastPage              int  // the last page that held donations
	Elapsed               time.Duration
	Warnings              []string
	// Kinds is what was read of each other kind (SyncOptions.Kinds).
	Kinds []KindRead
}

// Sync brings the store up to date with the server. Each page is committed
// with what it completes of the list (store.Extent), so an interrupted sync
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
func Sync(ctx context.Context, s *store.Store, src Source, o SyncOptions) (SyncResult, error) {
	start := time.Now()
	st, unlock, err := lockSync(ctx, s, !o.NoWait, o.OnWait, o.mine)
	if err != nil {
		o.mine.push(Event{Done: true, Err: err}) // a sync that never ran is its caller's news only
		return SyncResult{}, err
	}
	defer unlock()
	r := &syncRun{s: s, src: src, o: o, start: start, state: st}
	err = r.sync(ctx)
	if err == nil && o.Kinds != nil {
		r.res.Kinds, err = ReadKinds(ctx, Hold(s), o.Kinds, o.Full, time.Now())
		for _, k := range r.res.Kinds {
			r.res.Requests += k.Requests
		}
	}
	r.res.Warnings = append(r.res.Warnings, r.notes...)
	r.res.Elapsed = time.Since(start)
	st.ended(r.res, err)
	return r.res, err
}

// syncRun is one sync under way: what its walks share.
type syncRun struct {
	s     *store.Store
	src   Source
	o     SyncOptions
	q     api.Query
	per   int // the server's page size, as known before the sync
	held  int // donations the store held when the sync began
	pages int // the server's pages in all, as last seen
	size  int // as this sync learned it; 0 if it did not
	start time.Time
	known api.Profile // what the store remembers of the server
	state *syncState
	done  int // pages stored
	pace  pacer
	res   SyncResult
	// ranges are the id ranges of the pages a full walk read, and noLookup
	// says the server ignores the id filter (settle.go).
	ranges   pageRanges
	noLookup bool
	// primed is the walk that learned the server's order, with the pages
	// it fetched, for the sync's first walk from page 1.
	primed *api.Pager
	// notes are warnings of the sync's own, told after the server's: unlike
	// those, they do not stop a full read from removing what it did not see.
	notes []string
}

func (r *syncRun) sync(ctx context.Context) error {
	s := r.s
	n, maxID, err := s.Tail(ctx)
	if err != nil {
		return err
	}
	cov, err := s.Extent(ctx)
	if err != nil {
		return err
	}
	if r.known, err = s.Profile(ctx); err != nil {
		return err
	}
	r.src.Teach(r.known)
	r.held, r.pages = n, cov.Pages
	r.q = r.o.Query
	r.q.PerPage = r.o.PerPage
	if r.per, err = s.PageSize(ctx, r.q.EffectivePerPage()); err != nil {
		return err
	}
	if n == 0 {
		if err := s.Begin(ctx, r.o.From == 0); err != nil {
			return err
		}
		defer capHeap()()
		progress := r.o.OnProgress
		r.o.OnProgress = func(p Progress) {
			followHeap()
			if progress != nil {
				progress(p)
			}
		}
	}
	seen, err := r.walk(ctx, n, maxID, cov)
	if errors.Is(err, api.ErrOrderChanged) {
		// The list is not in the order the store was filled in: what it
		// holds is placed wrong, so every page is read again, in the
		// order learned anew.
		r.notes = append(r.notes, "the server now lists in another order than when the store was filled: every page was read again")
		r.o.Full = true
		if seen, err = r.walk(ctx, n, maxID, cov); errors.Is(err, api.ErrOrderChanged) {
			return fmt.Errorf("the server does not keep one order from page to page, so not every gift can be read: %w", err)
		}
	}
	if err == nil {
		err = r.remember(ctx)
	}
	if err != nil {
		return err
	}
	return r.finish(ctx, seen)
}

// walk reads what the sync needs, as the store and the server stand.
func (r *syncRun) walk(ctx context.Context, n int, maxID int64, cov store.Extent) (seen map[int64]struct{}, err error) {
	if n > 0 || r.o.Full || r.o.From > 0 {
		// Which way the server lists decides the walks: a store of an
		// earlier version, or a sync from a page, may not know it yet.
		// Its pages serve the walk from page 1, if there is one (forward).
		r.primed = r.src.Pager(r.q, api.OldestFirst)
		defer r.unprime()
		if err := r.primed.Learn(ctx); err != nil {
			return nil, err
		}
	}
	var top store.Span
	if len(cov.Spans) > 0 {
		top = cov.Spans[len(cov.Spans)-1]
	}
	switch {
	case r.src.Profile().Order == api.OrderDescending:
		return r.descSync(ctx, n, top, maxID, cov.Pages, nil)
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
			top = store.Span{From: 0, To: maxID, Page: 1}
		}
		if seen, err = r.catchUp(ctx, top, maxID); err == nil && !r.res.Full {
			seen, err = r.fillGaps(ctx)
		}
	}
	return seen, err
}

// unprime counts the requests of a learning walk no walk took over.
func (r *syncRun) unprime() {
	if r.primed != nil {
		r.res.Requests += r.primed.Requests()
		r.primed.Close()
		r.primed = nil
	}
}

// remember saves what the source learned of the server that the store
// did not know, as soon as it is learned: a first sync cut short has the
// account counted with the page size really served. Its page size is the
// sync's from then on.
func (r *syncRun) remember(ctx context.Context) error {
	p := r.src.Profile()
	if p == r.known {
		return nil
	}
	if p.PerPage > 0 && (r.q.PerPage <= 0 || r.q.PerPage == api.MaxPerPage) {
		r.per = p.PerPage
	}
	r.known = p
	return r.s.SaveProfile(ctx, p)
}

// finish records the sync, builds what a first sync deferred, and hands
// the write-ahead log back to the file. After a full walk that the server
// answered faithfully it removes what the server surely no longer holds
// (settle); the store is said to hold the whole account only when nothing
// it could not vouch for is left.
func (r *syncRun) finish(ctx context.Context, seen map[int64]struct{}) error {
	whole := r.res.Full && len(r.res.Warnings) == 0
	var st settled
	if whole && seen != nil {
		var err error
		if st, err = r.settle(ctx, seen); err != nil {
			return err
		}
		if note := st.note(); note != "" {
			whole = false
			r.res.Warnings = append(r.res.Warnings, note)
			if err := r.s.Uncover(ctx, append(st.missed, st.unsure...), cmp.Or(r.size, r.per)); err != nil {
				return err
			}
		}
	}
	if err := r.s.Finish(ctx, whole, st.gone, cmp.Or(r.size, r.per), r.start); err != nil {
		return err
	}
	r.res.Removed = len(st.gone)
	if r.held == 0 {
		// The walk's sets of ids (large for a large account) are garbage by
		// now, but the Go heap would keep their pages while the end of a
		// first sync fills SQLite's caches beside them: handed back first,
		// they do not add up into the sync's peak.
		debug.FreeOSMemory()
	}
	r.tellEnding()
	return r.s.Tidy(ctx, r.res.New+r.res.Updated+r.res.Removed > 0)
}

// tellEnding tells the watchers (Watch), not OnProgress, which steps a
// sync batch by batch, that the store's end begins: the last progress
// told, with the time so far.
func (r *syncRun) tellEnding() {
	p := r.state.last()
	p.Ending, p.Elapsed = true, time.Since(r.start)
	r.state.progressed(p, 0)
}

// pass is the loop's pass over w, reporting as the sync does.
func (r *syncRun) pass(w api.Walker, span recorder, total int) pass {
	return pass{w: w, start: r.start, progress: r.o.OnProgress, budget: r.src.Budget, state: r.state, pace: &r.pace,
		span: span, done: &r.done, total: total, held: r.held + r.res.New, per: cmp.Or(r.size, r.per), pages: r.pages}
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

// rampAt is the page from which a sync fetches several pages at once.
func rampAt(anchor int) int {
	if anchor == 0 {
		return 2
	}
	return anchor + 9
}
