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
// request; a 404 is ErrNoEndpoint (and ErrNotFound).
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
		return nil, err
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
// by, so it neither learns an order nor walks back. A failed step changes
// nothing, so Next may be called again to retry it. It is not safe for
// concurrent use.
type KindPager[T KindRecord] struct {
	c        *Client
	q        KindQuery
	seen     seenSet
	next     int
	done     bool
	first    contentKey // page 1's, to tell a server that ignores `page`
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
	q := p.q
	q.Page = p.next
	pg, err := ReadKindPage[T](ctx, p.c, q)
	if err != nil {
		return KindBatch[T]{}, err
	}
	p.requests++
	b := KindBatch[T]{Page: pg, Records: make([]T, 0, len(pg.Records))}
	for i := range pg.Records {
		if h := headOf(&pg.Records[i]); p.seen.add(h.ID, h.Raw) {
			b.Records = append(b.Records, pg.Records[i])
		}
	}
	k, per := len(pg.Records), p.q.EffectivePerPage()
	key := kindKey(pg.Records)
	if pg.Number == 1 {
		p.first = key
	} else if pg.Number == 2 && k >= per && key == p.first {
		p.fallShort("the server seems to ignore the page parameter",
			fmt.Sprintf("page 2 of %s repeated page 1: the server seems to ignore the page parameter, so only the first page could be read", KindOf[T]().Name))
	}
	b.Done = lastPage(k, len(b.Records), pg.Meta, pg.Number, per)
	p.next++
	p.done = b.Done
	return b, nil
}

// kindKey tells pages of a kind apart as keyOf does pages of donations.
func kindKey[T KindRecord](list []T) contentKey {
	if len(list) == 0 {
		return contentKey{}
	}
	first, last := headOf(&list[0]), headOf(&list[len(list)-1])
	return contentOf(first.ID.Value, last.ID.Value, len(list), first.Raw, last.Raw)
}

// Done says whether the walk has ended.
func (p *KindPager[T]) Done() bool { return p.done }

// Requests is the number of pages fetched successfully so far.
func (p *KindPager[T]) Requests() int { return p.requests }
