package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// sync, list --offline and cache, end to end against the demo over HTTP.
func TestSyncThenOfflineThenClear(t *testing.T) {
	t.Parallel()
	// What is read, kept and cleared is the same at any size: the race pass
	// syncs fewer gifts, over several pages still, through the same goroutines.
	count := apitest.Sized(1234, 300)
	srv := demo.New(demo.Options{Count: count})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	home := t.TempDir()
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}

	r := runCmd(t, env, append([]string{"list", "--offline"}, account...)...)
	if r.code != 2 || !strings.Contains(r.stderr, "never synced") || !strings.Contains(r.stderr, "donations sync") {
		t.Fatalf("offline before a sync: exit %d, %q", r.code, r.stderr)
	}
	r = runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("synced: %d new, 0 updated, 0 removed", count)) {
		t.Fatalf("sync: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if r.stderr != "" {
		t.Errorf("stderr is not a terminal, yet the sync wrote %q on it", r.stderr)
	}
	srv.Add(5)
	before := srv.Requests()
	r = runCmd(t, env, append([]string{"sync", "--window", "0"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "synced: 5 new") || srv.Requests()-before > 3 {
		t.Fatalf("second sync: exit %d, %q, %d requests", r.code, r.stdout, srv.Requests()-before)
	}

	// Offline needs no key and sends nothing.
	noKey := map[string]string{"HOME": home}
	before = srv.Requests()
	r = runCmd(t, noKey, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	if r.code != 0 || srv.Requests() != before {
		t.Fatalf("offline: exit %d, %d requests, %s", r.code, srv.Requests()-before, r.stderr)
	}
	if got := ndjsonIDs(t, r.stdout); !slices.Equal(got, srv.Match(demo.Filter{})) {
		t.Errorf("offline list: %d donations, not the server's %d in order", len(got), len(srv.Match(demo.Filter{})))
	}
	online := runCmd(t, env, append([]string{"list", "--format", "ndjson", "--email", "ada.lovelace@example.org"}, account...)...)
	offline := runCmd(t, noKey, append([]string{"list", "--offline", "--format", "ndjson", "--email", "ADA.lovelace@example.org"}, account...)...)
	if online.stdout == "" || offline.stdout != online.stdout {
		t.Errorf("offline --email differs from the server's answer:\n%s\nvs\n%s", offline.stdout, online.stdout)
	}
	r = runCmd(t, noKey, append([]string{"list", "--offline", "--newest", "2", "--format", "ndjson"}, account...)...)
	all := srv.Match(demo.Filter{})
	if got := ndjsonIDs(t, r.stdout); !slices.Equal(got, []int64{all[len(all)-1], all[len(all)-2]}) {
		t.Errorf("offline --newest 2: %v", got)
	}

	r = runCmd(t, noKey, append([]string{"cache", "info"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("donations:   %d", count+5)) || !strings.Contains(r.stdout, filepath.Join(home, ".cache", "donations")) {
		t.Errorf("cache info: %q %q", r.stdout, r.stderr)
	}
	r = runCmd(t, noKey, append([]string{"cache", "clear"}, account...)...)
	files, _ := filepath.Glob(filepath.Join(home, ".cache", "donations", "*"))
	if r.code != 0 || len(files) != 0 {
		t.Errorf("cache clear: exit %d, left %v", r.code, files)
	}
}

// --no-cache and cache = false keep donor data off the disk.
func TestNoCacheWritesNothing(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(demo.New(demo.Options{Count: 300}))
	t.Cleanup(hs.Close)
	home := t.TempDir()
	cfg := filepath.Join(home, "config.toml")
	os.WriteFile(cfg, []byte("[profiles.main]\nbase_url = \""+hs.URL+"\"\nusername = \""+demo.DefaultLogin+"\"\ncache = false\n"), 0o600)
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	for _, args := range [][]string{
		{"sync", "--no-cache", "--base-url", hs.URL, "--username", demo.DefaultLogin},
		{"sync", "--config", cfg},
	} {
		r := runCmd(t, env, args...)
		if r.code != 0 || !strings.Contains(r.stderr, "kept in memory") {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".cache")); !os.IsNotExist(err) {
		t.Errorf("something was written under ~/.cache: %v", err)
	}
}

func TestBadStoreFileExitsTwoNamingTheFix(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(demo.New(demo.Options{Count: 200}))
	t.Cleanup(hs.Close)
	home := t.TempDir()
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(home, ".cache", "donations", "*.db"))
	for _, f := range files {
		os.WriteFile(f, []byte(strings.Repeat("garbage ", 1000)), 0o600)
		os.Remove(f + "-wal")
		os.Remove(f + "-shm")
	}
	for _, cmd := range []string{"sync", "list"} {
		args := append([]string{cmd}, account...)
		if cmd == "list" {
			args = append(args, "--offline")
		}
		r := runCmd(t, env, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "donations cache clear") {
			t.Errorf("%s on a garbage store: exit %d, %q", cmd, r.code, r.stderr)
		}
	}
}

func TestCSVByteOrderMarkOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	with := runCmd(t, nil, "list", "--demo", "--demo-count", "3", "--format", "csv", "--csv-bom")
	without := runCmd(t, nil, "list", "--demo", "--demo-count", "3", "--format", "csv")
	if with.code != 0 || !strings.HasPrefix(with.stdout, "\ufeffid,") || strings.HasPrefix(without.stdout, "\ufeff") {
		t.Errorf("--csv-bom: %q…; without: %q…", with.stdout[:min(10, len(with.stdout))], without.stdout[:min(10, len(without.stdout))])
	}
}

// csv_bom = true in a profile is the default --csv-bom for that account.
func TestProfileCSVByteOrderMark(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(demo.New(demo.Options{Count: 3}))
	t.Cleanup(hs.Close)
	home := t.TempDir()
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	for _, bom := range []bool{true, false} {
		cfg := filepath.Join(home, "config.toml")
		os.WriteFile(cfg, []byte("[profiles.main]\nbase_url = \""+hs.URL+"\"\nusername = \""+demo.DefaultLogin+"\"\ncsv_bom = "+strconv.FormatBool(bom)+"\n"), 0o600)
		r := runCmd(t, env, "list", "--config", cfg, "--no-cache", "--format", "csv")
		if r.code != 0 || strings.HasPrefix(r.stdout, "\ufeffid,") != bom || strings.Count(r.stdout, "\ufeff") > 1 {
			t.Errorf("csv_bom = %v: exit %d, %q… %s", bom, r.code, r.stdout[:min(10, len(r.stdout))], r.stderr)
		}
	}
}
