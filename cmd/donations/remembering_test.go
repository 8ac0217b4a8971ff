package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// requestLines are the requests --verbose told, in order.
func requestLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "GET ") {
			out = append(out, l)
		}
	}
	return out
}

// What list or summary --dates learned of a server of the platform's shape
// (dates only, 400 to date-times; newest first unless order=asc) is kept
// per account: the next process's first request is the range itself, in
// the form and order that worked, and it asks for nothing unfiltered.
func TestDateFormIsRememberedAcrossProcesses(t *testing.T) {
	t.Parallel()
	dates := []string{"--since", "2026-10-01", "--until", "2026-10-31", "--verbose"}
	for _, cmd := range [][]string{
		{"list", "--format", "ndjson"},
		{"summary", "--by", "status", "--format", "json"},
	} {
		t.Run(cmd[0], func(t *testing.T) {
			// A month of 600 gifts is a few pages of the unfiltered walk
			// the first process makes: enough that asking for the range
			// alone sends fewer.
			hs := httptest.NewServer(demo.New(apitest.Shapes[1].Of(demo.Options{Count: 600})))
			t.Cleanup(hs.Close)
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
			run := func() []string {
				t.Helper()
				r := runCmd(t, env, append(append(cmd, dates...), "--base-url", hs.URL, "--username", demo.DefaultLogin)...)
				if r.code != 0 {
					t.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				return requestLines(r.stderr)
			}
			first, second := run(), run()
			if len(first) == 0 || len(second) == 0 {
				t.Fatalf("no request told: %q, %q", first, second)
			}
			for _, l := range second {
				if !strings.Contains(l, "date_from=2026-") || !strings.Contains(l, "order=asc") || !strings.Contains(l, "-> 200") {
					t.Errorf("the second process asked for more than the range, in the form learned:\n%s", strings.Join(second, "\n"))
					break
				}
			}
			if len(second) >= len(first) {
				t.Errorf("the second process sent %d requests, the first %d: nothing was remembered", len(second), len(first))
			}
		})
	}
}
