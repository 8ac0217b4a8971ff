package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// craft runs statements on a synced store's file, as someone who can write
// it would.
func craft(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// A store whose objects are not the ones this program makes is refused on
// open, naming what is wrong and the command to run, before any query reads
// it: a recursive view in place of the donations ran every command until it
// was killed, or out of memory.
func TestStoreNotAsMadeIsRefused(t *testing.T) {
	firstPassOnly(t, "the schema check's refusal of each object not as made, on open")
	srv := server(t, demo.Options{Count: 50})
	cases := []struct {
		name  string
		stmts []string
		says  string
	}{
		{"donations a recursive view", []string{
			`DROP TABLE donations`,
			`CREATE VIEW donations AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS id FROM c`,
		}, "donations is a view, not a table"},
		{"donors dropped", []string{`DROP TABLE donors`}, "table donors is missing"},
		// Only a first sync under way may lack it (it makes it at its end).
		{"an index dropped", []string{`DROP INDEX donations_name`}, "index donations_name is missing"},
		{"a trigger of someone else's", []string{
			`CREATE TRIGGER spy AFTER INSERT ON donations BEGIN DELETE FROM meta; END`,
		}, "trigger spy is not one this program makes"},
		{"a view of someone else's", []string{`CREATE VIEW v AS SELECT 1`}, "view v is not one this program makes"},
		{"an index changed", []string{
			`DROP INDEX donations_status`, `CREATE INDEX donations_status ON donations(status_key, id) WHERE id > 5`,
		}, "index donations_status is not as this program makes it"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, path := tempStore(t)
			sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
			s.Close()
			craft(t, path, tc.stmts...)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			s, err := store.Open(ctx, path)
			if err == nil {
				s.Close()
			}
			if !errors.Is(err, store.ErrCorrupt) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "donations cache clear") {
				t.Errorf("err = %v, want ErrCorrupt saying %q and naming donations cache clear", err, tc.says)
			}
		})
	}
}

// A store as this program makes it passes the check after a sync, an
// interrupted first sync, and a rebuild of its sums.
func TestStoreAsMadeIsAccepted(t *testing.T) {
	srv := server(t, demo.Options{Count: 700})
	path := filepath.Join(t.TempDir(), "main.db")
	s := open(t, path)
	ctx, cancel := context.WithCancel(context.Background())
	_, _ = dataset.Sync(ctx, s, client(t, srv.URL), dataset.SyncOptions{OnProgress: func(dataset.Progress) { cancel() }})
	s.Close()
	s = open(t, path)
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
	s.Close()
	sameAsServer(t, open(t, path), srv)
}
