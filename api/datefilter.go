package api

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// DateFilterHonoured says whether the server was found to honour date_from
// and date_to, which the spec does not show; false until a RangeWalk has
// tried them. A try is believed only when every row of the answer lies in
// the range, the answer is not simply the list's first page, and the
// filter gives back a gift of that page when asked for its moment.
func (c *Client) DateFilterHonoured() bool {
	f := c.dateForm()
	return f == DatesDay || f == DatesInstant
}

func (c *Client) learnDates(f DateForm) { c.learned.dates.Store(int32(f)) }

// tryDirect asks for the range itself, unless the client knows the server
// ignores date filters: in the form known to work, else the day form, then
// date-times. A form the server refuses (400) is a lesson, not an error:
// the next is tried, and where none is taken the range is searched for.
// It says whether the walk goes on over the answer's pages; if not, the
// walk searches the unfiltered list for the range, and the list's first
// page, when it was fetched to tell the two apart, is not asked for again.
func (w *RangeWalk) tryDirect(ctx context.Context) (bool, error) {
	c := w.search.c
	known := c.dateForm()
	if w.r.IsZero() || known == DatesIgnored {
		return false, nil
	}
	forms := []DateForm{DatesDay, DatesInstant}
	if known == DatesInstant {
		forms = []DateForm{DatesInstant, DatesDay}
	}
	for _, f := range forms {
		direct, err := w.tryForm(ctx, f, f == known)
		var e *Error
		if !errors.As(err, &e) || e.Status != http.StatusBadRequest {
			return direct, err
		}
		w.spent++ // the refused request
	}
	c.learnDates(DatesIgnored)
	return false, nil
}

// tryForm asks for the range in form f; proven says the server was seen
// to honour it before.
func (w *RangeWalk) tryForm(ctx context.Context, f DateForm, proven bool) (bool, error) {
	c := w.search.c
	q := w.search.q
	q.dates, q.dateForm = w.r, f
	w.sent = q.answerSpan()
	p, b, err := w.firstBatch(ctx, q)
	if err != nil {
		w.spent += p.Requests()
		return false, err
	}
	if !w.allIn(b.Page.Donations) {
		c.learnDates(DatesIgnored)
		w.spent += p.Requests()
		return false, nil
	}
	if !proven {
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
		if found, asked, err := w.findsAKnownGift(ctx, q); err != nil || !found {
			if asked && err == nil {
				c.learnDates(DatesIgnored)
				w.warnings = append(w.warnings, "the server's date filter left out a donation dated in the range asked for, so the range was searched for page by page instead")
			}
			w.spent += p.Requests()
			return false, err
		}
		c.learnDates(f)
	}
	w.direct, w.p, w.pending = true, p, &b
	return true, nil
}

// findsAKnownGift asks, as q asks, for the moment of a gift of the list's
// first page, and says whether the answer holds it (and whether it could
// ask: not where no gift of the page has a date). An answer whose every
// row lies in the range proves little where gifts are few: a filter
// shifted by days answers for other days, and the gifts at one end of the
// range would be lost unseen. The gift is the first of the page with a
// date, so in the list's order no more than the page's rows come before it
// in a faithful answer, and it is on that answer's first page.
func (w *RangeWalk) findsAKnownGift(ctx context.Context, q Query) (found, asked bool, err error) {
	for _, d := range w.search.cache[1].Donations {
		t, ok := TimeIn(d.DonationDate, w.r.location())
		if !ok {
			continue
		}
		q.dates = DateRange{Since: t, Until: t.Add(time.Second)}
		p, b, err := w.firstBatch(ctx, q)
		w.spent += p.Requests()
		p.Close()
		if err != nil || b.Page == nil {
			return false, true, err
		}
		for i := range b.Page.Donations {
			if b.Page.Donations[i].ID == d.ID {
				return true, true, nil
			}
		}
		return false, true, nil
	}
	return false, false, nil
}

// firstBatch asks for the first page of q's range, and gives the pager
// that goes on from it.
func (w *RangeWalk) firstBatch(ctx context.Context, q Query) (*Pager, Batch, error) {
	p, err := w.rangePager(ctx, q)
	var b Batch
	if err == nil {
		b, err = p.Next(ctx)
	}
	return p, b, err
}

// rangePager is the walk over the pages of the range asked for, from its
// first page: oldest first, or newest first where the list only descends
// (which learning the order on its first page finds).
func (w *RangeWalk) rangePager(ctx context.Context, q Query) (*Pager, error) {
	p := w.search.c.Pager(q, OldestFirst)
	if err := p.learn(ctx); err != nil || p.c.listOrder() != OrderDescending {
		return p, err
	}
	down := p.c.Pager(q, NewestFirst)
	down.cache, down.requests, down.learnt = p.cache, p.requests, true
	return down, nil
}

// allIn says whether every donation is dated where a faithful answer to
// the range asked for puts it.
func (w *RangeWalk) allIn(list []Donation) bool {
	loc := w.sent.location()
	for i := range list {
		if t, ok := TimeIn(list[i].DonationDate, loc); !ok || !w.sent.Contains(t) {
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
	w.search.c.learnDates(DatesIgnored)
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
