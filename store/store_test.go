package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

func TestFilesArePrivate(t *testing.T) {
	_, path, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %o", filepath.Base(p), fi.Mode().Perm())
		}
	}
	if fi, _ := os.Stat(filepath.Dir(path)); fi.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %o", fi.Mode().Perm())
	}
	raw, _ := os.ReadFile(path)
	if strings.Contains(string(raw), demo.DefaultKey) {
		t.Error("the store holds the API key")
	}
}

func TestBadStoreFilesSayWhatToRun(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(t *testing.T, path string)
		want  error
	}{
		{"garbage", func(t *testing.T, path string) {
			os.Remove(path + "-wal")
			os.Remove(path + "-shm")
			os.WriteFile(path, []byte(strings.Repeat("not a database ", 500)), 0o600)
		}, store.ErrCorrupt},
		{"newer schema", func(t *testing.T, path string) { setVersion(t, path, 99) }, store.ErrNewer},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, path, _, _ := syncedFile(t, demo.Options{Count: 150}, dataset.SyncOptions{})
			s.Close()
			tc.spoil(t, path)
			_, err := store.Open(context.Background(), path)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "donations cache clear") {
				t.Errorf("err = %v, want %v naming donations cache clear", err, tc.want)
			}
		})
	}
}

// A store from an older schema is a cache to rebuild, not an error.
func TestOlderSchemaIsRebuilt(t *testing.T) {
	firstPassOnly(t, "a store of a schema too old to rebuild is made anew empty and synced again")
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 150}, dataset.SyncOptions{})
	s.Close()
	setVersion(t, path, 0)
	s = open(t, path)
	if n, err := s.Count(context.Background(), query.Query{}); err != nil || n != 0 {
		t.Fatalf("after a schema change: %d donations, %v", n, err)
	}
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
	sameAsServer(t, s, srv)
}

func setVersion(t *testing.T, path string, v int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		t.Fatal(err)
	}
}

func TestReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		// root writes anywhere; a folder it cannot write is made another way.
		path := filepath.Join("/proc", "donations-store", "main.db")
		_, err := store.Open(context.Background(), path)
		if err == nil || !strings.Contains(err.Error(), "local store") {
			t.Errorf("err = %v", err)
		}
		return
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o500)
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	_, err := store.Open(context.Background(), filepath.Join(dir, "cache", "main.db"))
	if err == nil || !strings.Contains(err.Error(), "local store") {
		t.Errorf("err = %v", err)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Zoë Lefèvre": "zoe lefevre", "SÖßKE Weiß": "soßke weiß", "José": "jose", "ÉCOLE": "ecole",
		"Łukasz": "łukasz", "Anna Смирнов": "anna смирнов", "": "",
	} {
		if got := store.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
