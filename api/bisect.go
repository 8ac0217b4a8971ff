package api

import (
	"context"
	"fmt"
	"sort"
	"time"
)

// RangeWalk reads only the pages that may hold donations dated in a range.
// Where the server honours date_from and date_to (which the spec does not
// show), it asks for the range itself. Otherwise its pages ascend by
// donation_date: the walk searches for the first page that reaches the range's start (pages 1,
// 2, 4, 8… then halving the gap: about 2·log2(page) requests), then reads on
// until a page starts past the range's end. It checks the ascent on every
// page it sees; where dates do not ascend it reads every page instead, and
// says so in Warnings. Only donations dated in the range are yielded.
type RangeWalk struct {
	search      *Pager // the pages fetched to find the first one
	p           *Pager // the walk forward from it
	r           DateRange
	concurrency int
	started     bool
	done        bool
	full        bool      // dates do not ascend: every page is read
	lastDate    time.Time // of the last donation yielded so far
	warnings    []string
	// direct: the walk is over the pages of the range itself, asked for
	// with date_from and date_to (see tryDirect); pending is its first.
	direct  bool
	sent    DateRange // where a faithful answer's donations lie (Query.answerSpan)
	pending *Batch
	spent   int // requests of a try at the date filter not believed
	// carried is what a direct walk given up had yielded (see distrust).
	carried seenSet
	// newest: the list only descends, and is read newest first from page
	// 1 until a page ends before the range (descwalk.go).
	newest bool
	low    time.Time // the oldest date such a walk has read
}

// RangeWalk starts a walk over q's donations dated in r (q.Page is ignored).
// concurrency is how many pages are fetched at once once the first page of
// the range is found.
func (c *Client) RangeWalk(q Query, r DateRange, concurrency int) *RangeWalk {
	return &RangeWalk{search: c.Pager(q, OldestFirst), r: r, concurrency: max(concurrency, 1)}
}

// Next yields the next page's donations in the range.
func (w *RangeWalk) Next(ctx context.Context) (Batch, error) {
	if w.done {
		return Batch{Done: true}, nil
	}
	if !w.started {
		if err := w.begin(ctx); err != nil || w.done {
			return Batch{Done: w.done}, err
		}
	}
	if b := w.pending; b != nil {
		w.pending = nil
		return w.nextDirect(ctx, *b)
	}
	b, err := w.p.Next(ctx)
	if err != nil {
		return Batch{}, err
	}
	if w.direct {
		w.p.SetConcurrency(w.concurrency)
		return w.nextDirect(ctx, b)
	}
	if w.newest {
		w.p.SetConcurrency(w.concurrency)
		return w.nextNewest(b), nil
	}
	// The first page of the range was fetched while searching: pages are read
	// ahead only after it, so it is not asked for twice.
	w.p.SetConcurrency(w.concurrency)
	if !w.full && !w.ascends(b.Donations) {
		return w.readEverything(ctx, b)
	}
	b.Donations = w.inRange(b.Donations)
	if !w.full && b.Page != nil && w.pastEnd(b.Page) {
		b.Done = true
	}
	w.done = b.Done
	if w.done {
		w.p.Close()
	}
	return b, nil
}

// begin asks for the range directly where the server may honour a date
// filter, else finds the first page that may hold it.
func (w *RangeWalk) begin(ctx context.Context) error {
	direct, err := w.tryDirect(ctx)
	if err != nil || direct {
		w.started = direct
		return err
	}
	if err := w.search.learn(ctx); err != nil {
		return err
	}
	if w.search.c.listOrder() == OrderDescending {
		w.beginNewest()
		return nil
	}
	first, err := w.firstPage(ctx)
	if err != nil {
		return err
	}
	w.started = true
	if first == 0 {
		w.done = true
		return nil
	}
	// A walk of its own, which knows the longest page only from the pages
	// it reads (a short page ends it), but keeps the pages already fetched.
	w.p = w.search.c.Pager(w.search.q, OldestFirst).From(first)
	w.p.cache = w.search.cache
	if w.carried.ids != nil {
		w.p.seen = w.carried
	}
	return nil
}

// Done says whether the walk has ended.
func (w *RangeWalk) Done() bool { return w.done }

// Warnings are the pager's, and a note when the dates did not ascend.
func (w *RangeWalk) Warnings() []string {
	out := append([]string(nil), w.search.Warnings()...)
	if w.p != nil {
		out = append(out, w.p.Warnings()...)
	}
	return append(out, w.warnings...)
}

// Requests is the number of pages fetched successfully so far.
func (w *RangeWalk) Requests() int {
	n := w.search.Requests() + w.spent
	if w.p != nil {
		n += w.p.Requests()
	}
	return n
}

// Close stops the pages fetched ahead.
func (w *RangeWalk) Close() {
	if w.p != nil {
		w.p.Close()
	}
}

// firstPage is the first page that reaches the range's start, or 0 when the
// list ends before it.
func (w *RangeWalk) firstPage(ctx context.Context) (int, error) {
	if w.r.Since.IsZero() {
		return 1, nil
	}
	lo, hi := 0, 0 // the last page known before the range, the first known to reach it
	for n := 1; hi == 0; n *= 2 {
		if n > 1<<30 {
			return 0, fmt.Errorf("no end found to the list after page %d", lo)
		}
		reaches, err := w.reaches(ctx, n)
		if err != nil {
			return 0, err
		}
		if reaches {
			hi = n
		} else {
			lo = n
		}
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		reaches, err := w.reaches(ctx, mid)
		if err != nil {
			return 0, err
		}
		if reaches {
			hi = mid
		} else {
			lo = mid
		}
	}
	if !w.full && !w.cachedAscend() {
		w.fallBack()
		return 1, nil
	}
	if w.full {
		return 1, nil
	}
	if w.beyondEnd(hi) {
		return 0, nil // the last page holds nothing as late as the range
	}
	return hi, nil
}

// reaches says whether page n is at or past the range's start: its last
// donation is dated at or after it, or the list ends on it or before it.
func (w *RangeWalk) reaches(ctx context.Context, n int) (bool, error) {
	if err := w.search.load(ctx, n); err != nil {
		return false, err
	}
	ds := w.search.cache[n].Donations
	if w.beyondEnd(n) || len(ds) < w.search.q.EffectivePerPage() {
		return true, nil
	}
	last, ok := Time(ds[len(ds)-1].DonationDate)
	if !ok || !w.ascends(ds) {
		w.fallBack()
		return true, nil // stop searching: every page will be read
	}
	return !last.Before(w.r.Since), nil
}

// beyondEnd says whether cached page n holds nothing of the list: it is
// empty, or repeats a page before it (a server answering past its end with
// its last page).
func (w *RangeWalk) beyondEnd(n int) bool {
	pg := w.search.cache[n]
	if len(pg.Donations) == 0 {
		return true
	}
	k := keyOf(pg)
	for m, other := range w.search.cache {
		if m < n && keyOf(other) == k {
			return true
		}
	}
	return false
}

// ascends says whether donations' dates rise (or stay), from the last one
// yielded before them. A page's rows repeated from the page before (which
// the pager drops) are not counted.
func (w *RangeWalk) ascends(list []Donation) bool {
	prev := w.lastDate
	for i := range list {
		t, ok := Time(list[i].DonationDate)
		if !ok || t.Before(prev) {
			return false
		}
		prev = t
	}
	return true
}

// cachedAscend checks the pages the search fetched against each other,
// leaving out rows a page repeats from one before it.
func (w *RangeWalk) cachedAscend() bool {
	var pages []int
	for n := range w.search.cache {
		if !w.beyondEnd(n) {
			pages = append(pages, n)
		}
	}
	sort.Ints(pages)
	var prev time.Time
	seen := map[int64]bool{}
	for _, n := range pages {
		for _, d := range w.search.cache[n].Donations {
			if seen[d.ID.Value] {
				continue
			}
			seen[d.ID.Value] = true
			t, ok := Time(d.DonationDate)
			if !ok || t.Before(prev) {
				return false
			}
			prev = t
		}
	}
	return true
}

func (w *RangeWalk) fallBack() {
	if !w.full {
		w.full = true
		w.warnings = append(w.warnings, "donation dates do not ascend from page to page here, so every page was read to find the date range")
	}
}

// readEverything starts over from page 1 when a page breaks the ascent:
// what was yielded already is not yielded again.
func (w *RangeWalk) readEverything(ctx context.Context, b Batch) (Batch, error) {
	w.fallBack()
	seen := w.p.seen
	w.p.Close()
	w.p = w.search.c.Pager(w.search.q, OldestFirst)
	w.p.seen = seen
	w.p.SetConcurrency(w.concurrency)
	kept := w.inRange(b.Donations)
	if len(kept) > 0 {
		return Batch{Page: b.Page, Donations: kept}, nil
	}
	return w.Next(ctx)
}

// inRange keeps the donations dated in the range, and notes the last date.
func (w *RangeWalk) inRange(list []Donation) []Donation {
	out := list[:0:0]
	for i := range list {
		t, ok := Time(list[i].DonationDate)
		if ok && t.After(w.lastDate) {
			w.lastDate = t
		}
		if ok && w.r.Contains(t) {
			out = append(out, list[i])
		}
	}
	return out
}

// pastEnd says whether a page starts at or after the range's end: no page
// after it can hold a donation in the range.
func (w *RangeWalk) pastEnd(pg *Page) bool {
	if w.r.Until.IsZero() || len(pg.Donations) == 0 {
		return false
	}
	t, ok := Time(pg.Donations[0].DonationDate)
	return ok && !t.Before(w.r.Until)
}
