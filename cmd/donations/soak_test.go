package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"donations/api/demo"
)

// A whole-account export through a flaky and through a rate-limited server:
// `donations list` must write exactly the 20,000 donations, once each, in order.
func TestSoakExportLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("exports 20,000 donations twice")
	}
	t.Parallel()
	cases := []struct {
		name string
		opts demo.Options
	}{
		{"10% faults", demo.Options{Count: 20_000, ErrorRate: 0.04, ResetRate: 0.02, CutRate: 0.02, MalformedRate: 0.02, HTMLErrors: true}},
		{"rate limited to 120 requests a second", demo.Options{Count: 20_000, RateLimit: 120, RateWindow: time.Second}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			run, err := demo.Start(context.Background(), "", tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey},
				"list", "--base-url", run.URL, "--username", demo.DefaultLogin, "--format", "ndjson", "--verbose")
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, lastLines(r.stderr, 5))
			}
			got, want := ndjsonIDs(t, r.stdout), run.Match(demo.Filter{})
			if len(got) != len(want) {
				t.Fatalf("exported %d donations, want %d", len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("donation %d: id %d, want %d", i, got[i], want[i])
				}
			}
			requests := strings.Count(r.stderr, "GET ")
			retries := strings.Count(r.stderr, "(attempt ")
			refused := strings.Count(r.stderr, "-> 429")
			t.Logf("%d donations in %d requests: %d retries, %d refused with 429", len(got), requests, retries, refused)
			if tc.opts.RateLimit > 0 && refused > 0 {
				t.Errorf("the rate-limit headers should have paced the export; it was refused %d times", refused)
			}
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
