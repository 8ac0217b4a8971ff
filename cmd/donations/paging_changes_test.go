package main

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// A server whose paging changes under a walk, through the commands a
// script runs: every gift listed once, or a list that says it is partial
// and fails; a store that is called the whole account only where it holds
// every gift; the newest three offline; a full sync that ends. Each hostile
// server has an honest twin that must pass it all, whole.
func TestCommandsOverPagingThatChangesUnderAWalk(t *testing.T) {
	t.Parallel()
	// 600 gifts are six pages of 100 and 24 of 25: pages enough for every
	// change of order and size, and more pages are more of the same
	// changes; the race pass (-short) keeps three of 100 with 300.
	count := apitest.Sized(600, 300)
	for _, tc := range []struct {
		name string
		opts demo.Options
		// then, where set, is the server after the first sync (an upgrade
		// of the same account), with 30 gifts more.
		then *demo.Options
		// whole: every gift can be read; else each command must say it
		// could not.
		whole bool
		// walkedBy, where set, is a case whose commands take this one's
		// concurrent path (the same read-ahead, writer and events, the
		// same commands) over pages that change otherwise: the race pass
		// (-short), which needs each concurrent path run once, leaves this
		// case to the first pass. It keeps the walk whose server changes
		// after the first sync (a sync over a held store, its walk back)
		// and the one that must fail (read-ahead stopped with pages out).
		walkedBy string
	}{
		{"honest, 100 a page", demo.Options{}, nil, true, "page 1 newest first, later pages oldest first"},
		{"50 then 25 a page", demo.Options{PageSizes: []int{50, 25}}, nil, true, "page 1 newest first, later pages oldest first"},
		{"25 then 50 a page", demo.Options{PageSizes: []int{25, 50}}, nil, true, "page 1 newest first, later pages oldest first"},
		{"honest, newest first, still so after the first sync", demo.Options{NewestOnly: true},
			&demo.Options{NewestOnly: true}, true, "newest first, oldest first after the first sync"},
		{"newest first, oldest first after the first sync", demo.Options{NewestOnly: true},
			&demo.Options{OrderDesc: true}, true, ""},
		{"honest, newest first unless asked", demo.Options{Shape: demo.ShapeDonorbox}, nil, true, "page 1 newest first, later pages oldest first"},
		{"order=asc honoured on page 1 only", demo.Options{Shape: demo.ShapeDonorbox, AscPageOne: true}, nil, true, "page 1 newest first, later pages oldest first"},
		{"page 1 newest first, later pages oldest first", demo.Options{NewestPageOne: true}, nil, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.walkedBy != "" && testing.Short() {
				t.Skip("the race pass runs this case's concurrent path in " + tc.walkedBy)
			}
			t.Parallel()
			tc.opts.Count = count
			var cur atomic.Pointer[demo.Server]
			cur.Store(demo.New(tc.opts))
			hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { cur.Load().ServeHTTP(w, r) }))
			t.Cleanup(hs.Close)
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
			account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
			cmd := func(args ...string) result { return runCmd(t, env, append(args, account...)...) }

			if tc.then != nil {
				if r := cmd("sync"); r.code != 0 {
					t.Fatalf("the first sync, before the server changed: exit %d\n%s", r.code, r.stderr)
				}
				then := *tc.then
				then.Count = count
				srv := demo.New(then)
				srv.Add(30)
				cur.Store(srv)
			}
			srv := cur.Load()
			all := srv.Match(demo.Filter{})
			slices.Sort(all)

			r := cmd("list", "--no-cache", "--format", "ndjson")
			listed := sortedIDs(t, r.stdout)
			switch {
			case len(slices.Compact(slices.Clone(listed))) != len(listed):
				t.Errorf("list --no-cache wrote a gift twice: exit %d, %d written", r.code, len(listed))
			case r.code == 0 && !slices.Equal(listed, all):
				t.Errorf("list --no-cache: exit 0 with %d of %d\n%s", len(listed), len(all), r.stderr)
			case r.code != 0 && (tc.whole || r.code != exitAPI || !strings.Contains(r.stderr, "the list is partial")):
				t.Errorf("list --no-cache: exit %d with %d of %d\n%s", r.code, len(listed), len(all), r.stderr)
			}

			r = cmd("sync")
			if tc.whole && r.code != 0 {
				t.Errorf("sync: exit %d\n%s", r.code, r.stderr)
			}
			info := cmd("cache", "info").stdout
			held := sortedIDs(t, cmd("list", "--offline", "--format", "ndjson").stdout)
			calledWhole := strings.Contains(info, "the whole account")
			if calledWhole && !slices.Equal(held, all) || tc.whole && !calledWhole {
				t.Errorf("after sync: %d of %d held, and cache info says:\n%s", len(held), len(all), info)
			}

			r = cmd("list", "--offline", "--newest", "3", "--format", "ndjson")
			if got, want := ndjsonIDs(t, r.stdout), []int64{all[len(all)-1], all[len(all)-2], all[len(all)-3]}; !slices.Equal(got, want) {
				t.Errorf("list --offline --newest 3: exit %d, %v, want %v\n%s", r.code, got, want, r.stderr)
			}

			// A full sync reads each page a bounded number of times: one
			// that loops is stopped by runCmd's deadline, its requests past
			// any bound.
			before := srv.Requests()
			r = cmd("sync", "--full")
			if n, pages := srv.Requests()-before, len(all)/25+1; n > 4*pages || tc.whole && r.code != 0 {
				t.Errorf("sync --full: exit %d after %d requests over at most %d pages\n%s", r.code, n, pages, r.stderr)
			}
			if tc.whole && !strings.Contains(cmd("cache", "info").stdout, "the whole account") {
				t.Errorf("after sync --full, cache info does not call the store whole")
			}
		})
	}
}

// A server that ignores `page` shows its first page only: list writes it
// and fails, saying the list is partial; its honest twin is listed whole.
func TestListOverAServerThatIgnoresPageSaysItIsPartial(t *testing.T) {
	t.Parallel()
	// Ten pages, or three in the race pass (-short): the first page of 100
	// is then as much less than the whole, read through the same goroutines.
	count := apitest.Sized(1000, 300)
	for _, ignores := range []bool{false, true} {
		srv := demo.New(demo.Options{Count: count, IgnorePage: ignores})
		hs := httptest.NewServer(srv)
		t.Cleanup(hs.Close)
		env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
		r := runCmd(t, env, "list", "--no-cache", "--format", "ndjson", "--base-url", hs.URL, "--username", demo.DefaultLogin)
		got, want, code := sortedIDs(t, r.stdout), srv.Match(demo.Filter{}), 0
		if ignores {
			want, code = want[:100], exitAPI
		}
		if r.code != code || strings.Contains(r.stderr, "the list is partial") != ignores || !slices.Equal(got, want) {
			t.Errorf("ignores page %v: exit %d, %d written\n%s", ignores, r.code, len(got), r.stderr)
		}
	}
}
