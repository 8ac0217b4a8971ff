package api

import "context"

// learn finds which way the server lists, where the client does not know
// yet: from the walk's own first page, asked for as the server sends it
// unasked. A page that descends is asked for again with order=asc, which
// is believed only if that answer ascends. The first page is kept as the
// walk will ask for it from now on, so learning costs a walk from page 1
// nothing over a server that lists oldest first, and one more request
// over one that does not. A page that tells neither way (one donation)
// leaves the order unknown: it is walked as the spec says.
func (p *Pager) learn(ctx context.Context) error {
	if p.learnt || p.q.desc || p.c.listOrder() != OrderUnknown {
		return nil
	}
	pg, ok := p.cache[1]
	if !ok {
		var err error
		if pg, err = p.learnFrom(ctx, p.query(1)); err != nil {
			return err
		}
	}
	p.cache[1] = pg // a retry after the request below fails starts from it
	switch direction(pg.Donations) {
	case 1:
		p.c.learnOrder(OrderAscending)
	case -1:
		q := p.query(1)
		q.asc = true
		asc, err := p.learnFrom(ctx, q)
		if err != nil {
			return err
		}
		if direction(asc.Donations) == 1 {
			p.c.learnOrder(OrderAscendingAsked)
			p.cache[1] = asc
		} else {
			p.c.learnOrder(OrderDescending)
		}
	}
	p.learnt = true
	return nil
}

// learnFrom fetches a page to learn from, as the walk fetches its pages:
// one that reads ahead does it on a goroutine of its own.
func (p *Pager) learnFrom(ctx context.Context, q Query) (*Page, error) {
	var pg *Page
	var err error
	if p.ahead.limit > 1 {
		pg, err = p.ahead.once(ctx, p.c, q)
	} else {
		pg, err = p.c.Page(ctx, q)
	}
	if err == nil {
		p.record(pg)
	}
	return pg, err
}

func (c *Client) learnOrder(o ListOrder) { c.learned.order.Store(int32(o)) }

// sized learns the size of the pages the server serves when asked for
// the most (which the platform caps at its own maximum, or serves 50 of
// where asked nothing): a page next to one that brings other donations
// is a full one. The smallest such page is believed, since a server that
// repeats rows at the start of each page makes the later ones longer.
func (p *Pager) sized(pg *Page) {
	if p.q.PerPage > 0 && p.q.PerPage != MaxPerPage || len(pg.Donations) == 0 {
		return
	}
	k := keyOf(pg)
	p.sizes[pg.Number] = k
	if prev, ok := p.sizes[pg.Number-1]; ok && prev != k {
		p.c.learnSize(prev.n)
	}
	if next, ok := p.sizes[pg.Number+1]; ok && next != k {
		p.c.learnSize(k.n)
	}
}

func (c *Client) learnSize(n int) {
	for {
		old := c.learned.perPage.Load()
		if old > 0 && old <= int64(n) || c.learned.perPage.CompareAndSwap(old, int64(n)) {
			return
		}
	}
}
