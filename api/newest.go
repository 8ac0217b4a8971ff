package api

import "context"

// Newest returns the n most recent donations matching q, newest first.
func (c *Client) Newest(ctx context.Context, q Query, n int) ([]Donation, error) {
	p := c.Pager(q, NewestFirst)
	var out []Donation
	for !p.Done() && len(out) < n {
		b, err := p.Next(ctx)
		if err != nil {
			return out, err
		}
		out = append(out, b.Donations...)
	}
	return out[:min(n, len(out))], nil
}

// LastPage is the number of q's last page, found in O(log pages) requests.
func (c *Client) LastPage(ctx context.Context, q Query) (int, error) {
	p := c.Pager(q, OldestFirst)
	defer p.Close()
	return p.Last(ctx)
}

// Last finds the walk's last page in O(log pages) requests, counted in
// Requests; 0 when the list is empty. The pages it fetched are kept, as
// far as searchBytes allows, so a newest-first walk then started there
// with From does not ask for them again. A pager set to read ahead (SetConcurrency) asks for as many pages
// at once while it searches: for a walk that then reads every page.
func (p *Pager) Last(ctx context.Context) (int, error) { return p.locate(ctx, p.ahead.width) }

// CurlFor is a shell command that asks for q, the key left as
// $DONATIONS_API_KEY: for a donation held in a store, whose request is
// gone. It has q's own parameters only: a page size or an order says
// nothing of a donation asked for by id.
func (c *Client) CurlFor(q Query) string { return CurlCommand("GET", c.plainURL(q), c.username) }
