package main

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api/demo"
)

// A first sync cut short holds the newest pages: `list --offline` answers
// the month before the newest gift as the server does, and says nothing;
// over the whole account, list and summary say on stderr what the store
// holds and what a sync would add.
func TestOfflineOverAFirstSyncCutShort(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	script := make([]int, 13) // the 13th request fails for good: the sync stops there
	script[12] = 400
	srv := demo.New(demo.Options{Count: 1234, Script: script})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	home := t.TempDir()
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}

	r := runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "sync stopped") {
		t.Fatalf("sync: exit %d, %q", r.code, r.stderr)
	}
	r = runCmd(t, env, append([]string{"list", "--offline", "--newest", "1", "--format", "ndjson"}, account...)...)
	var newest struct {
		DonationDate string `json:"donation_date"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &newest); err != nil {
		t.Fatalf("offline --newest 1: %q %q", r.stdout, r.stderr)
	}
	at, err := time.Parse(time.RFC3339Nano, newest.DonationDate)
	if err != nil {
		t.Fatal(err)
	}
	since := at.AddDate(0, -1, 0).Format("2006-01-02")
	offline := runCmd(t, env, append([]string{"list", "--offline", "--since", since, "--format", "ndjson"}, account...)...)
	online := runCmd(t, env, append([]string{"list", "--since", since, "--format", "ndjson"}, account...)...)
	if online.stdout == "" || offline.stdout != online.stdout || offline.stderr != "" {
		t.Fatalf("the month since %s offline (%d, %q) and from the server (%d)", since,
			len(ndjsonIDs(t, offline.stdout)), offline.stderr, len(ndjsonIDs(t, online.stdout)))
	}
	r = runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	held := ndjsonIDs(t, r.stdout)
	all := srv.Match(demo.Filter{})
	if r.code != 0 || len(held) >= len(all) || !slices.Equal(held, all[len(all)-len(held):]) ||
		!strings.Contains(r.stderr, "partial answer") || !strings.Contains(r.stderr, "run  donations sync "+strings.Join(account, " ")+"  to add") {
		t.Fatalf("offline over the whole account: exit %d, %d of %d held, %q", r.code, len(held), len(all), r.stderr)
	}
	r = runCmd(t, env, append([]string{"summary", "--offline", "--by", "status", "--format", "csv"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stderr, "partial answer") {
		t.Fatalf("summary offline over the whole account: exit %d, %q", r.code, r.stderr)
	}
	r = runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "holds:       part of the account: ") {
		t.Fatalf("cache info over a first sync cut short: %q", r.stdout)
	}
	if r = runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("the sync after: exit %d, %q", r.code, r.stderr)
	}
	r = runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	if got := ndjsonIDs(t, r.stdout); !slices.Equal(got, all) || r.stderr != "" {
		t.Fatalf("offline after the sync completed: %d of %d, %q", len(got), len(all), r.stderr)
	}
	r = runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "holds:       the whole account, as of ") {
		t.Fatalf("cache info after: %q", r.stdout)
	}
}
