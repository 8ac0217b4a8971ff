package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// patientRetry rides out random faults: at 20% a page fails ten times in a
// row about once in ten million.
var patientRetry = api.RetryPolicy{MaxAttempts: 10, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond, Budget: 30 * time.Second}

// Every fault the demo can inject: the walk must deliver every donation
// exactly once, in order. The counts are of pages of 100; the race pass
// (-short) asks for pages of 10 (perPage) over as many pages: the faults
// fall on requests, as many either way, whatever the pages hold.
func TestFaultsLoseNothing(t *testing.T) {
	t.Parallel()
	per := perPage()
	cases := []struct {
		name string
		opts demo.Options
	}{
		{"latency with jitter", demo.Options{Count: 450, Latency: 2 * time.Millisecond, Jitter: 5 * time.Millisecond}},
		{"a burst of 5xx", demo.Options{Count: 450, Script: []int{0, 500, 502, 503, 500, 0, 503}}},
		{"random 5xx", demo.Options{Count: 450, ErrorRate: 0.2}},
		{"random 5xx as HTML pages", demo.Options{Count: 450, ErrorRate: 0.2, HTMLErrors: true}},
		{"429 with Retry-After", demo.Options{Count: 250, Script: []int{0, 429}}},
		{"429 with neither Retry-After nor rate-limit headers", demo.Options{Count: 250, Script: []int{demo.FaultBare429, demo.FaultBare429}}},
		{"connection resets", demo.Options{Count: 450, Script: []int{demo.FaultReset, 0, demo.FaultReset}, ResetRate: 0.15}},
		{"connections dropped mid-body", demo.Options{Count: 450, Script: []int{demo.FaultCut}, CutRate: 0.15}},
		{"bodies cut off mid-JSON", demo.Options{Count: 450, Script: []int{demo.FaultTruncated}, MalformedRate: 0.15}},
		{"rows repeated across pages", demo.Options{Count: 450, RepeatRows: 7}},
		{"rows repeated, wrapped, drifting", demo.Options{Count: 450, RepeatRows: 3, Wrap: true, Drift: true}},
		{"hostile text", demo.Options{Count: 450, Hostile: true}},
		{"everything at once", demo.Options{Count: 900, ErrorRate: 0.05, ResetRate: 0.05, CutRate: 0.05, MalformedRate: 0.05,
			RepeatRows: 2, Wrap: true, Drift: true, Hostile: true, Latency: time.Millisecond, Jitter: 2 * time.Millisecond}},
	}
	widths := []int{1, 4}
	if testing.Short() {
		// The race pass (-short) meets each fault where pages are
		// fetched at once; one at a time is the first pass's.
		widths = widths[1:]
	}
	for _, tc := range cases {
		for _, n := range widths {
			t.Run(fmt.Sprintf("%s, %d at once", tc.name, n), func(t *testing.T) {
				opts := tc.opts
				opts.Count = onPages(opts.Count, per)
				h := newHarness(t, opts, api.Config{Retry: patientRetry})
				ids, _ := walkN(t, h.client, api.Query{PerPage: per}, api.OldestFirst, n)
				equalIDs(t, ids, h.server.Match(demo.Filter{}))
				retries := 0
				for _, x := range h.exchanges() {
					if x.Attempt > 1 {
						retries++
					}
				}
				t.Logf("%d requests, %d of them retries", len(h.exchanges()), retries)
			})
		}
	}
}

func TestRateLimitResetAloneIsWaitedFor(t *testing.T) {
	t.Parallel()
	// Another client has spent this address's budget: the first answer is a
	// 429 with only x-ratelimit-reset, which the client waits for, once.
	h := newHarness(t, demo.Options{Count: 300, RateLimit: 3, RateWindow: time.Second, NoRetryAfter: true}, api.Config{})
	for range 3 {
		req, _ := http.NewRequest("GET", h.http.URL+"/api/v1/donations", nil)
		req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	ids, _ := walk(t, h.client, api.Query{}, api.OldestFirst)
	equalIDs(t, ids, h.server.Match(demo.Filter{}))
	if n := h.statuses()[429]; n > 1 {
		t.Errorf("refused %d times; after the first 429 the reset header should pace the client", n)
	}
}

func TestFaultsThatMustStopWithATypedError(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		script   []int
		want     *api.Error
		requests int
		says     string
	}{
		{"HTML page with status 200", []int{demo.FaultHTML200}, api.ErrDecode, 1, "Please sign in"},
		{"400", []int{400}, api.ErrHTTP, 1, "Bad Request"},
		{"401", []int{401}, api.ErrAuth, 1, "Unauthorized"},
		{"403", []int{403}, api.ErrForbidden, 1, "firewall"},
		{"404", []int{404}, api.ErrNotFound, 1, "base URL"},
		{"410", []int{410}, api.ErrHTTP, 1, "Gone"},
		{"resets past the retry budget", []int{demo.FaultReset, demo.FaultReset, demo.FaultReset}, api.ErrNetwork, 3, "page 1 after 3 attempts"},
		{"5xx past the retry budget", []int{500, 502, 503}, api.ErrServer, 3, "after 3 attempts"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: 10, Script: tc.script},
				api.Config{Retry: api.RetryPolicy{MaxAttempts: 3, BaseDelay: time.Millisecond}})
			_, err := h.client.Page(context.Background(), api.Query{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want kind %v", err, tc.want.Kind)
			}
			if !strings.Contains(shown(t, err), tc.says) {
				t.Errorf("%q does not say %q", err, tc.says)
			}
			if n := h.server.Requests(); n != tc.requests {
				t.Errorf("sent %d requests, want %d", n, tc.requests)
			}
		})
	}
}

// Every wait can be cancelled: a Retry-After and a rate-limit reset alike.
// The waits are real, on the wall clock, as the program's are.
func TestWaitsStopWhenCancelled(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		opts demo.Options
		warm int // requests to make first, so the client knows the budget is spent
	}{
		{"waiting out Retry-After", demo.Options{Count: 10, Script: []int{429}}, 0},
		{"waiting for the rate-limit reset", demo.Options{Count: 10, RateLimit: 1, RateWindow: 2 * time.Second}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.opts, api.Config{Clock: api.WallClock})
			for range tc.warm {
				if _, err := h.client.Page(context.Background(), api.Query{}); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, err := h.client.Page(ctx, api.Query{})
			// Had the wait ignored the context, the request would have succeeded
			// after the server's delay.
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err = %v, want the context's deadline", err)
			}
		})
	}
}

func TestConcurrentWalkFallsBackAfter429AndIsPacedByHeaders(t *testing.T) {
	t.Parallel()
	// A budget of 12 requests a second for 30 pages, 4 at once: the headers
	// pace the walk, and a 429 (forced here by another client spending the
	// budget) drops it to one request at a time.
	h := newHarness(t, demo.Options{Count: 3000, RateLimit: 12, RateWindow: time.Second, NoRetryAfter: true}, api.Config{})
	ids, _ := walkN(t, h.client, api.Query{}, api.OldestFirst, 4)
	equalIDs(t, ids, h.server.Match(demo.Filter{}))
	if n := h.statuses()[429]; n > 1 {
		t.Errorf("refused %d times; the headers should pace four requests at once", n)
	}
}
