package dataset

import (
	"context"
	"fmt"

	"donations/api"
	"donations/store"
)

// forward reads pages oldest first from page first to the end. anchor is
// the page that should hold maxID, the store's newest donation (0: none);
// found says whether it did. seen, when given, collects every id read.
func (r *syncRun) forward(ctx context.Context, first, anchor int, maxID int64, seen map[int64]struct{}) (found bool, err error) {
	p := r.src.Pager(r.q, api.OldestFirst)
	if first == 1 && r.primed != nil {
		p, r.primed = r.primed, nil
	}
	p.From(first)
	defer p.Close()
	found, ramped := anchor == 0, false
	each := func(b api.Batch) {
		// Read-ahead costs up to Concurrency-1 requests past the end of the
		// list. A full sync pays that to read many pages fast; an
		// incremental one, which usually has few new pages, reads one at a
		// time until it is 8 pages past the store's end.
		if !ramped && b.Page != nil && b.Page.Number+1 >= rampAt(anchor) && r.o.Concurrency > 1 {
			p.SetConcurrency(r.o.Concurrency)
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
		if seen != nil {
			r.ranges.add(b.Page.Donations)
		}
	}
	ps := r.pass(p, &spanWalk{asOf: r.start}, 0)
	ps.each = each
	pr, err := run(ctx, r.s, ps)
	r.add(pr)
	return found, err
}

// newestFirst is a first sync: it finds the last page (O(log pages)
// requests, as --newest does, but Concurrency at once: the walk reads
// every page it finds below the end) and walks back to the first, so the
// newest donations are held, and known complete, first.
func (r *syncRun) newestFirst(ctx context.Context) error {
	p := r.src.Pager(r.q, api.NewestFirst)
	defer p.Close()
	if r.o.Concurrency > 1 {
		p.SetConcurrency(r.o.Concurrency)
	}
	last, err := p.Last(ctx)
	if err == nil {
		err = r.remember(ctx)
	}
	if err != nil {
		r.res.Requests += p.Requests()
		return err
	}
	if r.src.Profile().Order == api.OrderDescending {
		_, err := r.descSync(ctx, 0, store.Span{}, 0, last, p)
		return err
	}
	if last == 0 { // an empty list: the first page, empty, says it whole
		r.res.Requests += p.Requests()
		return r.s.Cover(ctx, store.Cover{Span: store.Span{To: store.End, Page: 1, AsOf: r.start}})
	}
	p.From(last)
	// A server found ignoring `page` shows its first page only: what it
	// shows is held, but not as the list's end.
	atEnd := len(p.Warnings()) == 0
	bw := r.backWalk(p, &spanWalk{back: true, atEnd: atEnd, asOf: r.start}, nil)
	defer bw.Close()
	r.pages = last
	pr, err := run(ctx, r.s, r.pass(bw, bw, last))
	r.add(pr)
	return err
}

// catchUp reads the new pages at the end: from the page that holds the
// store's newest donation (by the top span's place in the list), less the
// window. Where it is not found there, every page is read instead, and
// seen holds what was.
func (r *syncRun) catchUp(ctx context.Context, top store.Span, maxID int64) (seen map[int64]struct{}, err error) {
	held, err := r.s.CountIDs(ctx, top.From, maxID)
	if err != nil {
		return nil, err
	}
	anchor := ((max(top.Page, 1)-1)*r.per+held-1)/r.per + 1
	first := max(1, anchor-max(0, r.o.Window))
	if first == 1 && top.From == 0 {
		seen, r.res.Full = map[int64]struct{}{}, true
	}
	found, err := r.forward(ctx, first, anchor, maxID, seen)
	if err != nil || found {
		return seen, err
	}
	r.notes = append(r.notes, fmt.Sprintf("the store's newest donation (%d) was not where the list should hold it: every page was read again", maxID))
	return r.full(ctx)
}

// full reads every page, oldest first, after a sync found the list had
// moved under the store.
func (r *syncRun) full(ctx context.Context) (map[int64]struct{}, error) {
	seen := map[int64]struct{}{}
	r.res.Full = true
	_, err := r.forward(ctx, 1, 0, 0, seen)
	return seen, err
}

// fillGaps walks back over what the store does not hold below its top
// span (a first sync cut short), from the page the span starts on, read
// again so that the walk's ids overlap the span's, to the first page,
// passing over the spans it holds below. A first page that does not
// overlap means the list moved: every page is read instead.
func (r *syncRun) fillGaps(ctx context.Context) (map[int64]struct{}, error) {
	cov, err := r.s.Extent(ctx)
	if err != nil || len(cov.Spans) == 0 || cov.Spans[0].From == 0 && len(cov.Spans) == 1 {
		return nil, err
	}
	moved, err := r.back(ctx, cov.Spans[len(cov.Spans)-1], cov.Spans[:len(cov.Spans)-1])
	if err != nil || !moved {
		return nil, err
	}
	r.notes = append(r.notes, "the list moved under the store while it was not held whole: every page was read again")
	return r.full(ctx)
}

// back walks back from upper's first page to page 1, passing over the
// spans below; moved says the first page did not overlap upper.
func (r *syncRun) back(ctx context.Context, upper store.Span, below []store.Span) (moved bool, err error) {
	p := r.src.Pager(r.q, api.NewestFirst).From(upper.Page)
	if r.o.Concurrency > 1 {
		p.SetConcurrency(r.o.Concurrency)
	}
	bw := r.backWalk(p, &spanWalk{back: true, asOf: r.start}, below)
	defer bw.Close()
	first := true
	ps := r.pass(bw, bw, r.done+upper.Page)
	ps.each = func(b api.Batch) {
		if first && b.Page != nil {
			lo, hi, ok := idBounds(b.Page.Donations)
			moved, first = !ok || hi < upper.From || lo > upper.To, false
		}
	}
	ps.stop = func() bool { return moved }
	pr, err := run(ctx, r.s, ps)
	r.add(pr)
	return moved, err
}
