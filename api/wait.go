package api

import (
	"context"
	"fmt"
	"time"
)

// LongWait is how long a pause must be for Config.OnWait to hear of it: a
// person should see why nothing is happening.
const LongWait = 5 * time.Second

// Wait is a pause the client is starting before a request.
type Wait struct {
	Page     int // the page that waits
	Attempt  int // the attempt the wait comes before
	Attempts int // the most attempts a page gets (0: a rate-limit wait, which is not a retry)
	Status   int // the HTTP status retried, if any
	// Cause is what failed, for a retry: the status, with the read or
	// decode error under it ("HTTP 200, the body cut off: unexpected EOF"),
	// so a 200 that is retried says why.
	Cause string
	// Reason is why, in words built from parsed values only; never how
	// long, which the caller says (a status line counts it down).
	Reason   string
	Duration time.Duration
	Until    time.Time
}

// ask is a wait a server asked for, and the header that asked.
type ask struct {
	wait   time.Duration
	until  time.Time
	header string
}

func (a ask) String() string {
	if a.wait >= time.Hour {
		return fmt.Sprintf("until %s (%s)", a.until.UTC().Format("2006-01-02 15:04 MST"), a.header)
	}
	return fmt.Sprintf("%s (%s)", a.wait.Round(time.Second), a.header)
}

// giveUp explains why a wait the server asked for is not waited: it runs past
// the retry budget. It returns e, which Page reports.
func (c *Client) giveUp(e *Error, spent time.Duration) *Error {
	if e.ask.header != "" && e.ask.wait > c.retry.Budget-spent {
		e.Err = fmt.Errorf("the server asks to wait %s; giving up, as waiting for one page may take at most %s", e.ask, c.retry.Budget)
	}
	return e
}

// paced blocks until the server's rate-limit budget allows a request, as its
// headers told it, and refuses at once a wait that would pass the retry budget.
func (c *Client) paced(ctx context.Context, page, attempt int) error {
	start := c.clock.Now()
	for {
		now := c.clock.Now()
		d, until := c.pace.reserve(now)
		if d <= 0 {
			return nil
		}
		a := ask{wait: d, until: until, header: "x-ratelimit-remaining: 0 and x-ratelimit-reset"}
		if now.Sub(start) > c.retry.Budget-d {
			return &Error{Kind: KindRateLimited, Page: page, RetryAfter: d, ask: a}
		}
		c.notify(Wait{Page: page, Attempt: attempt, Duration: d, Until: until,
			Reason: "the server's request budget is spent until its reset (x-ratelimit-remaining: 0)"})
		if err := c.clock.Sleep(ctx, d); err != nil {
			return err
		}
	}
}

// backOff waits r after e, before the next attempt of its page.
func (c *Client) backOff(ctx context.Context, e *Error, r Retry) error {
	d := r.Wait
	reason := e.Kind.String()
	if e.Status != 0 {
		reason = fmt.Sprintf("%s (HTTP %d)", e.Kind, e.Status)
	}
	if r.Asked != "" {
		reason += ", a wait the server asked for (" + r.Asked + ")"
	}
	c.notify(Wait{Page: e.Page, Attempt: r.Attempt, Attempts: r.Attempts, Status: e.Status,
		Duration: d, Until: c.clock.Now().Add(d), Reason: reason, Cause: e.cause()})
	return c.clock.Sleep(ctx, d)
}

func (c *Client) notify(w Wait) {
	if c.onWait != nil && (w.Duration > LongWait || c.allWaits) {
		c.onWait(w)
	}
}
