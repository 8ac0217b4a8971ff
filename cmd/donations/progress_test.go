package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/dataset"
)

func TestSyncProgressLine(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		p    dataset.Progress
		want []string
	}{
		{dataset.Progress{Page: 3, Requests: 3, New: 300, Elapsed: 2 * time.Second},
			[]string{"syncing: page 3 · 300 new, 0 updated (150/s) · 3 requests · 2s"}},
		{dataset.Progress{Page: 50, Pages: 200, Requests: 52, New: 5000, Updated: 3, Elapsed: 10 * time.Second},
			[]string{"[#####---------------] 50 of 200 pages (page 50) · about 30s left · 5000 new, 3 updated (500/s)", "52 requests"}},
		// A first sync reads newest first: the bar counts pages read, not the page's number.
		{dataset.Progress{Page: 151, Done: 50, Total: 200, Requests: 60, New: 5000, Elapsed: 10 * time.Second},
			[]string{"[#####---------------] 50 of 200 pages (page 151)", "about 30s left"}},
		{dataset.Progress{Page: 60, Pages: 100, Requests: 60, Elapsed: time.Minute, Budgeted: true,
			Budget: api.Budget{Limit: 60, Remaining: 0, Reset: now.Add(42 * time.Second)}},
			[]string{"budget 0 of 60, resets in 42s", "about 40s left"}},
		{dataset.Progress{Page: 1, Pages: 1, Budgeted: true, Budget: api.Budget{Limit: 60, Remaining: 59}},
			[]string{"[####################] 1 of 1 pages", "budget 59 of 60 ·"}},
		// The pair the browser's header and partial note show.
		{dataset.Progress{Page: 19, Done: 19, Total: 200, Held: 1900, About: 20000, New: 1900},
			[]string{"19 of 200 pages (page 19) · 1,900 of ≈20,000 held · 1900 new"}},
		// Every page stored, the store's end under way: said, with no time left.
		{dataset.Progress{Page: 1, Done: 200, Total: 200, Held: 20000, About: 20000, New: 20000, Elapsed: 9 * time.Second, Ending: true},
			[]string{"syncing [####################] 200 of 200 pages · indexing and adding up… · 20,000 of ≈20,000 held"}},
		// Under a second left is not worth a number.
		{dataset.Progress{Page: 199, Done: 199, Total: 200, Elapsed: 10 * time.Second}, []string{"199 of 200 pages (page 199) · 0 new"}},
	} {
		got := progressLine(tc.p, now)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("progress line %q lacks %q", got, w)
			}
		}
	}
}

// On a terminal a sync has one line: a wait is shown in it, not over it,
// and a --verbose line clears it, goes above, and the line is drawn again.
func TestSyncStatusLine(t *testing.T) {
	t.Parallel()
	f, err := os.CreateTemp(t.TempDir(), "tty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := &statusLine{f: f, width: 200}
	s.progress(dataset.Progress{Page: 20, Done: 1, Total: 40, New: 100})
	s.waiting(api.Wait{Page: 21, Reason: "rate limit reached", Until: time.Now().Add(time.Minute)})
	s.above(func(w io.Writer) { fmt.Fprintln(w, "GET /donations?page=21 -> 429") })
	s.done()
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	lines := strings.Split(out, "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "\r\x1b[KGET /donations?page=21 -> 429") {
		t.Fatalf("the verbose line is not written on a cleared line of its own: %q", out)
	}
	if !strings.Contains(out, "\r\x1b[Kwaiting 1m0s: rate limit reached · syncing [") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the wait is not part of the redrawn line, or the line is left at the end: %q", out)
	}
	if strings.Count(lines[1], "waiting") != 1 {
		t.Errorf("the line is not drawn again after the verbose line: %q", lines[1])
	}
}
