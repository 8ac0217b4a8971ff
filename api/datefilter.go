package api

import "context"

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

// nextDirect takes a page of the range asked for directly. A row outside it
// tells the client not to believe the filter again; this walk drops such
// rows and, where the dates still ascend, stops at a page past the range's
// end, as the search's walk does.
func (w *RangeWalk) nextDirect(b Batch) Batch {
	if b.Page != nil && !w.allIn(b.Page.Donations) {
		w.search.c.dateFilter.Store(dateFilterIgnored)
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
	return b
}
