package api

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// ErrNoEndpoint is what a read of a kind wraps where the server answers
// 404 for its endpoint: a server of the spec's kind, which lists donations
// only. It is a fact of the server to remember ("this server has no
// plans"), not a failure of the read.
var ErrNoEndpoint = errors.New("the server has no such endpoint")

// KindPage is one decoded answer of a kind's endpoint.
type KindPage[T KindRecord] struct {
	Number   int
	Records  []T
	Meta     Meta
	Exchange Exchange
}

// KindURL is the URL of q at kind k's endpoint, beside the donations'
// under the same base URL, without credentials.
func (c *Client) KindURL(k RecordKind, q KindQuery) string {
	u := c.endpoint
	u.Path = strings.TrimSuffix(u.Path, DonationsPath) + k.Path
	v := url.Values{}
	if q.Page > 0 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	if q.PerPage > 0 {
		v.Set("per_page", strconv.Itoa(q.PerPage))
	}
	for _, f := range q.Filters {
		v.Set(f.Name, f.Value)
	}
	u.RawQuery = v.Encode()
	return u.String()
}

// ReadKindPage fetches and decodes one page of the Ts' endpoint with the
// client's retries, budget and redaction, as Client.Page does a page of
// donations. A filter the endpoint does not take is refused before any
// request; a 404 is ErrNoEndpoint (and ErrNotFound); any other error names
// the kind and wraps the client's *Error.
func ReadKindPage[T KindRecord](ctx context.Context, c *Client, q KindQuery) (*KindPage[T], error) {
	k := KindOf[T]()
	if err := q.check(k); err != nil {
		return nil, err
	}
	if q.Page <= 0 {
		q.Page = 1
	}
	list, meta, ex, err := fetch(ctx, c, q.Page, c.KindURL(k, q), kindList[T]())
	if errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("%w (%s): %w", ErrNoEndpoint, k.Path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", k.Name, err)
	}
	return &KindPage[T]{Number: q.Page, Records: list, Meta: meta, Exchange: ex}, nil
}

// KindBatch is what one step of a KindPager yields.
type KindBatch[T KindRecord] struct {
	// Page is the page as fetched, its records in the server's order.
	Page *KindPage[T]
	// Records are the ones not seen before.
	Records []T
	// Done is true when no page follows.
	Done bool
}

// KindPager walks every page of a kind's list once, in the server's order,
// dropping repeated records and ending as a walk of donations forward
// does (lastPage). The kinds are small lists with no date to order them
// by, so it neither learns an order nor walks back: it checks each page
// against the order of page 1's ids, and a server that does not keep one
// order from page to page, or that ignores `page`, cannot be read whole,
// which Partial says. A failed step changes nothing, so Next may be
// called again to retry it. It is not safe for concurrent use.
type KindPager[T KindRecord] struct {
	c        *Client
	q        KindQuery
	seen     seenSet
	next     int
	done     bool
	order    int // page 1's ids: 1 rising, -1 falling, 0 neither
	requests int
	shortfall
}

// NewKindPager starts a walk over q (its Page is ignored). Pages are asked
// for at the largest size where q names none: the fewest requests.
func NewKindPager[T KindRecord](c *Client, q KindQuery) *KindPager[T] {
	q.Page = 0
	if q.PerPage <= 0 {
		q.PerPage = MaxPerPage
	}
	return &KindPager[T]{c: c, q: q, seen: newSeenSet(), next: 1}
}

// Next fetches the next page of the walk.
func (p *KindPager[T]) Next(ctx context.Context) (KindBatch[T], error) {
	if p.done {
		return KindBatch[T]{Done: true}, nil
	}
	if err := ctx.Err(); err != nil {
		return KindBatch[T]{}, err
	}
	pg, err := ReadKindPage[T](ctx, p.c, p.query(p.next))
	if err != nil {
		return KindBatch[T]{}, err
	}
	p.requests++
	b := KindBatch[T]{Page: pg, Records: make([]T, 0, len(pg.Records))}
	for i := range pg.Records {
		if h := HeadOf(&pg.Records[i]); p.seen.add(h.ID, h.Raw) {
			b.Records = append(b.Records, pg.Records[i])
		}
	}
	k, name := len(pg.Records), KindOf[T]().Name
	b.Done = lastPage(k, len(b.Records), pg.Meta, pg.Number, p.q.EffectivePerPage())
	switch dir := kindDirection(pg.Records); {
	case pg.Number == 1:
		p.order = dir
	case p.order != 0 && dir == -p.order:
		// Read on, the walk would pass over the records the turn hid.
		p.fallShort("the server does not keep one order from page to page",
			fmt.Sprintf("page %d of %s lists ids %s where page 1 lists them %s: the server does not keep one order "+
				"from page to page, so not every one of the %s could be read", pg.Number, name, idWords(dir), idWords(p.order), name))
		b.Done = true
	}
	if pg.Number == 2 && k > 0 && len(b.Records) == 0 && p.pageIgnored(ctx, pg) {
		p.fallShort("the server seems to ignore the page parameter",
			fmt.Sprintf("page 2 of %s repeated page 1: the server seems to ignore the page parameter, so only the first page could be read", name))
	}
	p.next++
	p.done = b.Done
	return b, nil
}

func (p *KindPager[T]) query(n int) KindQuery {
	q := p.q
	q.Page = n
	return q
}

// pageIgnored says whether page 2, which repeated page 1, comes from a
// server that ignores `page`, by the rule a walk of donations goes by
// (warnIfPageIgnored).
func (p *KindPager[T]) pageIgnored(ctx context.Context, two *KindPage[T]) bool {
	ask := func(half int) (contentKey, bool) {
		q := p.query(2)
		q.PerPage = half
		got, err := ReadKindPage[T](ctx, p.c, q)
		if err != nil {
			return contentKey{}, false
		}
		p.requests++
		return kindKey(got.Records), true
	}
	part := func(from, to int) contentKey { return kindKey(two.Records[from:to]) }
	return pageIgnored(len(two.Records), p.q.EffectivePerPage(), ask, part)
}

// kindDirection is 1 where the ids of list strictly rise, -1 where they
// strictly fall, 0 otherwise or under two records.
func kindDirection[T KindRecord](list []T) int {
	rise, fall := len(list) >= 2, len(list) >= 2
	for i := 1; i < len(list); i++ {
		a, b := HeadOf(&list[i-1]).ID, HeadOf(&list[i]).ID
		if !a.Valid || !b.Valid {
			return 0
		}
		rise = rise && b.Value > a.Value
		fall = fall && b.Value < a.Value
	}
	switch {
	case rise:
		return 1
	case fall:
		return -1
	}
	return 0
}

// idWords names a direction of a page's ids.
func idWords(dir int) string {
	if dir < 0 {
		return "falling"
	}
	return "rising"
}

// kindKey tells pages of a kind apart as keyOf does pages of donations.
func kindKey[T KindRecord](list []T) contentKey {
	if len(list) == 0 {
		return contentKey{}
	}
	first, last := HeadOf(&list[0]), HeadOf(&list[len(list)-1])
	return contentOf(first.ID.Value, last.ID.Value, len(list), first.Raw, last.Raw)
}

// Done says whether the walk has ended.
func (p *KindPager[T]) Done() bool { return p.done }

// Requests is the number of pages fetched successfully so far.
func (p *KindPager[T]) Requests() int { return p.requests }
