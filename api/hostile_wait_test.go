package api_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
)

// A server may ask for any wait at all. The client waits what fits in its
// retry budget and gives up at once, saying why, on anything longer.
func TestWaitsPastTheBudgetGiveUpAtOnce(t *testing.T) {
	t.Parallel()
	year3000 := time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name     string
		headers  func() http.Header
		status   int
		says     string
		requests int64
	}{
		{"Retry-After as a date in the year 3000", func() http.Header {
			return http.Header{"Retry-After": {year3000.Format(http.TimeFormat)}}
		}, 429, "the server asks to wait until 3000-01-01 00:00 UTC (Retry-After); giving up", 1},
		{"Retry-After: 999999 on a 503", func() http.Header {
			return http.Header{"Retry-After": {"999999"}}
		}, 503, "the server asks to wait until", 1},
		{"Retry-After past Go's largest duration", func() http.Header {
			return http.Header{"Retry-After": {"99999999999999999"}}
		}, 429, "(Retry-After); giving up", 1},
		{"x-ratelimit-reset in epoch milliseconds, a day away", func() http.Header {
			return http.Header{"X-Ratelimit-Remaining": {"0"},
				"X-Ratelimit-Reset": {strconv.FormatInt(time.Now().Add(24*time.Hour).UnixMilli(), 10)}}
		}, 429, "(x-ratelimit-reset); giving up", 1},
		{"a 200 spending the budget until the year 3000", func() http.Header {
			return http.Header{"X-Ratelimit-Limit": {"60"}, "X-Ratelimit-Remaining": {"0"},
				"X-Ratelimit-Reset": {strconv.FormatInt(year3000.Unix(), 10)}}
		}, 200, "until 3000-01-01 00:00 UTC (x-ratelimit-remaining: 0 and x-ratelimit-reset); giving up", 1},
		{"a 200 whose reset is past the budget", func() http.Header {
			return http.Header{"X-Ratelimit-Limit": {"60"}, "X-Ratelimit-Remaining": {"0"},
				"X-Ratelimit-Reset": {strconv.FormatInt(time.Now().Add(10*time.Minute).Unix(), 10)}}
		}, 200, "(x-ratelimit-remaining: 0 and x-ratelimit-reset); giving up", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, n := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tc.headers() {
					w.Header()[k] = v
				}
				w.WriteHeader(tc.status)
				w.Write([]byte(`[{"id":1}]`))
			})
			var waits []api.Wait
			c := hostileClient(t, srv.URL, api.Config{Retry: api.RetryPolicy{MaxAttempts: 6, Budget: 2 * time.Minute},
				OnWait: func(w api.Wait) { waits = append(waits, w) }})
			_, err := firstPage(t, c)
			if tc.status == 200 {
				// The first page arrives; the budget it reports stops the second.
				if err != nil {
					t.Fatal(err)
				}
				_, err = c.Page(context.Background(), api.Query{Page: 2})
			}
			if !errors.Is(err, api.ErrRateLimited) && !errors.Is(err, api.ErrServer) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v\nwant it to say %q", err, tc.says)
			}
			if !strings.Contains(err.Error(), "waiting for one page may take at most 2m0s") {
				t.Errorf("the error does not state the limit: %v", err)
			}
			if n.Load() != tc.requests {
				t.Errorf("%d requests, want %d", n.Load(), tc.requests)
			}
			var e *api.Error
			if errors.As(err, &e) && strings.Contains(e.Hint(), "h47m") {
				t.Errorf("the hint shows a saturated duration: %s", e.Hint())
			}
			if len(waits) != 0 {
				t.Errorf("announced waits it did not make: %+v", waits)
			}
		})
	}
}

// A reset in epoch milliseconds a moment away is a wait like any other.
func TestResetInMillisecondsIsWaitedFor(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	first := true
	srv, n := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if first {
			first = false
			w.Header().Set("X-Ratelimit-Remaining", "0")
			w.Header().Set("X-Ratelimit-Reset", strconv.FormatInt(time.Now().Add(300*time.Millisecond).UnixMilli(), 10))
			w.WriteHeader(429)
			return
		}
		w.Write([]byte(`[{"id":1}]`))
	})
	pg, err := firstPage(t, hostileClient(t, srv.URL, api.Config{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Donations) != 1 || n.Load() != 2 {
		t.Errorf("%d donations after %d requests", len(pg.Donations), n.Load())
	}
}

// A wait longer than LongWait is announced as it starts, with what a person
// needs to understand it.
func TestLongWaitsAreAnnounced(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	first := true
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if first {
			first = false
			w.Header().Set("Retry-After", "6")
			w.WriteHeader(429)
			return
		}
		w.Write([]byte(`[{"id":1}]`))
	})
	var waits []api.Wait
	c := hostileClient(t, srv.URL, api.Config{Retry: api.RetryPolicy{MaxAttempts: 3, Budget: time.Minute},
		OnWait: func(w api.Wait) { waits = append(waits, w) }})
	if _, err := firstPage(t, c); err != nil {
		t.Fatal(err)
	}
	if len(waits) != 1 {
		t.Fatalf("announced %d waits, want 1", len(waits))
	}
	w := waits[0]
	if w.Page != 1 || w.Attempt != 2 || w.Duration < 6*time.Second || w.Until.IsZero() ||
		w.Reason != "rate limited (HTTP 429), a wait the server asked for (Retry-After)" {
		t.Errorf("wait = %+v", w)
	}
}
