package uictx

import (
	"testing"
	"time"

	"donations/api"
)

// A wait's line says how long as well as why: a rate-limit wait's reason
// says only why (the command line counts the time down in front of it).
func TestWaitLineSaysHowLongAndWhy(t *testing.T) {
	for _, c := range []struct {
		name string
		w    api.Wait
		want string
	}{
		{"rate limit", api.Wait{Page: 14, Reason: "the server's request budget is spent until its reset (x-ratelimit-remaining: 0)", Duration: 25 * time.Second},
			"page 14: waiting 25.0 s: the server's request budget is spent until its reset (x-ratelimit-remaining: 0)"},
		{"retry", api.Wait{Page: 3, Attempt: 2, Attempts: 5, Status: 502, Duration: 1600 * time.Millisecond},
			"page 3: HTTP 502, retry 1 of 4 in 1.6 s"},
	} {
		if got := WaitLine(c.w); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
