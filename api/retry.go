package api

import (
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
	if spent+d > p.Budget {
		return 0, false
	}
	return d, true
}

func headerInt(h http.Header, key string) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimSpace(h.Get(key)), 10, 64)
	return v, err == nil
}

// resetTime reads x-ratelimit-reset: usually a Unix time, but some servers send
// seconds to wait; a value too small to be a recent Unix time is taken as that.
func resetTime(h http.Header, now time.Time) time.Time {
	v, ok := headerInt(h, "X-Ratelimit-Reset")
	if !ok || v < 0 {
		return time.Time{}
	}
	if v < 1e9 {
		return now.Add(time.Duration(v) * time.Second)
	}
	// The header has whole seconds; the window ends somewhere in that second.
	return time.Unix(v, 0).Add(200 * time.Millisecond)
}

// retryAfter is how long a 429 or 5xx answer asks us to wait: Retry-After in
// seconds or as an HTTP date, else the rate-limit reset, else zero.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if s := strings.TrimSpace(h.Get("Retry-After")); s != "" {
		if secs, err := strconv.Atoi(s); err == nil && secs >= 0 {
			return time.Duration(secs) * time.Second
		}
		if t, err := http.ParseTime(s); err == nil {
			return max(t.Sub(now), 0)
		}
	}
	if rem, ok := headerInt(h, "X-Ratelimit-Remaining"); ok && rem <= 0 {
		if t := resetTime(h, now); !t.IsZero() {
			return max(t.Sub(now), 0)
		}
	}
	return 0
}
