package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api/demo"
)

// A first sync refused on its first page leaves a store that has never
// seen how long the list is: cache info says the total is not known,
// not that the account holds about none.
func TestCacheInfoBeforeAnyPageSaysTheTotalIsNotKnown(t *testing.T) {
	t.Parallel()
	srv := demo.New(demo.Options{Count: 50, Script: []int{400}})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 1 {
		t.Fatalf("sync refused on its first page: exit %d, %q", r.code, r.stderr)
	}
	r := runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "holds:       part of the account: 0 donations, of a total not known yet") ||
		strings.Contains(r.stdout, "≈0") {
		t.Fatalf("cache info before any page was read: exit %d, %q", r.code, r.stdout)
	}
}

// cache info of the demo says it keeps no store on disk, and names no flag
// the user did not give.
func TestCacheInfoOfTheDemoSaysItKeepsNoStore(t *testing.T) {
	t.Parallel()
	r := runCmd(t, map[string]string{"HOME": t.TempDir()}, "cache", "info", "--demo")
	if r.code != 2 || !strings.Contains(r.stderr, "--demo keeps no store on disk") || strings.Contains(r.stderr, "--offline") {
		t.Fatalf("cache info --demo: exit %d, %q", r.code, r.stderr)
	}
}
