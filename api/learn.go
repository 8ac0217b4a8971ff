package api

import "context"

// learn finds which way the server lists, where the client does not know
// yet: from the walk's own first page, asked for as the server sends it
// unasked (and its second, where the first holds one donation only). A
// list that descends is asked for again with order=asc, which is believed
// only if that answer ascends, and goes on ascending on the next page: a
// server that honours order on page 1 only lists newest first. The pages
// are kept as the walk will ask for them from now on, so learning costs a
// walk from page 1 nothing over a server that lists oldest first, and a
// request or two more over one that does not. Pages that tell neither way
// (an account of one gift) leave the order unknown: it is walked as the
// spec says.
func (p *Pager) learn(ctx context.Context) error {
	if p.learnt || p.q.desc || p.c.listOrder() != OrderUnknown {
		return nil
	}
	plain, err := p.opening(ctx, false)
	if err != nil {
		return err
	}
	for _, pg := range plain {
		p.cache[pg.Number] = pg // a retry after the requests below fail starts from them
	}
	switch direction(rows(plain)) {
	case 1:
		p.c.learnOrder(OrderAscending)
	case -1:
		asc, err := p.ascending(ctx)
		if err != nil {
			return err
		}
		if asc == nil {
			p.c.learnOrder(OrderDescending)
			break
		}
		p.c.learnOrder(OrderAscendingAsked)
		delete(p.cache, 2)
		for _, pg := range asc {
			p.cache[pg.Number] = pg
		}
	}
	p.learnt = true
	return nil
}

// opening is the list's first page as the server sends it unasked, or
// asked order=asc, and its second where the first holds one donation
// only, which tells no direction.
func (p *Pager) opening(ctx context.Context, asc bool) ([]*Page, error) {
	var out []*Page
	for n := 1; n <= 2; n++ {
		pg, ok := p.cache[n]
		if asc || !ok {
			q := p.query(n)
			q.asc = asc
			var err error
			if pg, err = p.learnFrom(ctx, q); err != nil {
				return nil, err
			}
		}
		out = append(out, pg)
		if len(pg.Donations) != 1 {
			break
		}
	}
	return out, nil
}

// ascending is the opening pages asked order=asc and the page after them,
// which the walk reads next; nil where they do not ascend.
func (p *Pager) ascending(ctx context.Context) ([]*Page, error) {
	asc, err := p.opening(ctx, true)
	if err != nil || direction(rows(asc)) != 1 {
		return nil, err
	}
	if len(asc) > 1 {
		return asc, nil // two pages said it already
	}
	q := p.query(2)
	q.asc = true
	pg, err := p.learnFrom(ctx, q)
	if err != nil || direction(pg.Donations) == -1 {
		return nil, err
	}
	return append(asc, pg), nil
}

// rows are the pages' donations, one after the other.
func rows(pages []*Page) []Donation {
	var out []Donation
	for _, pg := range pages {
		out = append(out, pg.Donations...)
	}
	return out
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
// where asked nothing), by the rule of PageSizes.
func (p *Pager) sized(pg *Page) {
	if p.q.PerPage > 0 && p.q.PerPage != MaxPerPage {
		return
	}
	if p.sizes.Add(pg) {
		p.c.learned.perPage.Store(int64(p.sizes.Size()))
	}
}

// Learn learns which way the server lists, where the client does not know
// yet (see learn): a sync asks before it chooses its walks. The pages it
// fetched stay with the walk, for when it starts at page 1.
func (p *Pager) Learn(ctx context.Context) error { return p.learn(ctx) }
