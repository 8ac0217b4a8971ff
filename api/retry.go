package api

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds how a failed request is sent again: at most MaxAttempts
// attempts in all, waiting an exponentially growing, jittered delay between
// them, or what the server asked for, and never past Budget in total.
type RetryPolicy struct {
	MaxAttempts int
	BaseDelay   time.Duration
	MaxDelay    time.Duration
	Budget      time.Duration
}

// DefaultRetry is used for every zero field of a RetryPolicy.
var DefaultRetry = RetryPolicy{MaxAttempts: 6, BaseDelay: 200 * time.Millisecond, MaxDelay: 10 * time.Second, Budget: 2 * time.Minute}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = DefaultRetry.MaxAttempts
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = DefaultRetry.BaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = DefaultRetry.MaxDelay
	}
	if p.Budget <= 0 {
		p.Budget = DefaultRetry.Budget
	}
	return p
}

// next is the wait before attempt+1, and false when no attempt is left or the
// wait would overrun the budget.
func (p RetryPolicy) next(attempt int, asked, spent time.Duration) (time.Duration, bool) {
	if attempt >= p.MaxAttempts {
		return 0, false
	}
	backoff := p.BaseDelay << min(attempt-1, 20)
	backoff = min(backoff, p.MaxDelay)
	// Equal jitter: half fixed, half random, so clients spread out yet still back off.
	d := backoff/2 + rand.N(backoff/2+1)
	if asked > d {
		d = asked
	}
	// Compared this way round, a wait near Go's largest duration cannot
	// overflow into a negative sum and pass.
	if d > p.Budget-spent {
		return 0, false
	}
	return d, true
}

// Retry is the wait between an attempt that failed and the next.
type Retry struct {
	Attempt  int // the attempt that follows; 0 when none does
	Attempts int // the most attempts a page gets
	Wait     time.Duration
	// Asked is the header the server asked for the wait by
	// ("Retry-After", "x-ratelimit-reset"); "" for the client's own back-off.
	Asked string
}

// String says the retry as a log line ends: "retry 1 of 5 in 1.5s
// (Retry-After)".
func (r Retry) String() string {
	s := fmt.Sprintf("retry %d of %d in %s", r.Attempt-1, r.Attempts-1, waitWords(r.Wait))
	if r.Asked != "" {
		s += " (" + r.Asked + ")"
	}
	return s
}

// waitWords is a wait as short as it may be said: "4ms", "1.5s", "2m30s".
func waitWords(d time.Duration) string {
	switch {
	case d < 100*time.Millisecond:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return strconv.FormatFloat(d.Round(100*time.Millisecond).Seconds(), 'f', -1, 64) + "s"
	}
	return d.Round(time.Second).String()
}

// retryOf is the retry that follows e after a wait of d.
func (c *Client) retryOf(e *Error, d time.Duration) Retry {
	r := Retry{Attempt: e.Attempts + 1, Attempts: c.retry.MaxAttempts, Wait: d}
	if e.ask.header != "" && e.ask.wait >= d {
		r.Asked = e.ask.header
	}
	return r
}

// Outcome is what came of the attempt, as --verbose, --log and the request
// log say it: the status, what failed, and the retry that follows:
// "200", "200 cut body (truncated JSON at byte 812) · retry 1 of 5 in
// 1.5s", "503 · retry 1 of 5 in 2s (Retry-After)", "timeout after 30s (no
// answer) · retry 2 of 5 in 4s".
func (x Exchange) Outcome() string {
	var parts []string
	if x.Status != 0 {
		parts = append(parts, strconv.Itoa(x.Status))
	}
	if x.Failure != "" {
		parts = append(parts, x.Failure)
	}
	s := strings.Join(parts, " ")
	if x.Retry.Attempt > 0 {
		s += " · " + x.Retry.String()
	}
	return s
}

func headerInt(h http.Header, key string) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimSpace(h.Get(key)), 10, 64)
	return v, err == nil
}

// resetTime reads x-ratelimit-reset: usually a Unix time, but some servers send
// seconds to wait, and some a Unix time in milliseconds. A value too small to
// be a recent Unix time is taken as seconds to wait, one too large to be in
// seconds (past the year 5000) as milliseconds.
func resetTime(h http.Header, now time.Time) time.Time {
	v, ok := headerInt(h, "X-Ratelimit-Reset")
	switch {
	case !ok || v < 0:
		return time.Time{}
	case v < 1e9:
		return now.Add(time.Duration(v) * time.Second)
	case v >= 1e11:
		return time.UnixMilli(v).Add(200 * time.Millisecond)
	}
	// The header has whole seconds; the window ends somewhere in that second.
	return time.Unix(v, 0).Add(200 * time.Millisecond)
}

// maxAskSeconds bounds a Retry-After in seconds before it is made a duration,
// which would overflow past 292 years. Any wait this long is refused anyway.
const maxAskSeconds = 1 << 32

// retryAfter is the wait a 429 or 5xx answer asks for: Retry-After in seconds
// or as an HTTP date, else the rate-limit reset, else none.
func retryAfter(h http.Header, now time.Time) ask {
	if s := strings.TrimSpace(h.Get("Retry-After")); s != "" {
		if secs, err := strconv.ParseInt(s, 10, 64); err == nil && secs >= 0 {
			d := time.Duration(min(secs, maxAskSeconds)) * time.Second
			return ask{wait: d, until: now.Add(d), header: "Retry-After"}
		}
		if t, err := http.ParseTime(s); err == nil {
			return ask{wait: max(t.Sub(now), 0), until: t, header: "Retry-After"}
		}
	}
	if rem, ok := headerInt(h, "X-Ratelimit-Remaining"); ok && rem <= 0 {
		if t := resetTime(h, now); !t.IsZero() {
			return ask{wait: max(t.Sub(now), 0), until: t, header: "x-ratelimit-reset"}
		}
	}
	return ask{}
}
