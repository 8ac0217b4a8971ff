//go:build unix

package main

import (
	"database/sql"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/store"
)

// twoOrgs is one host serving two accounts at two paths, org-a with 250
// donations (three pages: a store of them keeps three requests) and org-b
// with 340, and the environment of a HOME with the demo's key.
func twoOrgs(t *testing.T) (env map[string]string, orgA, orgB string) {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/org-a/", http.StripPrefix("/org-a", demo.New(demo.Options{Count: 250, Seed: 1})))
	mux.Handle("/org-b/", http.StripPrefix("/org-b", demo.New(demo.Options{Count: 340, Seed: 2})))
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	return map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}, hs.URL + "/org-a", hs.URL + "/org-b"
}

func asUser(base string, args ...string) []string {
	return append(args, "--base-url", base, "--username", demo.DefaultLogin)
}

// offlineCount is how many donations list --offline gives for the account.
func offlineCount(t *testing.T, env map[string]string, args ...string) (int, result) {
	t.Helper()
	r := runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, args...)...)
	return len(ndjsonIDs(t, r.stdout)), r
}

// Two accounts at two paths of one host keep a store each: org-a's list
// --offline shows org-a's donations only.
func TestStoresArePerBaseURLPath(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks which file holds each account's store, on one goroutine; the sync and list --offline it runs are raced in TestSyncThenOfflineThenClear")
	env, a, b := twoOrgs(t)
	for _, base := range []string{a, b} {
		if r := runCmd(t, env, asUser(base, "sync")...); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	for base, want := range map[string]int{a: 250, b: 340} {
		if n, r := offlineCount(t, env, asUser(base)...); n != want {
			t.Errorf("%s: %d donations offline, want %d (%s)", base, n, want, r.stderr)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(env["HOME"], ".cache", "donations", "*.db")); len(files) != 2 {
		t.Errorf("stores: %v", files)
	}
}

// A store an earlier version kept under the old name (the profile's, or
// user@host whatever the path) moves to the account's name when every
// donation in it came from that account; one that mixes accounts, or whose
// donations' requests are not known, is handed to no one and left as it is.
func TestOldStoreIsCarriedOnlyWhenItIsTheAccounts(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks which old store file is moved and which is left as it was, on one goroutine; the sync and list --offline it runs are raced in TestSyncThenOfflineThenClear")
	synced, a, b := twoOrgs(t)
	if r := runCmd(t, synced, asUser(a, "sync")...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, tc := range []struct {
		name    string
		profile bool
		craft   string // SQL run on the old store
		carried bool
	}{
		{"org-a's own, named user@host", false, "", true},
		{"org-a's own, named after its profile", true, "", true},
		{"shared with org-b", false, `UPDATE exchanges SET url = replace(url, '/org-a/', '/org-b/') WHERE id = (SELECT min(id) FROM exchanges)`, false},
		{"shared with another user", false, `UPDATE exchanges SET user = 'someone@example.org' WHERE id = (SELECT max(id) FROM exchanges)`, false},
		{"donations from before requests were kept", false, `DELETE FROM exchange_of WHERE id = (SELECT min(id) FROM exchange_of)`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each case's HOME is a copy of org-a's one sync: the store
			// a sync writes is the account's, named so however the
			// account was given.
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
			if err := copyTree(env["HOME"], synced["HOME"]); err != nil {
				t.Fatal(err)
			}
			account := asUser(a)
			if tc.profile {
				writeProfile(t, env["HOME"], a)
				account = nil
			}
			dir := filepath.Join(env["HOME"], ".cache", "donations")
			path := store.File(dir, a, demo.DefaultLogin)
			profile := map[bool]string{true: "main"}[tc.profile]
			old := store.LegacyFile(dir, profile, demo.DefaultLogin, a)
			if err := os.Rename(path, old); err != nil {
				t.Fatal(err)
			}
			craft(t, old, tc.craft)
			before, _ := os.ReadFile(old)
			n, r := offlineCount(t, env, account...)
			if tc.carried {
				if n != 250 || !strings.Contains(r.stderr, "moved to "+path) || exists(old) || !exists(path) {
					t.Errorf("not carried: %d donations, %q", n, r.stderr)
				}
				return
			}
			if r.code != 2 || !strings.Contains(r.stderr, "never synced") || exists(path) {
				t.Errorf("carried: exit %d, %d donations, %q", r.code, n, r.stderr)
			}
			if n, _ := offlineCount(t, env, asUser(b)...); n != 0 {
				t.Errorf("org-b was handed the old store: %d donations", n)
			}
			if after, _ := os.ReadFile(old); string(after) != string(before) {
				t.Error("the old store was changed")
			}
		})
	}
}

func writeProfile(t *testing.T, home, base string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "donations")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	toml := "default_profile = \"main\"\n[profiles.main]\nbase_url = \"" + base + "\"\nusername = \"" + demo.DefaultLogin + "\"\n"
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
}

func craft(t *testing.T, path, query string) {
	t.Helper()
	if query == "" {
		return
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
