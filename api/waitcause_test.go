package api_test

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// A retried page says what failed, the read error under the status: a 200
// whose body was cut off is retried for that, not for "HTTP 200".
func TestRetryWaitsSayTheirCause(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		fault int
		want  string
	}{
		{demo.FaultTruncated, "HTTP 200 cut body (truncated JSON at byte "},
		{demo.FaultCut, "HTTP 200 cut body (connection closed at byte "},
		{503, "HTTP 503"},
		{demo.FaultReset, "no answer: "},
	} {
		var mu sync.Mutex
		var waits []api.Wait
		h := newHarness(t, demo.Options{Count: 50, Script: []int{tc.fault}}, api.Config{AllWaits: true,
			OnWait: func(w api.Wait) { mu.Lock(); waits = append(waits, w); mu.Unlock() }})
		walk(t, h.client, api.Query{}, api.OldestFirst)
		if len(waits) != 1 {
			t.Fatalf("fault %d: %d waits, want 1", tc.fault, len(waits))
		}
		if !strings.HasPrefix(waits[0].Cause, tc.want) {
			t.Errorf("fault %d: cause %q, want it to start %q", tc.fault, waits[0].Cause, tc.want)
		}
	}
}

// Each attempt that brought no page is told with why and the wait before
// the next: a 200 whose JSON was cut is not told as a success.
func TestExchangesSayWhyEachAttemptWasRetried(t *testing.T) {
	t.Parallel()
	backOff := `retry 1 of 5 in [0-9.]+m?s$`
	for _, tc := range []struct {
		name  string
		opts  demo.Options
		cfg   api.Config
		first string // what the first exchange says, a regexp
	}{
		{"JSON cut in a whole answer", demo.Options{Script: []int{demo.FaultTruncated}}, api.Config{},
			`^200 cut body \(truncated JSON at byte \d+\) · ` + backOff},
		{"connection closed mid-body", demo.Options{Script: []int{demo.FaultCut}}, api.Config{},
			`^200 cut body \(connection closed at byte \d+ of \d+\) · ` + backOff},
		{"503", demo.Options{Script: []int{503}}, api.Config{}, `^503 · ` + backOff},
		{"429 with Retry-After", demo.Options{Script: []int{429}}, api.Config{},
			`^429 · retry 1 of 5 in 1s \(Retry-After\)$`},
		{"connection reset", demo.Options{Script: []int{demo.FaultReset}}, api.Config{},
			`^no answer: .*connection reset.* · ` + backOff},
		{"HTML instead of JSON, not retried", demo.Options{Script: []int{demo.FaultHTML200}},
			api.Config{}, `^200 unreadable body: [^·]+$`},
		{"timeout, then no attempt left", demo.Options{Latency: 30 * time.Second},
			api.Config{Timeout: 20 * time.Millisecond, Retry: api.RetryPolicy{MaxAttempts: 2, BaseDelay: time.Second}},
			`^timeout after 20ms \(no answer\) · retry 1 of 1 in [0-9.]+s$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Count = 50
			h := newHarness(t, tc.opts, tc.cfg)
			_, err := firstPage(t, h.client)
			xs := h.exchanges()
			if len(xs) != 2 && !(err != nil && len(xs) == 1) {
				t.Fatalf("%d exchanges, error %v", len(xs), err)
			}
			if got := xs[0].Outcome(); !regexp.MustCompile(tc.first).MatchString(got) {
				t.Errorf("the first attempt says %q, want %s", got, tc.first)
			}
			last := xs[len(xs)-1]
			if last.Retry != (api.Retry{}) {
				t.Errorf("the last attempt says a retry follows: %q", last.Outcome())
			}
			if err == nil && last.Outcome() != "200" {
				t.Errorf("the attempt that brought the page says %q", last.Outcome())
			}
		})
	}
}
