package store

import (
	"context"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
)

// The search index built beside the writer and copied in is read at once
// by the Store that synced, on every connection, though each had read the
// empty index before (FTS5 keeps an index's structure per connection),
// finds what the index built in turn finds, and agrees with the
// donations (FTS5's own integrity check, against its content table).
func TestEndBesideSearchIndexIsReadAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := sharedEnd(t, hostileDrift())
	want := e.builtInTurn(t)
	s := deferredStore(t, e.list)
	readEmptyIndex(t, s)
	if err := s.Tidy(ctx, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Errorf("integrity check: %v", err)
	}
	found := 0
	for _, w := range searchedWords(e.list) {
		q := query.Query{Filter: query.Filter{Search: w}, Sort: "id"}
		got, wanted := foundRecords(t, s, q), foundRecords(t, want, q)
		if !slices.Equal(got, wanted) {
			t.Errorf("%q finds %d donations, built in turn %d", w, len(got), len(wanted))
		}
		found += len(got)
	}
	if found == 0 {
		t.Error("no search found anything")
	}
}

// readEmptyIndex reads the search index of s, empty while a first sync
// defers it, on as many connections as s keeps idle, one of which ends
// the sync.
func readEmptyIndex(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	for range 4 {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM donations_fts WHERE donations_fts MATCH 'ann'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("the deferred search index finds %d (%v)", n, err)
		}
	}
}

// searchedWords are names and e-mails of some of list, whole and in
// part, searched through the index.
func searchedWords(list []api.Donation) []string {
	var out []string
	for i := 0; i < len(list); i += len(list) / 10 {
		d := list[i]
		for _, w := range []string{d.FirstName.Value, d.LastName.Value, d.Email.Value} {
			if w = strings.TrimSpace(w); len(w) >= 4 {
				out = append(out, w, w[:4])
			}
		}
	}
	return out
}

// foundRecords are the records s finds for q, in order. Both stores the test
// compares hold the same list, each record once: the same records in the
// same order are the same donations.
func foundRecords(t *testing.T, s *Store, q query.Query) []string {
	t.Helper()
	var found []string
	err := s.Window(context.Background(), q, 0, -1, func(raw []byte) error {
		found = append(found, string(raw))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
