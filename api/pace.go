package api

import (
	"net/http"
	"sync"
	"time"
)

// pacer spends the server's rate-limit budget, as its headers state it, so
// the client waits for the reset instead of being refused. Requests in flight
// are counted: an answer reports the budget as it was when the server
// counted that request, not the requests sent since.
type pacer struct {
	mu        sync.Mutex
	known     bool
	limit     int
	remaining int // what the client may still send in this window
	reset     time.Time
	inflight  int
}

// reserve takes one request from the budget, or says how long to wait until
// the budget allows one (and takes nothing).
func (p *pacer) reserve(now time.Time) (time.Duration, time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.known && !now.Before(p.reset) {
		// A new window: the full budget, less what is still on its way.
		p.remaining = p.limit - p.inflight
		p.reset = now.Add(time.Minute) // until an answer says when it ends
		if p.limit <= 0 {
			p.known = false
		}
	}
	if p.known && p.remaining <= 0 {
		return p.reset.Sub(now), p.reset
	}
	if p.known {
		p.remaining--
	}
	p.inflight++
	return 0, time.Time{}
}

// finish records the end of a request; h is nil when no answer came.
func (p *pacer) finish(h http.Header, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inflight = max(p.inflight-1, 0)
	if h == nil {
		return
	}
	rem, ok := headerInt(h, "X-Ratelimit-Remaining")
	if !ok {
		return
	}
	reset := resetTime(h, now)
	if limit, ok := headerInt(h, "X-Ratelimit-Limit"); ok {
		p.limit = int(limit)
	}
	if p.known && reset.Equal(p.reset) {
		// Same window: the estimate already counts requests sent since.
		p.remaining = min(p.remaining, int(rem))
		return
	}
	p.known, p.reset = true, reset
	p.remaining = int(rem) - p.inflight
}

// Budget is the server's request budget as its rate-limit headers last told
// it: Limit requests a window, Remaining of them left until Reset.
type Budget struct {
	Limit, Remaining int
	Reset            time.Time
}

// Budget is the request budget the server last announced; false when it
// sends no rate-limit headers.
func (c *Client) Budget() (Budget, bool) {
	p := &c.pace
	p.mu.Lock()
	defer p.mu.Unlock()
	return Budget{Limit: p.limit, Remaining: max(p.remaining, 0), Reset: p.reset}, p.known
}
