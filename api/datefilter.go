package api

import (
	"context"
	"time"
)

// What a client has learned of date_from and date_to, which the spec does
// not show: tried once, on a RangeWalk's first request, and believed only
// when every row of the answer lies in the range and the answer is not
// simply the list's first page.
const (
	dateFilterUntried int32 = iota
	dateFilterHonoured
	dateFilterIgnored
)

// DateFilterHonoured says whether the server was found to honour date_from
// and date_to; false until a RangeWalk has tried them.
func (c *Client) DateFilterHonoured() bool { return c.dateFilter.Load() == dateFilterHonoured }

// tryDirect asks for the range itself, unless the client knows the server
// ignores date filters. It says whether the walk goes on over the answer's
// pages; if not, the walk searches the list for the range as before, and
// the list's first page, when it was fetched to tell the two apart, is not
// asked for again.
func (w *RangeWalk) tryDirect(ctx context.Context) (bool, error) {
	c := w.search.c
	if w.r.IsZero() || c.dateFilter.Load() == dateFilterIgnored {
		return false, nil
	}
	q := w.search.q
	q.dates = w.r
	p := c.Pager(q, OldestFirst)
	b, err := p.Next(ctx)
	if err != nil {
		w.spent += p.Requests()
		return false, err
	}
	if !w.allIn(b.Page.Donations) {
		c.dateFilter.Store(dateFilterIgnored)
		w.spent += p.Requests()
		return false, nil
	}
	if c.dateFilter.Load() == dateFilterUntried {
		if err := w.search.load(ctx, 1); err != nil {
			w.spent += p.Requests()
			return false, err
		}
		if keyOf(w.search.cache[1]) == keyOf(b.Page) {
			// The range takes in the list's start, or the server sent its
			// first page whatever was asked: nothing is learned yet.
			w.spent += p.Requests()
			return false, nil
		}
		c.dateFilter.Store(dateFilterHonoured)
	}
	w.direct, w.p, w.pending = true, p, &b
	return true, nil
}

// allIn says whether every donation is dated in the range.
func (w *RangeWalk) allIn(list []Donation) bool {
	for i := range list {
		if t, ok := Time(list[i].DonationDate); !ok || !w.r.Contains(t) {
			return false
		}
	}
	return true
}

// nextDirect takes a page of the range asked for directly. A row outside
// the range shows a filter that cannot be trusted: one that answers a
// shifted range has left out the range's start as well, so the walk reads
// the range again as for a server without the filter (see distrust).
// Otherwise, where the dates still ascend, it stops at a page past the
// range's end, as the search's walk does.
func (w *RangeWalk) nextDirect(ctx context.Context, b Batch) (Batch, error) {
	if b.Page != nil && !w.allIn(b.Page.Donations) {
		return w.distrust(ctx, b)
	}
	ascends := w.ascends(b.Donations)
	b.Donations = w.inRange(b.Donations)
	if ascends && b.Page != nil && w.pastEnd(b.Page) {
		b.Done = true
	}
	w.done = b.Done
	if w.done {
		w.p.Close()
	}
	return b, nil
}

// distrust gives up the date filter, for this walk and the client: the
// page's rows in the range are yielded, and the walk starts again with the
// search for the range's first page, yielding nothing twice.
func (w *RangeWalk) distrust(ctx context.Context, b Batch) (Batch, error) {
	w.search.c.dateFilter.Store(dateFilterIgnored)
	w.p.Close()
	w.spent += w.p.Requests()
	w.carried = w.p.seen
	kept := w.inRange(b.Donations)
	w.direct, w.started, w.lastDate = false, false, time.Time{}
	w.warnings = append(w.warnings, "the server's date filter sent donations outside the range asked for, so the range was searched for page by page instead")
	if len(kept) > 0 {
		return Batch{Page: b.Page, Donations: kept}, nil
	}
	return w.Next(ctx)
}
