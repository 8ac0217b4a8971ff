package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api/demo"
)

// A kind's read that the server fails is worded as a read of the
// donations is, its hint too, and exits 1: with no set held nothing is
// listed; with one held it is written, and the error says what it is.
// A kind's walk that cannot read the list whole fails the same way. The
// key is never shown.
func TestPlansTheServerFailsSayWhy(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts demo.Options
		says []string
	}{
		{"401", demo.Options{KindStatus: http.StatusUnauthorized},
			[]string{"the plans could not be read whole, so none are listed: plans: authentication failed (HTTP 401) on page 1", "The usual causes"}},
		{"403", demo.Options{KindStatus: http.StatusForbidden},
			[]string{"plans: access forbidden (HTTP 403) on page 1", "a firewall or proxy"}},
		{"order turned after page 1", demo.Options{NewestUntil: 1},
			[]string{"the plans could not be read whole", "page 2 of plans lists ids rising where page 1 lists them falling"}},
		{"page 1 in one order, the others in the other", demo.Options{NewestPageOne: true},
			[]string{"the plans could not be read whole", "page 2 of plans lists ids falling where page 1 lists them rising"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Count, tc.opts.Shape = 1500, demo.ShapeDonorbox
			_, env, account := shapedAccount(t, tc.opts)
			r := runCmd(t, env, append([]string{"plans", "--format", "ndjson"}, account...)...)
			if r.code != exitAPI || r.stdout != "" || strings.Contains(r.stderr+r.stdout, demo.DefaultKey) {
				t.Errorf("exit %d, stdout %d bytes: want exit 1, nothing listed, no key; %q", r.code, len(r.stdout), r.stderr)
			}
			for _, s := range tc.says {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr does not say %q: %q", s, r.stderr)
				}
			}
		})
	}
}

// switched is a server that answers as the demo server cur holds: one
// that starts refusing what it served before.
func switched(t *testing.T, cur *atomic.Pointer[demo.Server]) string {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { cur.Load().ServeHTTP(w, r) }))
	t.Cleanup(hs.Close)
	return hs.URL
}

// A sync whose donations are read but whose kinds the server refuses (a
// key allowed to read donations only) keeps the donations, warns of each
// kind, gives the hint once and exits 1; plans then written from the set
// a sync held exit 1 too, saying why.
func TestSyncOfKindsTheServerRefuses(t *testing.T) {
	opts := demo.Options{Count: 600, Shape: demo.ShapeDonorbox}
	var cur atomic.Pointer[demo.Server]
	cur.Store(demo.New(opts))
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	account := []string{"--base-url", switched(t, &cur), "--username", demo.DefaultLogin}
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("the first sync: exit %d, %q", r.code, r.stderr)
	}
	opts.KindStatus = http.StatusUnauthorized
	cur.Store(demo.New(opts))
	r := runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != exitAPI || !strings.Contains(r.stdout, "synced: ") || strings.Count(r.stderr, "The usual causes") != 1 {
		t.Errorf("sync with the kinds refused: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "warning: plans: authentication failed (HTTP 401) on page 1") ||
		!strings.Contains(r.stderr, "the store keeps the plans it had") {
		t.Errorf("sync does not say what became of the plans: %q", r.stderr)
	}
	r = runCmd(t, env, append([]string{"plans", "--format", "ndjson"}, account...)...)
	if r.code != exitAPI || len(lines(r.stdout)) == 0 || !strings.Contains(r.stderr, "the store keeps the plans it had: the ") ||
		!strings.Contains(r.stderr, "The usual causes") || strings.Contains(r.stderr+r.stdout, demo.DefaultKey) {
		t.Errorf("plans with a set held, refused: exit %d, %d plans, %q", r.code, len(lines(r.stdout)), r.stderr)
	}
}
