package api

import (
	"context"
	"fmt"
)

// readAhead fetches the pages after the one asked for while it is awaited.
// The pages past the end cost a few wasted requests; the list has no other
// sign of where it ends.
type readAhead struct {
	limit    int // the most requests at once
	width    int // requests at once now: 1 after a 429, back up to limit
	calm     int // pages since the last 429 or since width last grew
	largest  int // the largest body of a page recorded so far (Pager.record)
	refused  int64
	ctx      context.Context
	cancel   context.CancelFunc
	inflight map[int]*future
}

type future struct {
	done chan struct{}
	page *Page
	err  error
}

// climbAfter is how many calm pages it takes to allow one more request at once.
const climbAfter = 8

// aheadBytes bounds the bodies of the pages out at once, each as large as
// the largest taken so far: pages as servers send them are bounded by the
// width alone, pages of long records (many times larger) are fewer at
// once, so that what a walk holds does not grow with its records' length.
const aheadBytes = 4 << 20

// take returns page n, starting it and the pages after it as the width allows.
func (a *readAhead) take(ctx context.Context, p *Pager, n int) (*Page, error) {
	a.adapt(p.c.Refused())
	if a.inflight == nil {
		a.inflight = map[int]*future{}
		a.ctx, a.cancel = context.WithCancel(context.Background())
	}
	// A walk back reads ahead towards page 1, and no further; neither
	// reads past the last page its caller wants, but page n itself is
	// asked for: a caller may take more pages than it said it would.
	step, width := p.way, a.fits()
	if p.wanted > 0 {
		width = max(1, min(width, p.wanted-p.taken))
	}
	for i, k := 0, n; i < width && k >= 1; i, k = i+1, k+step {
		_, fetched := p.cache[k]
		if _, ok := a.inflight[k]; !ok && (!fetched || k == n) {
			a.inflight[k] = a.start(a.ctx, p.c, p.query(k))
		}
	}
	f := a.inflight[n]
	select {
	case <-f.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	delete(a.inflight, n)
	return f.page, f.err
}

// fits is how many pages may be out at once: the width, as far as pages
// the size of the largest yet fit in aheadBytes, and always the one asked
// for.
func (a *readAhead) fits() int {
	if a.largest == 0 {
		return a.width
	}
	return max(1, min(a.width, aheadBytes/a.largest))
}

func (a *readAhead) start(ctx context.Context, c *Client, q Query) *future {
	f := &future{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		// A panic here would end the process with the terminal left raw:
		// it becomes the page's error, reported like any other.
		defer func() {
			if r := recover(); r != nil {
				f.page, f.err = nil, fmt.Errorf("internal error fetching page %d: %v", q.Page, r)
			}
		}()
		f.page, f.err = c.Page(ctx, q)
	}()
	return f
}

// once fetches one page as a page read ahead is, on a goroutine of its
// own, for a walk that reads ahead but needs this page before any other.
func (a *readAhead) once(ctx context.Context, c *Client, q Query) (*Page, error) {
	f := a.start(ctx, c, q)
	<-f.done // the request ends when ctx does
	return f.page, f.err
}

// adapt narrows to one request at a time after a 429 and widens slowly.
func (a *readAhead) adapt(refused int64) {
	switch {
	case refused > a.refused:
		a.refused, a.width, a.calm = refused, 1, 0
	case a.width < a.limit:
		if a.calm++; a.calm >= climbAfter {
			a.width, a.calm = a.width+1, 0
		}
	}
}

// stop cancels the requests still out and waits for them, so none reports
// (through Config.Trace) after the walk is over.
func (a *readAhead) stop() {
	if a.cancel != nil {
		a.cancel()
	}
	for _, f := range a.inflight {
		<-f.done
	}
	a.inflight = nil
}
