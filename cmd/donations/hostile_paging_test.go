package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// summaryCount is the number of donations a JSON summary adds up.
func summaryCount(t *testing.T, out string) int {
	t.Helper()
	var groups []struct{ Count int }
	if err := json.Unmarshal([]byte(out), &groups); err != nil {
		t.Fatalf("not a JSON summary: %v\n%s", err, out)
	}
	n := 0
	for _, g := range groups {
		n += g.Count
	}
	return n
}

// A server that ignores `page` and sends a record whose id is not a number
// gets it printed once by list, and the walk ends after a few requests. A
// date range or a summary goes through a store, which holds no record
// without a usable id: none is counted there, and the walk ends as well.
func TestListEndsOnARepeatedPageOfRecordsWithoutIDs(t *testing.T) {
	t.Parallel()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) > 50 {
			w.WriteHeader(http.StatusBadRequest) // past any walk that ends: fail fast, not forever
			return
		}
		fmt.Fprint(w, `[{"id":"not-a-number","email":"a@example.org","status":"paid","donation_date":"2026-02-01T10:00:00.000Z"}]`)
	}))
	defer srv.Close()
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": "k"}
	account := []string{"--base-url", srv.URL, "--username", "u", "--no-cache"}
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"list", "--format", "ndjson"}, 1},
		{[]string{"list", "--newest", "5", "--format", "ndjson"}, 1},
		{[]string{"list", "--since", "2026-01-01", "--format", "ndjson"}, 0},
		{[]string{"summary", "--by", "status", "--format", "json"}, 0},
	}
	for _, tc := range cases {
		n.Store(0)
		args := tc.args
		r := runCmd(t, env, append(args, account...)...)
		lines := strings.Count(r.stdout, "\n")
		if args[0] == "summary" {
			lines = summaryCount(t, r.stdout)
		}
		if r.code != 0 || lines != tc.want || n.Load() > 10 {
			t.Errorf("%v: exit %d, %d records after %d requests\n%s", args, r.code, lines, n.Load(), r.stderr)
		}
	}
}

// Paging metadata at half the truth, or has_more false on full pages,
// stops neither list nor summary: both read the 300 gifts sync reads, six
// full pages of 50 (three by the half-truth).
func TestListAndSummaryReadPastLyingMetadata(t *testing.T) {
	t.Parallel()
	lies := map[string]func(m map[string]any){
		"half": func(m map[string]any) {
			m["total"], m["total_pages"] = m["total"].(float64)/2, m["total_pages"].(float64)/2
		},
		"has_more": func(m map[string]any) { m["has_more"] = false },
	}
	// Six pages of 50, of which the lies own to three; the race pass
	// (-short) reads past the same lies over four, of which they own to two.
	count := apitest.Sized(300, 200)
	for name, lie := range lies {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := demo.New(demo.Options{Count: count, Wrap: true})
			hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, r)
				var body map[string]any
				if json.Unmarshal(rec.Body.Bytes(), &body) != nil {
					w.WriteHeader(rec.Code)
					w.Write(rec.Body.Bytes())
					return
				}
				lie(body["meta"].(map[string]any))
				json.NewEncoder(w).Encode(body)
			}))
			defer hs.Close()
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
			account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin, "--no-cache"}
			r := runCmd(t, env, append([]string{"list", "--format", "ndjson", "--per-page", "50"}, account...)...)
			if got := len(ndjsonIDs(t, r.stdout)); r.code != 0 || got != count {
				t.Errorf("list: exit %d, %d of %d\n%s", r.code, got, count, r.stderr)
			}
			r = runCmd(t, env, append([]string{"summary", "--by", "status", "--all-statuses", "--since", "2000-01-01", "--format", "json"}, account...)...)
			if got := summaryCount(t, r.stdout); r.code != 0 || got != count {
				t.Errorf("summary: exit %d, %d of %d\n%s", r.code, got, count, r.stderr)
			}
		})
	}
}

// `list --id N` against a server that ignores id prints the one donation
// with that id, if the page read holds it, and says the server ignores the
// filter: never the whole account.
func TestListByIDWhereTheServerIgnoresIt(t *testing.T) {
	t.Parallel()
	srv := demo.New(demo.Options{Count: 300})
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		q.Del("id")
		r.URL.RawQuery = q.Encode()
		srv.ServeHTTP(w, r)
	}))
	defer hs.Close()
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin, "--no-cache"}
	id := srv.Match(demo.Filter{})[5]
	r := runCmd(t, env, append([]string{"list", "--id", fmt.Sprint(id), "--format", "ndjson"}, account...)...)
	got := ndjsonIDs(t, r.stdout)
	if r.code != 0 || len(got) != 1 || got[0] != id || !strings.Contains(r.stderr, "does not apply the filter id=") {
		t.Errorf("exit %d, ids %v, want [%d] and a warning:\n%s", r.code, got, id, r.stderr)
	}
}
