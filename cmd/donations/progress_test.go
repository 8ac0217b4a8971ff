package main

import (
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/store"
)

func TestSyncProgressLine(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		p    store.Progress
		want []string
	}{
		{store.Progress{Page: 3, Requests: 3, New: 300, Elapsed: 2 * time.Second},
			[]string{"syncing: page 3 · 300 new, 0 updated · 3 requests · 2s"}},
		{store.Progress{Page: 50, Pages: 200, Requests: 52, New: 5000, Updated: 3, Elapsed: 10 * time.Second},
			[]string{"[#####---------------] page 50 of 200", "5000 new, 3 updated", "52 requests", "about 30s left"}},
		{store.Progress{Page: 60, Pages: 100, Requests: 60, Elapsed: time.Minute, Budgeted: true,
			Budget: api.Budget{Limit: 60, Remaining: 0, Reset: now.Add(42 * time.Second)}},
			[]string{"budget 0 of 60, resets in 42s", "about 40s left"}},
		{store.Progress{Page: 1, Pages: 1, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 59}},
			[]string{"[####################] page 1 of 1", "budget 59 of 60 ·"}},
	} {
		got := progressLine(tc.p, now)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("progress line %q lacks %q", got, w)
			}
		}
	}
}
