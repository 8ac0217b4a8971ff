package api

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// searched is the key of every page the search for the last page
// fetched: those cached and those let go of (see letGo). An empty page's
// is the zero key.
func (p *Pager) searched() map[int]contentKey {
	keys := make(map[int]contentKey, len(p.cache)+len(p.letGone))
	for n, k := range p.letGone {
		keys[n] = k
	}
	for n, pg := range p.cache {
		keys[n] = keyOf(pg)
	}
	return keys
}

// atOrPastEnd says whether searched page n is the last page or beyond it:
// it is empty, or identical to another page (a server repeating its last
// page for every page past the end). A page shorter than another is not:
// a server whose page size changes serves short pages in the middle of
// the list, and one repeating rows at the start of each page makes every
// page after the first longer than it.
func atOrPastEnd(keys map[int]contentKey, n int) bool {
	k := keys[n]
	if k == (contentKey{}) {
		return true
	}
	for m, other := range keys {
		if m != n && other == k {
			return true
		}
	}
	return false
}

// bounds is the smallest searched page at or past the end (0 if none) and
// the largest searched page below it that is not.
func bounds(keys map[int]contentKey) (lo, hi int) {
	for n := range keys {
		if atOrPastEnd(keys, n) && (hi == 0 || n < hi) {
			hi = n
		}
	}
	for n := range keys {
		if (hi == 0 || n < hi) && !atOrPastEnd(keys, n) && n > lo {
			lo = n
		}
	}
	return lo, hi
}

// locate finds the last page: it probes pages 1, 2, 4, 8... until one is
// at or past the end, then narrows the gap between the last probe before
// it and it. Width pages are asked for at once: one at a time halves the
// gap with each request, the fewest requests; a walk that will read every
// page anyway (a first sync) asks width at once, which cuts the gap into
// width+1 parts per round trip: 6 round trips instead of 16 over 200
// pages, each probe below the end a page the walk reads. Every page
// fetched stays searched, so a retry after an error resumes where it
// stopped, and cached as far as letGo allows.
func (p *Pager) locate(ctx context.Context, width int) (int, error) {
	if err := p.learn(ctx); err != nil {
		return 0, err
	}
	keys := p.searched()
	lo, hi := bounds(keys)
	for hi == 0 {
		var probes []int
		for n, w := max(1, 2*lo), p.searchWidth(width); len(probes) < w && n <= 1<<30; n *= 2 {
			probes = append(probes, n)
		}
		if len(probes) == 0 {
			return 0, fmt.Errorf("no end found to the list after page %d", lo)
		}
		if err := p.loadAll(ctx, probes); err != nil {
			return 0, err
		}
		keys = p.searched()
		lo, hi = bounds(keys)
	}
	for hi-lo > 1 {
		if err := p.loadAll(ctx, between(lo, hi, p.searchWidth(width))); err != nil {
			return 0, err
		}
		keys = p.searched()
		lo, hi = bounds(keys)
	}
	if keys[hi] == (contentKey{}) {
		hi--
	}
	if one, two := keys[1], keys[2]; one != (contentKey{}) && one == two {
		two, err := p.fetch(ctx, 2) // let go of by the search, where its records are long
		if err != nil {
			return 0, err
		}
		p.warnIfPageIgnored(ctx, two)
	}
	return hi, nil
}

// searchWidth is how many pages a round of the search asks for: width,
// but one where the server announced a request budget that this window
// may not cover (fewer than two rounds left). There requests, not round
// trips, are what the search waits for, and one at a time spends the
// fewest: several at a time spend requests on probes the budget then
// makes the walk wait for, and a first sync under a short budget holds
// its newest month later. After a 429 it narrows as the pages read ahead
// do (readAhead.adapt), a round counted as a page.
func (p *Pager) searchWidth(width int) int {
	if b, ok := p.c.Budget(); ok && b.Remaining < 2*width {
		return 1
	}
	if p.ahead.limit > 1 {
		p.ahead.adapt(p.c.Refused())
		width = min(width, p.ahead.fits())
	}
	return max(1, width)
}

// between is up to width pages strictly between lo and hi, evenly spread:
// (lo+hi)/2 for one.
func between(lo, hi, width int) []int {
	var out []int
	for i := 1; i <= width; i++ {
		n := lo + i*(hi-lo)/(width+1)
		if n > lo && n < hi && (len(out) == 0 || n > out[len(out)-1]) {
			out = append(out, n)
		}
	}
	return out
}

// loadAll fetches the pages not yet searched at once and caches each
// that came, recorded on this goroutine (record is not safe for concurrent
// use); the first error is returned once every request has ended.
func (p *Pager) loadAll(ctx context.Context, pages []int) error {
	defer p.letGo()
	started := make([]*future, len(pages))
	for i, n := range pages {
		_, cached := p.cache[n]
		_, gone := p.letGone[n]
		switch {
		case cached || gone:
		case len(pages) == 1:
			return p.load(ctx, n)
		default:
			started[i] = p.ahead.start(ctx, p.c, p.query(n))
		}
	}
	var first error
	for i, f := range started {
		if f == nil {
			continue
		}
		<-f.done // the request ends when ctx does
		if f.err != nil {
			first = cmp.Or(first, f.err)
			continue
		}
		p.record(f.page)
		p.cache[pages[i]] = f.page
	}
	return first
}

func (p *Pager) load(ctx context.Context, n int) error {
	pg, err := p.fetch(ctx, n)
	if err == nil {
		p.cache[n] = pg
	}
	return err
}

// searchBytes bounds the bodies of the pages the search keeps for the
// walk, as aheadBytes bounds those read ahead: of pages as servers send
// them it keeps more than most searches fetch, so the walk asks for none
// of them again, while pages of long records, which would hold memory in
// proportion to their length until the walk reached them, are let go of
// and asked for again when it does.
const searchBytes = aheadBytes

// letGo keeps the pages the walk reads first, within searchBytes (and
// always the first of them), and lets go of the others, keeping only
// their keys for the search.
func (p *Pager) letGo() {
	pages := make([]int, 0, len(p.cache))
	for n := range p.cache {
		pages = append(pages, n)
	}
	way := p.way
	if way == 0 {
		way = p.direction()
	}
	slices.SortFunc(pages, func(a, b int) int { return way * (a - b) })
	held := 0
	for i, n := range pages {
		pg := p.cache[n]
		if held += pg.Exchange.Bytes; i == 0 || held <= searchBytes {
			continue
		}
		if p.letGone == nil {
			p.letGone = map[int]contentKey{}
		}
		p.letGone[n] = keyOf(pg)
		delete(p.cache, n)
	}
}
