package api

import "context"

// Walker is a walk over a query's pages, as *Pager and *RangeWalk are.
// Close stops any request still fetched ahead.
type Walker interface {
	Next(ctx context.Context) (Batch, error)
	Done() bool
	Warnings() []string
	Close()
}

// Walk starts a walk over q in order, fetching up to concurrency pages at
// once; with a date range, over the pages that may hold it only (oldest
// first, whatever order says). It is the one place that chooses between
// the two walks, for the browser and the command line alike.
func (c *Client) Walk(q Query, order Order, dates DateRange, concurrency int) Walker {
	if !dates.IsZero() {
		return c.RangeWalk(q, dates, concurrency)
	}
	p := c.Pager(q, order)
	p.SetConcurrency(concurrency)
	return p
}
