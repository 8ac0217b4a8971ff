package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// records are every stored record, in id order, as the store gives them.
func records(t testing.TB, s *store.Store) [][]byte {
	t.Helper()
	var out [][]byte
	if err := s.Window(context.Background(), query.Query{Sort: "id"}, 0, -1, func(raw []byte) error {
		out = append(out, raw)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// packed is how many records the file holds under each dictionary, and
// the bytes they take there.
func packed(t testing.TB, path string) (byDict map[int64]int, size int64) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT dict, count(*), sum(length(raw)) FROM records GROUP BY dict`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	byDict = map[int64]int{}
	for rows.Next() {
		var dict, n, bytes int64
		if err := rows.Scan(&dict, &n, &bytes); err != nil {
			t.Fatal(err)
		}
		byDict[dict], size = int(n), size+bytes
	}
	return byDict, size
}

// A store on disk keeps its records compressed, and gives back the very
// bytes the server sent.
func TestRecordsAreCompressedAndExact(t *testing.T) {
	t.Parallel()
	skipShort(t)
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 1500, Drift: true, Hostile: true}, dataset.SyncOptions{})
	got, want := records(t, s), sent(t, srv)
	var raw int64
	for i := range want {
		raw += int64(len(want[i]))
		if i >= len(got) || !bytes.Equal(got[i], want[i]) {
			t.Fatalf("record %d differs from what the server sent", i)
		}
	}
	if len(got) != len(want) || len(got) != 1500 {
		t.Fatalf("%d records on disk, %d sent, want 1500", len(got), len(want))
	}
	byDict, size := packed(t, path)
	if byDict[1] != 1500 {
		t.Errorf("records by dictionary %v, want all 1500 compressed with dictionary 1", byDict)
	}
	if size*3 > raw {
		t.Errorf("records take %d bytes compressed of %d, want under a third", size, raw)
	}
	// Read again unchanged, nothing counts as updated; a record changed on
	// the server is, and is stored as it now is.
	if r := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Full: true}); r.Updated != 0 || r.New != 0 {
		t.Errorf("a full sync of unchanged records: %d new, %d updated, want none", r.New, r.Updated)
	}
	id := srv.Match(demo.Filter{})[700]
	srv.SetStatus(id, "refunded")
	if r := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Full: true}); r.Updated != 1 {
		t.Errorf("a full sync after one refund: %d updated, want 1", r.Updated)
	}
	if got, want := records(t, s), sent(t, srv); !bytes.Equal(got[700], want[700]) || !bytes.Contains(got[700], []byte("refunded")) {
		t.Errorf("the refunded record reads %s", got[700])
	}
}

// Until a store holds enough records to make a dictionary of, they are
// kept as sent; the sync that brings enough compresses them all.
func TestFirstRecordsCompressedOnceThereAreEnough(t *testing.T) {
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 30}, dataset.SyncOptions{})
	first := records(t, s)
	if byDict, _ := packed(t, path); byDict[0] != 30 {
		t.Fatalf("records by dictionary %v, want 30 kept as sent", byDict)
	}
	srv.Add(400)
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
	if byDict, _ := packed(t, path); byDict[1] != 430 {
		t.Fatalf("records by dictionary %v, want all 430 compressed", byDict)
	}
	for i, r := range records(t, s)[:30] {
		if !bytes.Equal(r, first[i]) {
			t.Fatalf("record %d changed when it was compressed", i)
		}
	}
}

// A dictionary removed or changed, or a record's bytes spoiled, is a
// damaged store: reading it says so and what to run, and panics nowhere.
func TestDamagedRecordsSayWhatToRun(t *testing.T) {
	srv := server(t, demo.Options{Count: 300})
	synced, clean := tempStore(t)
	sync(t, synced, client(t, srv.URL), dataset.SyncOptions{})
	synced.Close()
	for _, tc := range []struct {
		name, spoil, says string
	}{
		{"dictionary missing", `DELETE FROM records_dict`, "dictionary 1 is missing"},
		{"dictionary changed", `UPDATE records_dict SET bytes = substr(bytes, 2) || x'00'`, "dictionary 1 is damaged"},
		{"record spoiled", `UPDATE records SET raw = x'0123456789' WHERE id = (SELECT max(id) FROM records)`, "record"},
		{"record cut short", `UPDATE records SET raw = substr(raw, 1, 20)`, "record"},
		// An S2 block begins with the length of what it holds: one that
		// says 4 GB is refused before that much is taken.
		{"record's length spoiled", `UPDATE records SET raw = x'ffffffff0f' || substr(raw, 2) WHERE id = (SELECT max(id) FROM records)`, "more than a page may hold"},
		{"dictionary of an unknown codec", `UPDATE records_dict SET codec = 'lz5'`, `unknown codec "lz5"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := copied(t, clean)
			craft(t, path, tc.spoil)
			s := open(t, path)
			err := s.Window(context.Background(), query.Query{Desc: true}, 0, 100, func([]byte) error { return nil })
			if !errors.Is(err, store.ErrCorrupt) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "donations cache clear") {
				t.Errorf("err = %v, want ErrCorrupt saying %q and naming donations cache clear", err, tc.says)
			}
			if _, err := dataset.Sync(context.Background(), s, client(t, srv.URL), dataset.SyncOptions{Full: true}); !errors.Is(err, store.ErrCorrupt) {
				t.Errorf("a sync over the damaged records: %v, want ErrCorrupt", err)
			}
		})
	}
}
