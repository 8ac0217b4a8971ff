package api_test

import (
	"strings"
	"sync"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// A retried page says what failed, the read error under the status: a 200
// whose body was cut off is retried for that, not for "HTTP 200".
func TestRetryWaitsSayTheirCause(t *testing.T) {
	for _, tc := range []struct {
		fault int
		want  []string
	}{
		{demo.FaultTruncated, []string{"HTTP 200, the body cut off: unexpected end of JSON input"}},
		{demo.FaultCut, []string{"HTTP 200", "unexpected EOF"}},
		{503, []string{"HTTP 503"}},
		{demo.FaultReset, []string{"no answer: "}},
	} {
		var mu sync.Mutex
		var waits []api.Wait
		h := newHarness(t, demo.Options{Count: 50, Script: []int{tc.fault}}, api.Config{AllWaits: true,
			OnWait: func(w api.Wait) { mu.Lock(); waits = append(waits, w); mu.Unlock() }})
		walk(t, h.client, api.Query{}, api.OldestFirst)
		if len(waits) != 1 {
			t.Fatalf("fault %d: %d waits, want 1", tc.fault, len(waits))
		}
		for _, w := range tc.want {
			if !strings.Contains(waits[0].Cause, w) {
				t.Errorf("fault %d: cause %q lacks %q", tc.fault, waits[0].Cause, w)
			}
		}
	}
}
