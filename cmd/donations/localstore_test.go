//go:build unix

package main

import (
	"database/sql"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/demo"
)

// The commands that only read answer from a store the user made read-only,
// and leave it so.
func TestReadOnlyStoreAnswersReadingCommands(t *testing.T) {
	t.Parallel()
	env, account, path := syncedHome(t, demo.Options{Count: 300})
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"list", "--offline", "--format", "ndjson"},
		{"summary", "--offline", "--by", "status", "--format", "csv"},
		{"cache", "info"},
	} {
		r := runCmd(t, env, append(args, account...)...)
		if r.code != 0 || r.stdout == "" {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
		}
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o400 {
		t.Errorf("the store is now %v", fi.Mode().Perm())
	}
}

// A store not as this program makes it stops every command that opens it,
// at once, with status 2 and the command that fixes it: a recursive view in
// place of the donations ran list --offline out of memory and summary and
// cache info until killed; a dropped donors table gave no hint.
func TestCraftedOrDamagedStoreNamesTheFix(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"a recursive view": {`DROP TABLE donations`,
			`CREATE VIEW donations AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS id FROM c`},
		"donors dropped": {`DROP TABLE donors`},
	}
	for name, stmts := range cases {
		t.Run(name, func(t *testing.T) {
			env, account, path := syncedHome(t, demo.Options{Count: 300})
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range stmts {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			db.Close()
			for _, args := range [][]string{
				{"list", "--offline", "--format", "ndjson"},
				{"summary", "--offline", "--by", "status"},
				{"cache", "info"},
			} {
				r := runCmd(t, env, append(args, account...)...)
				if r.code != 2 || !strings.Contains(r.stderr, "damaged") || !strings.Contains(r.stderr, "donations cache clear") {
					t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
				}
			}
			if r := runCmd(t, env, append([]string{"cache", "clear"}, account...)...); r.code != 0 {
				t.Fatalf("cache clear: %q", r.stderr)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("cache clear left the store: %v", err)
			}
		})
	}
}

// cache clear does not say "removed" over a symlink at the store's name,
// and leaves the file it points to alone.
func TestCacheClearRefusesASymlink(t *testing.T) {
	t.Parallel()
	env, account, path := syncedHome(t, demo.Options{Count: 300})
	if r := runCmd(t, env, append([]string{"cache", "clear"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	target := filepath.Join(t.TempDir(), "someone-else.db")
	if err := os.WriteFile(target, []byte("donor data"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	r := runCmd(t, env, append([]string{"cache", "clear"}, account...)...)
	if r.code != 2 || strings.Contains(r.stdout, "removed") || !strings.Contains(r.stderr, "is a symbolic link to "+target) {
		t.Errorf("exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "donor data" {
		t.Errorf("the target: %q, %v", b, err)
	}
	r = runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	if r.code != 2 || !strings.Contains(r.stderr, "is a symbolic link") {
		t.Errorf("cache info: exit %d, %q", r.code, r.stderr)
	}
}

// A store folder that another user made is refused, never written.
func TestStoreFolderOfAnotherUserIsRefused(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a folder to another user needs root")
	}
	shared := t.TempDir()
	dir := filepath.Join(shared, "donations")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o777)
	if err := os.Chown(dir, 12345, -1); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(demo.New(demo.Options{Count: 10}))
	t.Cleanup(hs.Close)
	env := map[string]string{"HOME": t.TempDir(), "XDG_CACHE_HOME": shared, "DONATIONS_API_KEY": demo.DefaultKey}
	r := runCmd(t, env, "sync", "--base-url", hs.URL, "--username", demo.DefaultLogin)
	if r.code != 2 || !strings.Contains(r.stderr, "belongs to another user (uid 12345)") {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("written into it: %v", files)
	}
}

// A relative XDG_CACHE_HOME is ignored, as the XDG spec says: the store
// goes under the home folder, not under the folder the command ran in.
func TestRelativeXDGCacheHomeIsIgnored(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CACHE_HOME": "relative-cache"}
	r := runCmd(t, env, "cache", "info", "--base-url", "https://h.example", "--username", "u")
	want := "path:        " + filepath.Join(home, ".cache", "donations") + string(filepath.Separator)
	if r.code != 0 || !strings.HasPrefix(r.stdout, want) {
		t.Errorf("exit %d, %q %q; want the store under %s", r.code, r.stdout, r.stderr, want)
	}
}
