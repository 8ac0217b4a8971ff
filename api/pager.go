package api

import (
	"context"
	"errors"
	"fmt"
)

// Order is the direction a Pager walks the list.
type Order int

const (
	// OldestFirst walks pages 1, 2, 3... as the server orders them (ascending).
	OldestFirst Order = iota
	// NewestFirst finds the last page in O(log pages) requests, then walks back.
	NewestFirst
)

func (o Order) String() string {
	if o == NewestFirst {
		return "newest first"
	}
	return "oldest first"
}

// Batch is what one step of a Pager yields.
type Batch struct {
	// Page is the page as fetched, its donations in the server's order.
	Page *Page
	// Donations are the ones not seen before, in the pager's order.
	Donations []Donation
	// Done is true when no page follows.
	Done bool
}

// Pager walks every page of a query exactly once, in either order, dropping
// repeated donations and stopping on the last page by whichever sign the
// server gives: metadata on a short page, an empty page, or a page that
// only repeats what came before. Each page is checked against the order
// the walk assumes of the list (see confirm). A failed step changes
// nothing, so Next may be called again to retry it. A Pager is not safe
// for concurrent use.
type Pager struct {
	c     *Client
	q     Query
	order Order

	seen seenSet
	next int // the page Next fetches
	done bool
	// directed: the walk was started at a page (From), so its caller
	// chose its way, and it cannot start again on its own.
	directed bool
	mixed    bool // a page listed against the walk's order: warned once

	// A walk back: pages fetched while searching for the last one, and
	// the keys of those let go of (letGo).
	cache   map[int]*Page
	letGone map[int]contentKey
	located bool
	probed  bool // order=desc was tried
	// way is the walk's direction, fixed at its first step once the
	// server's order is learned: 1 forward from page 1, -1 back from the
	// last page.
	way    int
	learnt bool
	sizes  PageSizes // pages fetched, for the page size served (sized)

	requests int
	shortfall
	ahead readAhead
	// wanted is how many batches the caller takes at most (0: all) and
	// taken how many it has had: no page past the last wanted is read
	// ahead, where each would cost a request of the server's budget.
	wanted, taken int
}

// Pager starts a walk over q (its Page field is ignored).
func (c *Client) Pager(q Query, order Order) *Pager {
	q.Page = 0
	return &Pager{c: c, q: q, order: order, seen: newSeenSet(), next: 1, cache: map[int]*Page{}}
}

// From makes a walk start at page n. A walk forward (oldest first over a
// list that ascends) reads on from there: a sync that already holds the
// pages before it. A walk back goes from page n to page 1 as they stand,
// with no search for the last page (n is known to be it, or where a walk
// back stopped).
func (p *Pager) From(n int) *Pager {
	p.next = max(1, n)
	p.probed, p.located, p.directed = true, true, true
	return p
}

// SetConcurrency lets an oldest-first walk fetch up to n pages at once while
// still yielding them in order. After a 429 it drops to one request at a time
// and climbs back a page at a time as answers keep coming.
func (p *Pager) SetConcurrency(n int) { p.ahead.limit, p.ahead.width = n, n }

// SetPageLimit tells the walk its caller stops after n pages (0: all), so
// that it reads no page ahead past the nth.
func (p *Pager) SetPageLimit(n int) { p.wanted = n }

// Close stops the requests fetched ahead and waits for them; a walk that
// reached its end has none left.
func (p *Pager) Close() { p.ahead.stop() }

// Done says whether the walk has ended.
func (p *Pager) Done() bool { return p.done }

// Requests is the number of pages fetched successfully so far.
func (p *Pager) Requests() int { return p.requests }

// ErrPartial is what Partial wraps: the walk knows it could not read
// every gift of its query, whatever it was asked to stop at.
var ErrPartial = errors.New("not every gift could be read")

// shortfall is what a walk tells of the server beside the records: its
// warnings, and whether it fell short of the whole list.
type shortfall struct {
	warnings []string
	partial  error // why the walk could not read every record (Partial)
}

// Warnings are things the walk noticed about the server that the user should
// know, such as a server that ignores the page parameter.
func (s *shortfall) Warnings() []string { return s.warnings }

// Partial is why the walk could not read every record, or nil: a server
// that does not keep one order from page to page, or that ignores `page`.
// Its warnings say it at length; this is the condition as a value, for a
// caller that must not pass a part of the list off as the whole.
func (s *shortfall) Partial() error { return s.partial }

// fallShort records that the walk cannot read every record, and why, once.
func (s *shortfall) fallShort(why, warning string) {
	if s.partial == nil {
		s.partial = fmt.Errorf("%w: %s", ErrPartial, why)
	}
	s.warnings = append(s.warnings, warning)
}

func (p *Pager) fetch(ctx context.Context, n int) (*Page, error) {
	if pg, ok := p.cache[n]; ok {
		return pg, nil
	}
	pg, err := p.c.Page(ctx, p.query(n))
	if err != nil {
		return nil, err
	}
	p.record(pg)
	return pg, nil
}

func (p *Pager) query(n int) Query {
	q := p.q
	q.Page = n
	return q
}

// record counts a fetched page, and its body for the pages read ahead
// (readAhead.fits); only the walk's own goroutine calls it.
func (p *Pager) record(pg *Page) {
	p.requests++
	p.sized(pg)
	p.ahead.largest = max(p.ahead.largest, pg.Exchange.Bytes)
}

// Next fetches the next page of the walk.
func (p *Pager) Next(ctx context.Context) (Batch, error) {
	if p.done {
		return Batch{Done: true}, nil
	}
	if err := ctx.Err(); err != nil {
		return Batch{}, err
	}
	// A newest-first walk asks for order=desc first (tryDescending),
	// which teaches what a plain first page would, where it is not honoured.
	if p.order == OldestFirst || p.probed {
		if err := p.learn(ctx); err != nil {
			return Batch{}, err
		}
	}
	if p.way == 0 {
		p.way = p.direction()
	}
	var b Batch
	var err error
	if p.way < 0 {
		b, err = p.nextBackward(ctx)
	} else {
		b, err = p.nextForward(ctx)
	}
	if errors.Is(err, errStartAgain) {
		return p.Next(ctx)
	}
	return b, err
}

// direction is the way a walk in p's order goes over the server's list:
// over one that ascends, oldest first is forward; over one that only
// descends, newest first is.
func (p *Pager) direction() int {
	back := p.order == NewestFirst && !p.q.desc
	if p.c.listOrder() == OrderDescending {
		back = p.order == OldestFirst
	}
	if back {
		return -1
	}
	return 1
}

func (p *Pager) nextForward(ctx context.Context) (Batch, error) {
	pg, err := p.cache[p.next], error(nil)
	if pg != nil {
		delete(p.cache, p.next) // fetched to learn the server's order
	} else if p.ahead.limit > 1 {
		pg, err = p.ahead.take(ctx, p, p.next)
		if err == nil {
			p.record(pg)
		}
	} else {
		pg, err = p.fetch(ctx, p.next)
	}
	if err == nil {
		err = p.confirm(pg)
	}
	if err != nil {
		return Batch{}, err
	}
	return p.accept(ctx, pg), nil
}

// accept takes the next page of a forward walk: it drops what was already
// seen and decides whether the walk ends here.
func (p *Pager) accept(ctx context.Context, pg *Page) Batch {
	k := len(pg.Donations)
	news := p.fresh(pg.Donations, false)
	b := Batch{Page: pg, Donations: news}
	b.Done = lastPage(k, len(news), pg.Meta, pg.Number, p.q.EffectivePerPage())
	if k > 0 && len(news) == 0 {
		p.warnIfPageIgnored(ctx, pg)
	}
	p.screen(&b)
	p.next++
	p.taken++
	p.done = b.Done
	if p.done {
		p.ahead.stop()
	}
	return b
}

// lastPage says whether a walk forward ends on page n, which held k
// records, fresh of them not seen before, in pages of perPage.
//
// An empty page ends it, and so does one with nothing new: the server
// answered past the end with a page it had already sent, or it ignores
// `page` altogether. A page shorter than asked for is usually the last,
// but a server that caps its pages below per_page sends short pages
// throughout, and one whose page size changes sends a page shorter than
// the one before it in the middle of the list: only an empty page, or one
// that brings nothing new, ends the walk for sure, so a short page is
// confirmed by the next. Paging metadata is a hint and may lie (a total at
// half the truth, has_more false on every page): it ends the walk only on
// a page that is short of per_page anyway, and never stops one that is full.
func lastPage(k, fresh int, meta Meta, n, perPage int) bool {
	last, known := meta.Last(n, perPage)
	return k == 0 || fresh == 0 || known && last && k < perPage
}

// ordered says whether the ids strictly rise (dir 1) or fall (dir -1).
func ordered(ds []Donation, dir int64) bool {
	for i := 1; i < len(ds); i++ {
		if (ds[i].ID.Value-ds[i-1].ID.Value)*dir <= 0 {
			return false
		}
	}
	return len(ds) >= 2
}

// tryDescending asks once for page 1 newest first. A server that honours it
// makes the newest gifts one request away, and the walk goes on forward over
// the descending pages; one that ignores it has sent page 1, which the search
// for the last page then uses.
func (p *Pager) tryDescending(ctx context.Context) (*Batch, error) {
	q := p.query(1)
	q.desc = true
	pg, err := p.c.Page(ctx, q)
	if err != nil {
		return nil, err
	}
	p.record(pg)
	p.probed = true
	switch {
	case ordered(pg.Donations, -1):
		p.q.desc, p.way = true, 1
		b := p.accept(ctx, pg)
		return &b, nil
	case ordered(pg.Donations, 1) || len(pg.Donations) < 2:
		if len(pg.Donations) >= 2 {
			p.c.learnOrder(OrderAscending) // it lists oldest first, even asked otherwise
		}
		pg.Number = 1
		p.cache[1] = pg
	}
	return nil, nil
}

func (p *Pager) nextBackward(ctx context.Context) (Batch, error) {
	if !p.probed && p.order == NewestFirst {
		b, err := p.tryDescending(ctx)
		if err != nil {
			return Batch{}, err
		}
		if b != nil {
			return *b, nil
		}
	}
	if !p.located {
		last, err := p.locate(ctx, 1)
		if err != nil {
			return Batch{}, err
		}
		p.located, p.next = true, last
		if last == 0 {
			p.done = true
			return Batch{Page: p.cache[1], Done: true}, nil
		}
	}
	pg, err := p.fetchBack(ctx, p.next)
	if err == nil {
		err = p.confirm(pg)
	}
	if err != nil {
		return Batch{}, err
	}
	delete(p.cache, p.next)
	b := Batch{Page: pg, Donations: p.fresh(pg.Donations, true)}
	p.next--
	p.taken++
	b.Done = p.next < 1
	p.screen(&b)
	p.done = b.Done
	if p.done {
		p.ahead.stop()
	}
	return b, nil
}

// fetchBack is page n of a walk back: from the pages the search for the
// last one fetched, or read ahead towards page 1.
func (p *Pager) fetchBack(ctx context.Context, n int) (*Page, error) {
	if _, ok := p.cache[n]; ok || p.ahead.limit <= 1 {
		return p.fetch(ctx, n)
	}
	pg, err := p.ahead.take(ctx, p, n)
	if err == nil {
		p.record(pg)
	}
	return pg, err
}
