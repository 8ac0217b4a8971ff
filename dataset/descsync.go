package dataset

import (
	"context"
	"slices"

	"donations/api"
	"donations/store"
)

// A server that lists newest first and does not take order=asc
// (api.OrderDescending) is read the other way round from the spec's: page
// 1 holds the newest gifts, so a first sync reads forward from it (cut
// short, it holds the newest), a later one reads from page 1 until it
// reaches what the store holds (and Window pages more), then goes on below
// what the store holds, if a first sync left that unread.

// descSync is the sync of such a server; last is the list's last page
// when known (0 if not), and p, when given, the walk that found it, whose
// pages a first walk from page 1 uses.
func (r *syncRun) descSync(ctx context.Context, n int, top store.Span, maxID int64, last int, p *api.Pager) (map[int64]struct{}, error) {
	if n == 0 || r.o.Full {
		r.res.Full = true
		// The ids read are kept only to find what a full sync did not see
		// again; an empty store has nothing to find, and at a million
		// the map would be much of a first sync's peak.
		var seen map[int64]struct{}
		if n > 0 {
			seen = map[int64]struct{}{}
		}
		if p == nil {
			p = r.src.Pager(r.q, api.NewestFirst)
		}
		_, err := r.down(ctx, p.From(1), &downSpan{top: true, asOf: r.start, last: last}, seen, nil)
		return seen, err
	}
	var joined *api.Page // the first page that reached what the store held
	window := 0
	stop := func(pg *api.Page) bool {
		if joined == nil && pg != nil && reaches(pg, maxID) {
			joined = pg
		}
		if joined != nil && window < r.o.Window {
			window++
			return false
		}
		return joined != nil
	}
	span := &downSpan{top: true, asOf: r.start, held: maxID}
	seen := map[int64]struct{}{}
	_, err := r.down(ctx, r.downFrom(1), span, seen, stop)
	switch {
	case err != nil:
		return nil, err
	case joined == nil: // no page reached the store's newest: every page was read
		r.res.Full = true
		return seen, nil
	case top.From == 0:
		return nil, nil
	}
	return nil, r.below(ctx, joined, top, maxID)
}

// reaches says whether a page holds a donation the store held: the walk
// from page 1 has read all that came since.
func reaches(pg *api.Page, maxID int64) bool {
	lo, _, ok := idBounds(pg.Donations)
	return ok && lo <= maxID
}

// below reads what lies under the store's top span, from the page the
// span's oldest donation should be on, counted from where its newest was
// found; where that page does not reach into the span, the list moved,
// and the walk reads from the page where the newest was found instead.
func (r *syncRun) below(ctx context.Context, joined *api.Page, top store.Span, maxID int64) error {
	held, err := r.s.CountIDs(ctx, top.From, maxID)
	if err != nil {
		return err
	}
	at := slices.IndexFunc(joined.Donations, func(d api.Donation) bool { return d.ID.Valid && d.ID.Value <= maxID })
	pos := (joined.Number-1)*r.per + at + held - 1 // top.From's place in the list, from 0
	page := max(pos/r.per+1, joined.Number)
	landed := true
	check := func(pg *api.Page) bool {
		if pg != nil && pg.Number == page {
			_, hi, ok := idBounds(pg.Donations)
			landed = !ok || hi >= top.From
		}
		return !landed
	}
	if _, err := r.down(ctx, r.downFrom(page), &downSpan{asOf: r.start}, nil, check); err != nil || landed {
		return err
	}
	r.notes = append(r.notes, "the list moved under the store while it was not held whole: the pages it held were read again")
	_, err = r.down(ctx, r.downFrom(joined.Number), &downSpan{asOf: r.start}, nil, nil)
	return err
}

// downFrom is a walk newest first from page first.
func (r *syncRun) downFrom(first int) *api.Pager {
	return r.src.Pager(r.q, api.NewestFirst).From(first)
}

// down reads p's pages until the list ends or stop says so after a page,
// recording what they complete in span; seen, when given, collects every
// id read.
func (r *syncRun) down(ctx context.Context, p *api.Pager, span *downSpan, seen map[int64]struct{}, stop func(*api.Page) bool) (passResult, error) {
	defer p.Close()
	if r.o.Concurrency > 1 {
		p.SetConcurrency(r.o.Concurrency)
	}
	var page *api.Page
	ps := r.pass(p, span, span.last) // a first sync knows how many pages it reads
	ps.each = func(b api.Batch) {
		page = b.Page
		if b.Page == nil || seen == nil {
			return
		}
		for _, d := range b.Page.Donations {
			if d.ID.Valid {
				seen[d.ID.Value] = struct{}{}
			}
		}
		r.ranges.add(b.Page.Donations)
	}
	if stop != nil {
		ps.stop = func() bool { return stop(page) }
	}
	pr, err := run(ctx, r.s, ps)
	r.add(pr)
	return pr, err
}
