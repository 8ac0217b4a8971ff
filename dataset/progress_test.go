package dataset_test

import (
	"testing"
	"time"

	"donations/api"
	"donations/dataset"
)

func TestProgressReadAndTimeLeft(t *testing.T) {
	for _, c := range []struct {
		name        string
		p           dataset.Progress
		done, total int
		left        time.Duration
	}{
		{"the sync's own count wins", dataset.Progress{Page: 151, Pages: 400, Done: 50, Total: 200, Elapsed: 10 * time.Second}, 50, 200, 30 * time.Second},
		{"else the server's page count", dataset.Progress{Page: 50, Pages: 200, Elapsed: 10 * time.Second}, 50, 200, 30 * time.Second},
		{"no count: nothing left is known", dataset.Progress{Page: 3, Elapsed: 2 * time.Second}, 3, 0, 0},
		{"nothing stored yet", dataset.Progress{Total: 10, Elapsed: time.Second}, 0, 10, 0},
		{"all read", dataset.Progress{Done: 10, Total: 10, Elapsed: time.Second}, 10, 10, 0},
		{"the last pages' pace wins", dataset.Progress{Done: 50, Total: 200, Elapsed: 10 * time.Second, PagePace: time.Second}, 50, 200, 150 * time.Second},
		// Under a budget of 60 requests a minute the last half minute holds
		// the first pages of a burst after a minute's wait: 59 s a page, where
		// the sync goes at one a second.
		{"a budget that runs out before the end: the pace since the start", dataset.Progress{Done: 50, Total: 200, Elapsed: 10 * time.Second,
			PagePace: 59 * time.Second, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 10}}, 50, 200, 30 * time.Second},
		// A sync that goes on from the store's end at page 501 has read 10
		// pages in 10 s, not 510: 90 left take 90 s, not 1.8.
		{"a budget that runs out, a walk from page 501: the pace of the pages read", dataset.Progress{Page: 510, Pages: 600, Done: 10, Elapsed: 10 * time.Second,
			PagePace: 59 * time.Second, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 10}}, 510, 600, 90 * time.Second},
		{"a budget that lasts to the end: the last pages' pace", dataset.Progress{Done: 50, Total: 200, Elapsed: 10 * time.Second,
			PagePace: time.Second, Budgeted: true, Budget: api.Budget{Limit: 600, Remaining: 400}}, 50, 200, 150 * time.Second},
		{"none left while the store's end runs", dataset.Progress{Done: 50, Total: 200, Elapsed: 10 * time.Second, Ending: true}, 50, 200, 0},
	} {
		done, total := c.p.Read()
		if done != c.done || total != c.total || c.p.Left() != c.left {
			t.Errorf("%s: %d of %d pages, %v left; want %d of %d, %v", c.name, done, total, c.p.Left(), c.done, c.total, c.left)
		}
	}
}
