package api_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
)

// A wait's reason says why, never how long: the status line counts the
// wait down in front of it, and a "25s" in the reason stayed put while the
// count went 24s, 23s...
func TestWaitReasonsSayWhyNotHowLong(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	n := 0
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		n++
		switch n {
		case 1: // a page that spends the budget: the next request waits for the reset
			w.Header().Set("X-Ratelimit-Limit", "60")
			w.Header().Set("X-Ratelimit-Remaining", "0")
			w.Header().Set("X-Ratelimit-Reset", strconv.FormatInt(time.Now().Add(25*time.Second).Unix(), 10))
		case 2: // a retry the server asks to wait for
			w.Header().Set("Retry-After", "6")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(`[{"id":1}]`))
	})
	var waits []api.Wait
	c := hostileClient(t, srv.URL, api.Config{Retry: api.RetryPolicy{MaxAttempts: 3, Budget: time.Minute},
		OnWait: func(w api.Wait) { waits = append(waits, w) }})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for page := 1; page <= 2; page++ {
		if _, err := c.Page(ctx, api.Query{Page: page}); err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
	}
	if len(waits) != 2 {
		t.Fatalf("announced %d waits, want the reset's and the retry's: %+v", len(waits), waits)
	}
	for _, w := range waits {
		if w.Reason == "" || strings.Contains(w.Reason, w.Duration.Round(time.Second).String()) {
			t.Errorf("the reason %q says how long (%s)", w.Reason, w.Duration.Round(time.Second))
		}
	}
}
