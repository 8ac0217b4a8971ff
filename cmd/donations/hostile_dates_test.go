package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"donations/api/demo"
)

// A date filter that answers [from+8h, to+8h) costs list and summary none
// of February's gifts (more than a page of them): they give what a server
// with a true filter gives.
func TestShiftedDateFilterLosesNoGift(t *testing.T) {
	t.Parallel()
	srv := demo.New(demo.Options{DateFilter: true})
	honest := httptest.NewServer(srv)
	defer honest.Close()
	shifted := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		for _, k := range []string{"date_from", "date_to"} {
			if at, err := time.Parse(time.RFC3339Nano, q.Get(k)); err == nil {
				q.Set(k, at.Add(8*time.Hour).Format(time.RFC3339Nano))
			}
		}
		r.URL.RawQuery = q.Encode()
		srv.ServeHTTP(w, r)
	}))
	defer shifted.Close()
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
	feb := []string{"--since", "2026-02-01", "--until", "2026-02-28", "--username", demo.DefaultLogin, "--no-cache"}
	counts := func(url string) (listed, summed int) {
		r := runCmd(t, env, append([]string{"list", "--format", "ndjson", "--base-url", url}, feb...)...)
		if r.code != 0 {
			t.Fatalf("list: exit %d\n%s", r.code, r.stderr)
		}
		s := runCmd(t, env, append([]string{"summary", "--by", "status", "--format", "json", "--base-url", url}, feb...)...)
		if s.code != 0 {
			t.Fatalf("summary: exit %d\n%s", s.code, s.stderr)
		}
		return len(ndjsonIDs(t, r.stdout)), summaryCount(t, s.stdout)
	}
	wantList, wantSum := counts(honest.URL)
	gotList, gotSum := counts(shifted.URL)
	if wantList <= 100 || gotList != wantList || gotSum != wantSum {
		t.Errorf("list %d and summary %d of February's %d (summary %d)", gotList, gotSum, wantList, wantSum)
	}
}
